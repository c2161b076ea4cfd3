package loomlab.load;

import java.util.Locale;

/** The human-readable account of a run. */
public final class LoadReport {

    private LoadReport() {
    }

    public static String table(LoadResult result, LoadSpec spec) {
        StringBuilder out = new StringBuilder();
        line(out, "Target", spec.url() + "  (" + describe(spec) + ")");
        line(out, "Requests", String.format(Locale.ROOT, "%,d completed in %.2f s%s", result.requests(),
                result.elapsedSeconds(),
                result.warmupRequests() > 0 ? String.format(Locale.ROOT, "  (%,d warm-up requests not measured)", result.warmupRequests()) : ""));
        line(out, "Throughput", String.format(Locale.ROOT, "%,.1f req/s", result.throughputRps()));
        out.append(String.format(Locale.ROOT, "%-14s%10s%10s%10s%10s%10s%10s%n", "Latency (ms)", "mean", "p50", "p90", "p99", "p99.9", "max"));
        if (spec.openModel()) {
            // Only arrivals on a schedule have an intended send time to correct to (coordinated omission).
            latencyRow(out, "  intended", result.latency());
            latencyRow(out, "  sent", result.uncorrectedLatency());
            out.append("              intended: from the scheduled send time (coordinated-omission corrected);"
                    + " sent: from the actual send\n");
        } else {
            latencyRow(out, "  sent", result.uncorrectedLatency());
            out.append("              from the actual send: a closed-model user sends when its last answer (and"
                    + " pause) is done\n");
        }
        ErrorCounts errors = result.errors();
        line(out, "Errors", String.format(Locale.ROOT, "%,d  (connect %,d, timeout %,d, status %,d, protocol %,d)",
                errors.total(), errors.connect(), errors.timeout(), errors.status(), errors.protocol()));
        line(out, "Late sends", String.format(Locale.ROOT, "%,d  (sent over 1 ms after their %s)", result.lateSends(),
                spec.openModel() ? "scheduled time" : "user was ready"));
        if (spec.openModel()) {
            line(out, "In-flight cap", String.format(Locale.ROOT, "%,d arrivals waited at the cap of %,d", result.inFlightCapHits(), spec.maxInFlight()));
        }
        line(out, "Generator CPU", generatorCpu(result, spec));
        return out.toString();
    }

    static String describe(LoadSpec spec) {
        StringBuilder text = new StringBuilder();
        if (spec.openModel()) {
            text.append(String.format(Locale.ROOT, "open model, %s req/s, %d connections up front",
                    number(spec.rate()), spec.connections()));
        } else {
            text.append("closed model, ").append(spec.connections()).append(spec.connections() == 1 ? " user" : " users");
            if (!spec.thinkTime().isZero()) {
                text.append(", think ").append(DurationText.format(spec.thinkTime()));
            }
        }
        text.append(spec.keepAlive() ? ", keep-alive" : ", new connection per request");
        if (spec.requests() > 0) {
            text.append(", ").append(String.format(Locale.ROOT, "%,d", spec.requests())).append(" requests");
        }
        if (spec.duration() != null) {
            text.append(", ").append(DurationText.format(spec.duration()));
        }
        if (!spec.warmup().isZero()) {
            text.append(", warm-up ").append(DurationText.format(spec.warmup()));
        }
        return text.toString();
    }

    private static String generatorCpu(LoadResult result, LoadSpec spec) {
        if (result.generatorCpuSeconds() == null) {
            return "n/a (thread CPU time not supported by this JVM)";
        }
        String text = String.format(Locale.ROOT, "%.2f s, %.0f %% of %d io thread%s", result.generatorCpuSeconds(),
                result.generatorCpuUtilisation() * 100, spec.ioThreads(), spec.ioThreads() == 1 ? "" : "s");
        return result.generatorSaturated()
                ? text + "  SATURATED: the figures may measure the generator, not the target"
                : text;
    }

    private static void latencyRow(StringBuilder out, String label, LatencySummary latency) {
        out.append(String.format(Locale.ROOT, "%-14s%10.3f%10.3f%10.3f%10.3f%10.3f%10.3f%n", label,
                latency.mean(), latency.p50(), latency.p90(), latency.p99(), latency.p999(), latency.max()));
    }

    private static void line(StringBuilder out, String label, String value) {
        out.append(String.format(Locale.ROOT, "%-14s%s%n", label, value));
    }

    private static String number(double value) {
        return value == Math.rint(value) ? String.format(Locale.ROOT, "%,d", (long) value) : String.format(Locale.ROOT, "%,.2f", value);
    }
}
