package loomlab.lab.load.locust;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import loomlab.core.BadInput;
import loomlab.core.arm.HttpMeasurement;
import loomlab.core.arm.WeightedRequest;
import loomlab.core.bound.Pause;
import loomlab.lab.load.Capability;
import loomlab.lab.load.ClosedModelEngine;
import loomlab.lab.load.Engine;
import loomlab.lab.load.Engines;
import loomlab.lab.load.LabLoadEngine;
import loomlab.lab.load.LoadEngine;
import loomlab.lab.load.OwnInstall;
import loomlab.lab.load.UrlLoad;
import loomlab.lab.load.WorkerPlacement;
import loomlab.lab.process.Folders;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.load.DurationText;
import loomlab.load.LoadGenerator;
import loomlab.load.LoadListener;
import loomlab.load.LoadSpec;

/**
 * Locust's master and workers as an engine, one among the others: installed by the lab into its own
 * folder on first use, its workers where {@code --workers} and the options beside it put them (one
 * local worker by default). It measures a run's arms ({@link LocustEngine}), an assessment's curve
 * ({@link LocustClosedModel}) and a URL on its own; warm-ups are the lab's generator's.
 */
public final class Locust implements Engine {
    private final LocustInstall install;
    private final LocustWorkers workers;

    public Locust(LocustInstall install, LocustWorkers workers) {
        this.install = install;
        this.workers = workers;
    }

    /** Locust installed under {@code labHome}, with one local worker. */
    public static Locust engine(Path labHome) {
        return new Locust(new LocustInstall(labHome), LocustWorkers.local(1));
    }

    /** The same Locust with its workers elsewhere. */
    public Locust with(LocustWorkers placed) {
        return new Locust(install, placed);
    }

    public LocustWorkers workers() {
        return workers;
    }

    @Override
    public String label() {
        return LocustEngine.NAME;
    }

    @Override
    public Set<Capability> capabilities() {
        return EnumSet.of(Capability.PATH_MIX, Capability.STANDALONE, Capability.DISTRIBUTED);
    }

    @Override
    public Map<String, String> helpFacts() {
        return Map.of("master-port", "default " + LocustWorkers.DEFAULT_PORT + " with other hosts, a free one otherwise",
                "worker-needs", "python3 with locust==" + LocustInstall.VERSION);
    }

    /** Locust installs into a virtual environment of the lab's own, which takes python3 with venv and pip. */
    @Override
    public Engine requireInstalled(String path) {
        if (Engines.onPath("python3", path).isEmpty()) {
            throw new BadInput("--engine locust needs python3 with venv and pip to install Locust "
                    + LocustInstall.VERSION + ": install them with 'apt-get install python3 python3-venv python3-pip'"
                    + " (Debian, Ubuntu) or use --engine lab");
        }
        return this;
    }

    @Override
    public Optional<OwnInstall> ownInstall() {
        return Optional.of(install);
    }

    @Override
    public Engine placed(WorkerPlacement placement) {
        return with(LocustWorkers.parse(placement.local(), placement.hosts(), placement.external() == null ? 0
                : placement.external(), placement.masterAddress(), placement.masterPort(), placement.workerCommand()));
    }

    /** Its files beside the arm's other files, named like them: {@code arms/<experiment>-<arm>[-run<N>]-locust/}. */
    @Override
    public LoadEngine create(PrintStream console, boolean live, ProcessSupervisor processes, Path histogramLog,
                             Path toolDir) {
        Path runDir = histogramLog == null ? toolDir.resolve("locust") : histogramLog.resolveSibling(
                histogramLog.getFileName().toString().replaceFirst("\\.[^.]*$", "") + "-locust");
        return new LocustEngine(new LabLoadEngine(console, live), install, workers, processes, runDir, console);
    }

    /** Where workers on other hosts reach this machine; null when every worker runs here. */
    @Override
    public String serverAddress() {
        return workers.remote().isEmpty() && workers.external() == 0 ? null : workers.masterAddress();
    }

    @Override
    public String description() {
        return label() + " " + LocustInstall.VERSION + " (measured arms; warm-ups by " + LabLoadEngine.NAME + "), "
                + workers.count() + " worker(s): " + workers.describe();
    }

    @Override
    public ClosedModelEngine closedModel(Path dir, PrintStream console, ProcessSupervisor processes) {
        return new LocustClosedModel(install, workers, processes, dir, console);
    }

    @Override
    public void refuse(UrlLoad load) {
        if (!load.keepAlive() || load.ioThreads() != 1) {
            throw new BadInput((!load.keepAlive() ? "--no-keepalive" : "--threads") + " is an option of the lab's"
                    + " generator; Locust's FastHttpUser keeps its connections alive (use --engine lab)");
        }
    }

    /**
     * Locust's master and workers load the URL as closed-model users; the lab's generator warms up
     * first when asked. The run's files go to a folder of their own, removed once read (kept when the
     * run failed, since the failure names the logs in it).
     */
    @Override
    public void load(UrlLoad load, UrlLoad.Output output) throws InterruptedException, IOException {
        long warmupRequests = 0;
        if (!load.warmup().isZero()) {
            warmupRequests = LoadGenerator.run(LoadSpec.builder(load.url()).connections(load.users())
                    .duration(load.warmup()).timeout(load.timeout()).build(), LoadListener.NONE).requests();
        }
        Duration measured = load.requests() == null ? load.duration() : null;
        Pause pause = load.think() == null ? Pause.NONE : Pause.fixed(load.think());
        LocustArm arm = new LocustArm("load", LocustArm.hostOf(load.url()),
                List.of(WeightedRequest.get(LocustArm.pathOf(load.url()))), load.users(),
                load.requests() == null ? 0 : load.requests(), measured, pause, load.timeout());
        Path work = Files.createTempDirectory(output.temporaryFolder(), "loomlab-load-locust-");
        LocustRun run = new LocustRun(install, workers, output.processes(), work, output.progress());
        Duration countLimit = Duration.ofMinutes(10).plus(load.timeout().multipliedBy(Math.max(1, arm.requests()
                / Math.max(1, load.users()))));
        HttpMeasurement result = LocustEngine.measurement(run.run(arm, countLimit, LocustRun.Window.NONE), arm,
                workers, warmupRequests);
        Folders.deleteQuietly(work);
        output.out().print(load.json() ? LocustReport.json(result, new LocustReport.Settings(load.url().toString(),
                "closed", load.users(), load.requests(), measured == null ? null : DurationText.format(measured),
                load.think() == null ? null : load.think().toMillis() / 1000.0, DurationText.format(load.warmup()),
                DurationText.format(load.timeout()))) : LocustReport.table(result, load.url().toString()));
        output.out().flush();
        output.err().flush();
    }
}
