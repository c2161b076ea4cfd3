package loomlab.lab.load;

import java.net.URI;
import java.time.Duration;
import loomlab.core.assess.CurvePoint;
import loomlab.lab.watch.Watchdog;
import loomlab.load.LoadGenerator;
import loomlab.load.LoadListener;
import loomlab.load.LoadResult;
import loomlab.load.LoadSpec;
import loomlab.load.RequestMix;
import loomlab.load.StopWhen;

/** The closed-model curve measured by the lab's own generator; latency from the actual send. */
public final class LabClosedModel implements ClosedModelEngine {
    /** Long enough for any honest answer; a request that takes longer is an error. */
    public static final Duration TIMEOUT = Duration.ofSeconds(30);

    @Override
    public String name() {
        return "lab";
    }

    @Override
    public CurvePoint measure(URI base, RequestMix paths, int users, Duration warmup, Duration length,
                              LoadListener progress, Watchdog watch) throws InterruptedException {
        LoadResult result = LoadGenerator.run(LoadSpec.builder(base).paths(paths).connections(users).warmup(warmup)
                .duration(length).timeout(TIMEOUT).build(), LoadListener.both(progress, watch), StopWhen.NEVER, watch);
        return CurvePoint.of(users, result.requests() - result.errors().status(), result.elapsedSeconds(),
                result.uncorrectedLatency().p50(), result.uncorrectedLatency().p99(), result.errors().total())
                .withPaths(LabLoadEngine.paths(result));
    }
}
