package loomlab.lab.run;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import loomlab.lab.process.ChildDied;
import loomlab.load.LoadGenerator;
import loomlab.load.LoadListener;
import loomlab.load.LoadResult;
import loomlab.load.LoadSpec;
import org.HdrHistogram.Histogram;

/**
 * The least time one request takes on the unloaded server, after its warm-up: a few requests sent
 * one at a time by the lab's own generator, the fastest kept. It is W of the bound for a request
 * with no wait of its own; measured cold it would be too long, and measured with a heavier client
 * too (the JDK's HttpClient adds about a millisecond a request), so the bound too low. A fast
 * request gets {@link #PROBES} tries, since its least time is a small figure that scheduling noise
 * moves; a slow one (a database read of a megabyte) only {@link #FIRST_PROBES}, which already fix
 * its least time to within that noise, and spare the quick profile seconds per arm.
 */
final class UnloadedLatency {
    static final int PROBES = 20;
    static final int FIRST_PROBES = 5;
    /** The first probes' mean time above which they are all: the rest would add time, not precision. */
    static final double SLOW_MS = 20;
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private UnloadedLatency() {
    }

    /** Seconds, or empty when no request was answered; a failing status fails the arm. */
    static Optional<Double> measure(URI target) throws InterruptedException {
        LoadResult first = probe(target, FIRST_PROBES);
        Histogram latencies = first.latencyHistogram().copy();
        if (moreProbes(first.requests(), latencies.getMean() / 1e6)) {
            latencies.add(probe(target, PROBES - FIRST_PROBES).latencyHistogram());
        }
        if (latencies.getTotalCount() == 0) {
            return Optional.empty();
        }
        return Optional.of(latencies.getMinValue() / 1e9);
    }

    /** The rest of the probes are sent when the first were all answered, fast. */
    static boolean moreProbes(long answered, double meanMs) {
        return answered == FIRST_PROBES && meanMs < SLOW_MS;
    }

    private static LoadResult probe(URI target, int count) throws InterruptedException {
        LoadResult result = LoadGenerator.run(LoadSpec.builder(target).connections(1).requests(count)
                .timeout(TIMEOUT).build(), LoadListener.NONE);
        if (result.errors().status() > 0) {
            throw new ChildDied(target.getPath() + " answered with an error status to lone requests after the"
                    + " warm-up (" + result.errors().status() + " of " + count + ")");
        }
        return result;
    }
}
