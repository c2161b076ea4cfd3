package loomlab.lab.load;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.UncheckedIOException;
import loomlab.core.arm.ErrorCounts;
import loomlab.core.arm.GeneratorUsage;
import loomlab.core.arm.Latency;
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

    record Document(Settings settings, long requests, double elapsedS, double throughputRps, Latency latencyMs,
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
        Document document = new Document(settings, result.requests(), result.elapsedSeconds(), result.throughputRps(),
                LabLoadEngine.latency(result.latency()), LabLoadEngine.latency(result.uncorrectedLatency()),
                errors.total(), errors, result.lateSends(), result.inFlightCapHits(), result.warmupRequests(),
                GeneratorUsage.of(result.generatorCpuSeconds(), result.generatorCpuUtilisation(),
                        result.generatorSaturated()));
        try {
            return Json.mapper().writeValueAsString(document) + "\n";
        } catch (JsonProcessingException ex) {
            throw new UncheckedIOException(ex);
        }
    }
}
