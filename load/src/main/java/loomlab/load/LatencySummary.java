package loomlab.load;

import org.HdrHistogram.Histogram;

/** Latency in milliseconds from a histogram of nanoseconds; all zero when nothing was recorded. */
public record LatencySummary(double mean, double p50, double p90, double p99, double p999, double max) {

    public static final LatencySummary EMPTY = new LatencySummary(0, 0, 0, 0, 0, 0);

    public static LatencySummary of(Histogram nanoseconds) {
        if (nanoseconds.getTotalCount() == 0) {
            return EMPTY;
        }
        return new LatencySummary(
                nanoseconds.getMean() / NANOS_PER_MILLI,
                millisAt(nanoseconds, 50),
                millisAt(nanoseconds, 90),
                millisAt(nanoseconds, 99),
                millisAt(nanoseconds, 99.9),
                millis(nanoseconds.getMaxValue()));
    }

    static final double NANOS_PER_MILLI = 1e6;

    static double millis(long nanos) {
        return nanos / NANOS_PER_MILLI;
    }

    static double millisAt(Histogram nanoseconds, double percentile) {
        return millis(nanoseconds.getValueAtPercentile(percentile));
    }
}
