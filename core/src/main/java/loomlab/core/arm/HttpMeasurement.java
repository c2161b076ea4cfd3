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
 * @param paths                each path of the mix on its own; empty when the engine measured none
 * @param firstRequestAlone    the tool sends its first request alone and waits for its answer before the
 *                             others (ab does): a request-count arm then takes one service time more
 */
public record HttpMeasurement(long requests, double elapsedS, double throughputRps, Latency latencyMs,
                              Latency uncorrectedLatencyMs, ErrorCounts errorsByKind, long warmupRequests,
                              long lateSends, GeneratorUsage generator, List<TimelinePoint> timeline, String engine,
                              LoadModel loadModel, DistributedLoad distributed, List<PathFigures> paths,
                              boolean firstRequestAlone) {
    public static final String LAB_ENGINE = "lab";

    /** A measurement by one load process (the lab's generator, ab, siege, wrk). */
    public HttpMeasurement(long requests, double elapsedS, double throughputRps, Latency latencyMs,
                           Latency uncorrectedLatencyMs, ErrorCounts errorsByKind, long warmupRequests, long lateSends,
                           GeneratorUsage generator, List<TimelinePoint> timeline, String engine, LoadModel loadModel) {
        this(requests, elapsedS, throughputRps, latencyMs, uncorrectedLatencyMs, errorsByKind, warmupRequests,
                lateSends, generator, timeline, engine, loadModel, null, List.of(), false);
    }

    /** A measurement by an engine with workers (Locust), which measures no path on its own. */
    public HttpMeasurement(long requests, double elapsedS, double throughputRps, Latency latencyMs,
                           Latency uncorrectedLatencyMs, ErrorCounts errorsByKind, long warmupRequests, long lateSends,
                           GeneratorUsage generator, List<TimelinePoint> timeline, String engine, LoadModel loadModel,
                           DistributedLoad distributed) {
        this(requests, elapsedS, throughputRps, latencyMs, uncorrectedLatencyMs, errorsByKind, warmupRequests,
                lateSends, generator, timeline, engine, loadModel, distributed, List.of(), false);
    }

    /** Nothing measured: the server hung before the measured window began. */
    public static HttpMeasurement none(String engine, LoadModel model, long warmupRequests) {
        Latency unknown = Latency.UNKNOWN;
        return new HttpMeasurement(0, 0, 0, unknown, unknown, ErrorCounts.NONE, warmupRequests, 0,
                GeneratorUsage.UNKNOWN, List.of(), engine, model);
    }

    public HttpMeasurement withPaths(List<PathFigures> measured) {
        return new HttpMeasurement(requests, elapsedS, throughputRps, latencyMs, uncorrectedLatencyMs, errorsByKind,
                warmupRequests, lateSends, generator, timeline, engine, loadModel, distributed, measured,
                firstRequestAlone);
    }

    /** The same, by a tool that sends its first request alone. */
    public HttpMeasurement sentFirstRequestAlone() {
        return new HttpMeasurement(requests, elapsedS, throughputRps, latencyMs, uncorrectedLatencyMs, errorsByKind,
                warmupRequests, lateSends, generator, timeline, engine, loadModel, distributed, paths, true);
    }

    public HttpMeasurement {
        timeline = timeline == null ? List.of() : List.copyOf(timeline);
        paths = paths == null ? List.of() : List.copyOf(paths);
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
