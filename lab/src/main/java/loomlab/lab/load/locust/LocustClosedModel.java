package loomlab.lab.load.locust;

import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import loomlab.core.arm.WeightedRequest;
import loomlab.core.assess.CurvePoint;
import loomlab.core.bound.Pause;
import loomlab.lab.load.ClosedModelEngine;
import loomlab.lab.load.LabClosedModel;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.watch.Watchdog;
import loomlab.load.LoadGenerator;
import loomlab.load.LoadListener;
import loomlab.load.LoadSpec;
import loomlab.load.Request;
import loomlab.load.RequestMix;
import loomlab.load.StopWhen;

/**
 * The closed-model curve measured by Locust's master and workers ({@code --engine locust}): the
 * lab's generator warms the service up, as for every engine, then Locust's users load the mix for
 * the step. Latency counts from the actual send, in the percentiles Locust approximates. Each step
 * keeps its Locust files in a folder of its own under {@code dir}.
 */
final class LocustClosedModel implements ClosedModelEngine {
    private final LocustInstall install;
    private final LocustWorkers workers;
    private final ProcessSupervisor processes;
    private final Path dir;
    private final PrintStream console;
    private int steps;

    LocustClosedModel(LocustInstall install, LocustWorkers workers, ProcessSupervisor processes, Path dir,
                             PrintStream console) {
        this.install = install;
        this.workers = workers;
        this.processes = processes;
        this.dir = dir;
        this.console = console;
    }

    @Override
    public String name() {
        return "locust";
    }

    @Override
    public CurvePoint measure(URI base, RequestMix paths, int users, Duration warmup, Duration length,
                              LoadListener progress, Watchdog watch) throws InterruptedException {
        if (!warmup.isZero()) {
            LoadGenerator.run(LoadSpec.builder(base).paths(paths).connections(users).duration(warmup)
                    .timeout(LabClosedModel.TIMEOUT).build(), watch, StopWhen.NEVER, watch);
            if (watch.hung()) {
                return CurvePoint.of(users, 0, 0, null, null, 0);
            }
        }
        LocustArm arm = new LocustArm("curve, " + users + " users", host(base), weighted(paths), users, 0, length,
                Pause.NONE, LabClosedModel.TIMEOUT);
        steps++;
        Path stepDir = dir.resolve(String.format(Locale.ROOT, "step%02d-%du", steps, users));
        LocustStatistics figures = new LocustRun(install, workers, processes, stepDir, console)
                .run(arm, length.plusMinutes(2), LocustRun.Window.NONE);
        return CurvePoint.of(users, figures.responses() - figures.errors().status(), figures.elapsedS(),
                figures.latency().p50(), figures.latency().p99(), figures.errors().total());
    }

    /** Where Locust's workers reach the service: this machine's address when workers run elsewhere. */
    private URI host(URI base) {
        String address = workers.remote().isEmpty() && workers.external() == 0 ? base.getHost() : workers.masterAddress();
        return URI.create(base.getScheme() + "://" + address + ":" + base.getPort());
    }

    private static List<WeightedRequest> weighted(RequestMix paths) {
        List<WeightedRequest> mix = new ArrayList<>();
        for (int i = 0; i < paths.size(); i++) {
            Request request = paths.requests().get(i);
            mix.add(new WeightedRequest(request.method(), request.target(), request.headers().stream()
                    .map(h -> new WeightedRequest.Header(h.name(), h.value())).toList(), request.body(),
                    paths.weights().get(i)));
        }
        return mix;
    }
}
