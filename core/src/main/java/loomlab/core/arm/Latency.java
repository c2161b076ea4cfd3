package loomlab.core.arm;

/**
 * A latency distribution's summary, in milliseconds. A figure is null when the tool that measured
 * it does not report it (siege prints no percentiles, wrk no 99.9th).
 */
public record Latency(Double mean, Double p50, Double p90, Double p99, Double p999, Double max) {
    /** No answer was timed, so every figure is unknown. */
    public static final Latency UNKNOWN = new Latency(null, null, null, null, null, null);
}
