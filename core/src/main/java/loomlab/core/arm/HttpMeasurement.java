package loomlab.core.arm;

/**
 * What the adapters measured for an HTTP arm, before the core sets it against its bound.
 *
 * @param requests           completed requests in the measured window (warm-up excluded)
 * @param elapsedSeconds     from the start of measurement to the last answer
 * @param latency            from the intended send time (coordinated omission corrected)
 * @param uncorrectedLatency from the actual send time
 * @param engine             the load tool that measured: {@code lab}, {@code ab}, {@code siege} or {@code wrk}
 */
public record HttpMeasurement(long requests, double elapsedSeconds, double throughputRps, Latency latency,
                              Latency uncorrectedLatency, ErrorCounts errors, long warmupRequests, long lateSends,
                              ServerUsage server, GeneratorUsage generator,
                              java.util.List<TimelinePoint> timeline, String engine) {
    public static final String LAB_ENGINE = "lab";

    /** Measured by the lab's own generator. */
    public HttpMeasurement(long requests, double elapsedSeconds, double throughputRps, Latency latency,
                           Latency uncorrectedLatency, ErrorCounts errors, long warmupRequests, long lateSends,
                           ServerUsage server, GeneratorUsage generator, java.util.List<TimelinePoint> timeline) {
        this(requests, elapsedSeconds, throughputRps, latency, uncorrectedLatency, errors, warmupRequests, lateSends,
                server, generator, timeline, LAB_ENGINE);
    }
}
