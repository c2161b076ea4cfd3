package loomlab.quarkus;

import io.agroal.api.AgroalDataSourceMetrics;
import java.time.Duration;

/**
 * Agroal's count of the time requests blocked waiting for a JDBC connection, for {@code /stats}
 * (collected because {@code quarkus.datasource.jdbc.metrics.enabled} is on).
 */
public record ConnectionWait(long acquisitions, double averageMs, double maxMs, double totalMs) {
    static ConnectionWait of(AgroalDataSourceMetrics metrics) {
        return new ConnectionWait(metrics.acquireCount(), millis(metrics.blockingTimeAverage()),
                millis(metrics.blockingTimeMax()), millis(metrics.blockingTimeTotal()));
    }

    private static double millis(Duration duration) {
        return duration.toNanos() / 1e6;
    }
}
