package loomlab.lab.load.locust;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import loomlab.core.Figures;
import loomlab.core.arm.DistributedLoad;
import loomlab.core.arm.ErrorCounts;
import loomlab.core.arm.GeneratorUsage;
import loomlab.core.arm.HttpMeasurement;
import loomlab.core.arm.Latency;
import loomlab.lab.report.Json;

/** {@code loomlab load --engine locust}: the run as a table, or as one JSON object with an arm's keys. */
final class LocustReport {
    private LocustReport() {
    }

    /** What the run was asked to do, as {@code load --json} prints it. */
    public record Settings(String url, String model, int connections, Long requests, String duration,
                           Double thinkS, String warmup, String timeout) {
    }

    record Document(Settings settings, String engine, long requests, double elapsedS, double throughputRps,
                    String loadModel, String latencyFrom, Latency latencyMs, Latency uncorrectedLatencyMs, long errors,
                    ErrorCounts errorsByKind, long lateSends, long warmupRequests, GeneratorUsage generator,
                    int workers, List<DistributedLoad.WorkerLoad> perWorker, String engineNote) {
    }

    public static String json(HttpMeasurement measured, Settings settings) {
        DistributedLoad distributed = measured.distributed();
        Document document = new Document(settings, measured.engine(), measured.requests(), measured.elapsedS(),
                measured.throughputRps(), measured.loadModel().id(), measured.loadModel().latencyFrom(),
                measured.latencyMs(), measured.uncorrectedLatencyMs(), measured.errors(), measured.errorsByKind(),
                measured.lateSends(), measured.warmupRequests(), measured.generator(), distributed.workers(),
                distributed.perWorker(), distributed.note());
        try {
            return Json.mapper().writeValueAsString(document) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String table(HttpMeasurement measured, String url) {
        StringBuilder out = new StringBuilder();
        DistributedLoad distributed = measured.distributed();
        line(out, "Target", url + "  (Locust " + LocustInstall.VERSION + ", " + distributed.workers() + " worker(s))");
        line(out, "Requests", String.format(Locale.ROOT, "%,d answered in %.2f s%s", measured.requests(),
                measured.elapsedS(), measured.warmupRequests() == 0 ? "" : String.format(Locale.ROOT,
                        "  (%,d warm-up requests by the lab's generator, not measured)",
                        measured.warmupRequests())));
        line(out, "Throughput", String.format(Locale.ROOT, "%,.1f req/s", measured.throughputRps()));
        out.append(String.format(Locale.ROOT, "%-14s%10s%10s%10s%10s%10s%10s%n", "Latency (ms)", "mean", "p50", "p90",
                "p99", "p99.9", "max"));
        Latency latency = measured.latencyMs();
        out.append(String.format(Locale.ROOT, "%-14s%10s%10s%10s%10s%10s%10s%n", "  from send", Figures.num(latency.mean()),
                Figures.num(latency.p50()), Figures.num(latency.p90()), Figures.num(latency.p99()), Figures.num(latency.p999()), Figures.num(latency.max())));
        ErrorCounts errors = measured.errorsByKind();
        line(out, "Errors", String.format(Locale.ROOT, "%,d  (connect %,d, timeout %,d, status %,d, protocol %,d)",
                errors.total(), errors.connect(), errors.timeout(), errors.status(), errors.protocol()));
        for (DistributedLoad.WorkerLoad worker : distributed.perWorker()) {
            line(out, "  " + worker.name(), String.format(Locale.ROOT, "%,d requests, %,d failed, %s s CPU%s",
                    worker.requests(), worker.failures(), Figures.num(worker.cpuS()), worker.host() == null ? ""
                            : " (host " + worker.host() + ")"));
        }
        GeneratorUsage usage = measured.generator();
        if (usage.cpuS() != null) {
            line(out, "Locust CPU", String.format(Locale.ROOT, "%.2f s in all, %.2f s on this machine; busiest process"
                    + " %.0f %% of a core%s", usage.cpuS(), usage.processCpuS(), 100 * usage.utilisation(),
                    usage.saturated() ? " (saturated: the figures may describe Locust)" : ""));
        }
        out.append(distributed.note()).append('\n');
        return out.toString();
    }


    private static void line(StringBuilder out, String label, String value) {
        out.append(String.format(Locale.ROOT, "%-14s%s%n", label, value));
    }
}
