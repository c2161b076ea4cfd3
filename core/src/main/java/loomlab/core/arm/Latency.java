package loomlab.core.arm;

/** A latency distribution's summary, in milliseconds. */
public record Latency(double mean, double p50, double p90, double p99, double p999, double max) {
}
