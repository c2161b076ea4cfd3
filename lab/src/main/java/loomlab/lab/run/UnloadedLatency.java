package loomlab.lab.run;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import loomlab.lab.process.ChildDied;
import loomlab.load.LoadGenerator;
import loomlab.load.LoadListener;
import loomlab.load.LoadResult;
import loomlab.load.LoadSpec;

/**
 * The least time one request takes on the unloaded server, after its warm-up: a few requests sent
 * one at a time by the lab's own generator, the fastest kept. It is W of the bound for a request
 * with no wait of its own; measured cold it would be too long, and measured with a heavier client
 * too (the JDK's HttpClient adds about a millisecond a request), so the bound too low.
 */
final class UnloadedLatency {
    static final int PROBES = 20;
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private UnloadedLatency() {
    }

    /** Seconds, or empty when no request was answered; a failing status fails the arm. */
    static Optional<Double> measure(URI target) throws InterruptedException {
        LoadResult result = LoadGenerator.run(LoadSpec.builder(target).connections(1).requests(PROBES)
                .timeout(TIMEOUT).build(), LoadListener.NONE);
        if (result.errors().status() > 0) {
            throw new ChildDied(target.getPath() + " answered with an error status to lone requests after the"
                    + " warm-up (" + result.errors().status() + " of " + PROBES + ")");
        }
        if (result.requests() == 0 || result.latencyHistogram().getTotalCount() == 0) {
            return Optional.empty();
        }
        return Optional.of(result.latencyHistogram().getMinValue() / 1e9);
    }
}
