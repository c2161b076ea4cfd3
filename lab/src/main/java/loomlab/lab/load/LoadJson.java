package loomlab.lab.load;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.UncheckedIOException;
import loomlab.core.arm.ErrorCounts;
import loomlab.core.arm.GeneratorUsage;
import loomlab.core.arm.Latency;
import loomlab.core.arm.LoadModel;
import loomlab.lab.report.Json;
import loomlab.load.DurationText;
import loomlab.load.LoadResult;
import loomlab.load.LoadSpec;

/** {@code loomlab load --json}: one object with the same keys as an arm in results.json. */
public final class LoadJson {
    private LoadJson() {
    }

    record Settings(String url, String model, int connections, Long requests, String duration, Double rateRps,
                    boolean keepAlive, String warmup, String timeout) {
    }

    record Document(Settings settings, long requests, double elapsedS, double throughputRps, String loadModel,
                    String latencyFrom, Latency latencyMs,
                    Latency uncorrectedLatencyMs, long errors, ErrorCounts errorsByKind, long lateSends,
                    long inFlightCapHits, long warmupRequests, GeneratorUsage generator) {
    }

    public static String render(LoadResult result, LoadSpec spec) {
        var e = result.errors();
        ErrorCounts errors = new ErrorCounts(e.connect(), e.timeout(), e.status(), e.protocol());
        Settings settings = new Settings(spec.url().toString(), spec.openModel() ? "open" : "closed",
                spec.connections(), spec.requests() > 0 ? spec.requests() : null,
                spec.duration() == null ? null : DurationText.format(spec.duration()),
                spec.openModel() ? spec.rate() : null, spec.keepAlive(), DurationText.format(spec.warmup()),
                DurationText.format(spec.timeout()));
        LoadModel model = spec.openModel() ? LoadModel.OPEN : LoadModel.CLOSED;
        // The closed model sends when a user is ready, so there is no earlier intended time to count from.
        var latency = spec.openModel() ? result.latency() : result.uncorrectedLatency();
        Document document = new Document(settings, result.requests(), result.elapsedSeconds(), result.throughputRps(),
                model.id(), model.latencyFrom(), LabLoadEngine.latency(latency),
                LabLoadEngine.latency(result.uncorrectedLatency()),
                errors.total(), errors, result.lateSends(), result.inFlightCapHits(), result.warmupRequests(),
                new GeneratorUsage(result.generatorCpuSeconds(), result.generatorCpuUtilisation(),
                        result.generatorSaturated(), null));
        try {
            return Json.mapper().writeValueAsString(document) + "\n";
        } catch (JsonProcessingException ex) {
            throw new UncheckedIOException(ex);
        }
    }
}
