package loomlab.lab.load.locust;

import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import loomlab.core.arm.DistributedLoad;
import loomlab.core.arm.DistributedLoad.WorkerLoad;
import loomlab.core.arm.GeneratorUsage;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpMeasurement;
import loomlab.core.arm.LoadModel;
import loomlab.core.bound.Pause;
import loomlab.lab.load.ArmLimits;
import loomlab.lab.load.ExternalEngine;
import loomlab.lab.load.LabLoadEngine;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.watch.Watchdog;

/**
 * Locust's master and workers as the engine of an HTTP arm: the lab's generator warms the server
 * up as for any arm, then a Locust run measures, and its statistics become the arm's figures with
 * {@code engine: "locust"}, the number of workers and each worker's own count.
 */
final class LocustEngine extends ExternalEngine {
    public static final String NAME = "locust";
    /** Worker processes at or above this share of a core may be measuring themselves (Locust warns at 90 %). */
    static final double SATURATED = 0.9;

    private final LocustRun run;
    private final LocustWorkers workers;

    /** @param runDir where the arm's Locust files go (see {@link LocustRun}) */
    public LocustEngine(LabLoadEngine warmUps, LocustInstall install, LocustWorkers workers,
                        ProcessSupervisor processes, Path runDir, PrintStream console) {
        this(warmUps, new LocustRun(install, workers, processes, runDir, console), workers);
    }

    LocustEngine(LabLoadEngine warmUps, LocustRun run, LocustWorkers workers) {
        super(warmUps);
        this.run = run;
        this.workers = workers;
    }

    @Override
    public HttpMeasurement measure(HttpArmPlan plan, URI target, long serverPid, long warmupRequests,
                                   LabLoadEngine.ServerUsageProbe usage, Watchdog watch)
            throws InterruptedException {
        LocustArm arm = LocustArm.of(plan, target, LabLoadEngine.REQUEST_TIMEOUT);
        LocustStatistics figures = run.run(arm, ArmLimits.forTool(plan), new LocustRun.Window() {
            @Override
            public void starts() {
                usage.beforeLoad();
                usage.windowOpens();
            }

            @Override
            public void ended() {
                usage.windowCloses();
                usage.afterLoad(0);
            }
        });
        return measurement(figures, arm, workers, warmupRequests);
    }

    /**
     * Locust's figures in the lab's terms: whole responses over the longest worker's time from the
     * start signal; latency from each actual send (closed model), as Locust approximates it.
     */
    public static HttpMeasurement measurement(LocustStatistics figures, LocustArm arm, LocustWorkers workers,
                                              long warmupRequests) {
        long responses = figures.responses();
        return new HttpMeasurement(responses, figures.elapsedS(), responses / figures.elapsedS(), figures.latency(),
                figures.latency(), figures.errors(), warmupRequests, 0, usage(figures), List.of(), NAME,
                LoadModel.CLOSED, new DistributedLoad(Math.max(1, figures.workers().size()), figures.workers(),
                note(arm, workers)));
    }

    /**
     * The CPU of every Locust process over its own measured window, as each read it from its OS
     * counters: {@code cpuS} all of them, {@code processCpuS} those on this machine (the master
     * and local workers, whose CPU competes with the server's), and the busiest one's share of a
     * core (a Locust process runs on one).
     */
    static GeneratorUsage usage(LocustStatistics figures) {
        Double master = figures.masterCpuS();
        double all = master == null ? 0 : master;
        double here = all;
        double busiest = 0;
        boolean known = master != null;
        for (WorkerLoad worker : figures.workers()) {
            if (worker.cpuS() == null) {
                continue;
            }
            known = true;
            all += worker.cpuS();
            if (worker.local()) {
                here += worker.cpuS();
            }
            if (worker.elapsedS() != null && worker.elapsedS() > 0) {
                busiest = Math.max(busiest, worker.cpuS() / worker.elapsedS());
            }
        }
        if (!known) {
            return GeneratorUsage.UNKNOWN;
        }
        return new GeneratorUsage(all, busiest, busiest >= SATURATED, here);
    }

    /** What differs from the lab's generator, for results.json and the console. */
    static String note(LocustArm arm, LocustWorkers workers) {
        StringBuilder note = new StringBuilder("Locust " + LocustInstall.VERSION + " (FastHttpUser), "
                + workers.count() + " worker(s): " + workers.describe() + ". Percentiles are Locust's, approximated"
                + " from response times it rounds (to 1 ms below 100 ms, 10 ms below 1 s, 100 ms above); mean and max are"
                + " exact. Closed model: latency from the actual send. Users start together on the master's signal"
                + " once all are spawned");
        if (arm.countsRequests()) {
            note.append("; each worker stops after its share of the ").append(arm.requests())
                    .append(" requests, in proportion to its users (Locust has no stop after a count)");
        }
        Pause pause = arm.pause();
        if (!pause.isNone()) {
            note.append(pause.model() == Pause.Model.FIXED_AFTER_ANSWER
                    ? "; each user pauses " + pause.seconds() + " s after every answer (constant wait time)"
                    : "; each user waits a random 0 to " + pause.seconds() + " s before every request");
        }
        return note.append('.').toString();
    }
}
