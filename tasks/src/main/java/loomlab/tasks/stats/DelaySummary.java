package loomlab.tasks.stats;

import java.util.Arrays;

/**
 * Sum and nearest-rank percentiles of a set of delays in nanoseconds. Counts are small (thousands),
 * so an exact sorted copy beats a histogram's bucketing error.
 */
public record DelaySummary(int count, long sumNanos, long p50Nanos, long p99Nanos, long maxNanos) {
    private static final double NANOS_PER_MS = 1_000_000.0;

    public static DelaySummary of(long[] delaysNanos) {
        if (delaysNanos.length == 0) {
            throw new IllegalArgumentException("no delays to summarise");
        }
        long[] sorted = delaysNanos.clone();
        Arrays.sort(sorted);
        long sum = 0;
        for (long delay : sorted) {
            sum = Math.addExact(sum, delay);
        }
        return new DelaySummary(sorted.length, sum, nearestRank(sorted, 50), nearestRank(sorted, 99), sorted[sorted.length - 1]);
    }

    /** The smallest value with at least {@code percent}% of the values at or below it. */
    public static long nearestRank(long[] sorted, int percent) {
        if (sorted.length == 0 || percent <= 0 || percent > 100) {
            throw new IllegalArgumentException("need values and a percentile in 1..100");
        }
        // ceil(percent * n / 100) in integers: floating point would turn 99% of 100 into rank 100.
        int rank = (int) (((long) percent * sorted.length + 99) / 100);
        return sorted[rank - 1];
    }

    public static double toMillis(long nanos) {
        return nanos / NANOS_PER_MS;
    }
}
