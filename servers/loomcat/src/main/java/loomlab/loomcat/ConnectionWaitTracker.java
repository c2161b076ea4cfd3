package loomlab.loomcat;

import com.zaxxer.hikari.metrics.IMetricsTracker;
import java.util.Locale;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/**
 * HikariCP's report of each connection handed out, added up: how long requests waited for a JDBC
 * connection, served on {@code /stats} like Quarkus's Agroal figures.
 */
final class ConnectionWaitTracker implements IMetricsTracker {
    private final LongAdder acquisitions = new LongAdder();
    private final LongAdder totalNanos = new LongAdder();
    private final LongAccumulator maxNanos = new LongAccumulator(Math::max, 0);

    @Override
    public void recordConnectionAcquiredNanos(long elapsedAcquiredNanos) {
        acquisitions.increment();
        totalNanos.add(elapsedAcquiredNanos);
        maxNanos.accumulate(elapsedAcquiredNanos);
    }

    /** {@code {"acquisitions":N,"averageMs":A,"maxMs":M,"totalMs":T}} */
    String toJson() {
        long count = acquisitions.sum();
        double totalMs = totalNanos.sum() / 1e6;
        return String.format(Locale.ROOT, "{\"acquisitions\":%d,\"averageMs\":%.3f,\"maxMs\":%.3f,\"totalMs\":%.3f}",
                count, count == 0 ? 0.0 : totalMs / count, maxNanos.get() / 1e6, totalMs);
    }
}
