package loomlab.core.arm;

/**
 * A set of delays in milliseconds: their sum (the figure seed 001 printed) and the distribution the
 * sum hides, nearest-rank percentiles and the largest.
 */
public record DelayMs(double sum, double p50, double p99, double max) {
}
