package loomlab.core.arm;

import java.util.List;

/**
 * What a load engine observed for an HTTP arm, before the core sets it against its bound.
 *
 * @param requests             whole responses to measured requests (warm-up excluded), whatever their status
 * @param elapsedS             from the start of measurement to the last answer
 * @param latencyMs            from the intended send time in the open model, from the actual send in
 *                             the closed model (see {@link LoadModel}); timed-out requests count at
 *                             their timeout
 * @param uncorrectedLatencyMs from the actual send time
 * @param errorsByKind         failed requests: refused, timed out, answered with an error status, broken
 * @param lateSends            open model: requests sent over 1 ms after their intended time
 * @param engine               the load tool that measured: {@code lab}, {@code ab}, {@code siege}, ...
 * @param loadModel            closed users or open arrivals
 * @param distributed          an engine with workers (Locust): how many, each one's own count; null otherwise
 */
public record HttpMeasurement(long requests, double elapsedS, double throughputRps, Latency latencyMs,
                              Latency uncorrectedLatencyMs, ErrorCounts errorsByKind, long warmupRequests,
                              long lateSends, GeneratorUsage generator, List<TimelinePoint> timeline, String engine,
                              LoadModel loadModel, DistributedLoad distributed) {
    public static final String LAB_ENGINE = "lab";

    /** A measurement by one load process (the lab's generator, ab, siege, wrk). */
    public HttpMeasurement(long requests, double elapsedS, double throughputRps, Latency latencyMs,
                           Latency uncorrectedLatencyMs, ErrorCounts errorsByKind, long warmupRequests, long lateSends,
                           GeneratorUsage generator, List<TimelinePoint> timeline, String engine, LoadModel loadModel) {
        this(requests, elapsedS, throughputRps, latencyMs, uncorrectedLatencyMs, errorsByKind, warmupRequests,
                lateSends, generator, timeline, engine, loadModel, null);
    }

    public HttpMeasurement {
        timeline = timeline == null ? List.of() : List.copyOf(timeline);
        generator = generator == null ? GeneratorUsage.UNKNOWN : generator;
    }

    public long errors() {
        return errorsByKind.total();
    }

    /**
     * Responses with a success status: whole responses less those answered with an error status
     * (refused, timed-out and broken requests never became responses).
     */
    public long successfulRequests() {
        return Math.max(0, requests - errorsByKind.status());
    }
}
