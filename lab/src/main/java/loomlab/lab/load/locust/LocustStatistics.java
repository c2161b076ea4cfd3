package loomlab.lab.load.locust;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import loomlab.core.arm.DistributedLoad.WorkerLoad;
import loomlab.core.arm.ErrorCounts;
import loomlab.core.arm.Latency;
import loomlab.lab.process.ToolJson;

/**
 * What a Locust run measured, read from its files: the "Aggregated" row of {@code _stats.csv}
 * (count, mean, max and the percentiles Locust prints, which it approximates from response times
 * rounded to 1 ms below 100 ms, to 10 ms below 1 s and to 100 ms above), the failures of
 * {@code _failures.csv} sorted into the lab's kinds, and each worker's own figures from the
 * summary the locustfile's master writes.
 *
 * @param sent     requests Locust counted, failed ones included
 * @param errors   failed requests by kind
 * @param latency  in milliseconds; a figure Locust printed as N/A is null
 * @param elapsedS the longest worker's time from the start signal to its last answer (or to the stop)
 * @param masterCpuS the master's own CPU over the run, or null
 */
record LocustStatistics(long sent, ErrorCounts errors, Latency latency, double elapsedS,
                               List<WorkerLoad> workers, Double masterCpuS) {

    /** Whole responses: what was sent less what never got an answer (refused, timed out, broken). */
    public long responses() {
        return Math.max(0, sent - errors.connect() - errors.timeout() - errors.protocol());
    }

    /**
     * Reads the three files' texts.
     *
     * @param localNames the workers that ran on this machine
     * @throws IllegalStateException when a file lacks what every complete run writes
     */
    static LocustStatistics read(String statsCsv, String failuresCsv, String summaryJson, Set<String> localNames) {
        Map<String, String> total = aggregated(statsCsv);
        long sent = Long.parseLong(require(total, "Request Count"));
        Latency latency = new Latency(number(total, "Average Response Time"), number(total, "50%"),
                number(total, "90%"), number(total, "99%"), number(total, "99.9%"),
                number(total, "Max Response Time"));
        JsonNode summary;
        try {
            summary = ToolJson.read(summaryJson);
        } catch (IOException e) {
            throw new IllegalStateException("the master's summary is not JSON: " + e.getMessage());
        }
        if (!summary.path("started").asBoolean(false)) {
            throw new IllegalStateException("the master never gave its workers the start signal");
        }
        List<WorkerLoad> workers = new ArrayList<>();
        double elapsed = 0;
        for (JsonNode worker : summary.path("workers")) {
            String name = worker.path("name").asText(worker.path("joined").path("name").asText(
                    worker.path("client_id").asText()));
            Double window = optional(worker, "window_s");
            workers.add(new WorkerLoad(name, worker.path("host").asText(null), worker.path("requests").asLong(),
                    worker.path("failures").asLong(), window, optional(worker, "cpu_s"), localNames.contains(name)));
            elapsed = Math.max(elapsed, window == null ? 0 : window);
        }
        if (elapsed == 0) {
            Double master = optional(summary.path("master"), "window_s");
            elapsed = master == null ? 0 : master;
        }
        if (!(elapsed > 0)) {
            throw new IllegalStateException("no worker measured a time from the start signal");
        }
        return new LocustStatistics(sent, errors(failuresCsv), latency, elapsed, workers,
                optional(summary.path("master"), "cpu_s"));
    }

    /**
     * Locust's failures by the lab's kinds: an error status ({@code LocustBadStatusCode}), a
     * timeout, a refused or unreachable connection; anything else broke the exchange (reset, bad
     * answer).
     */
    static ErrorCounts errors(String failuresCsv) {
        List<List<String>> rows = Csv.rows(failuresCsv);
        if (rows.isEmpty()) {
            return ErrorCounts.NONE;
        }
        List<String> header = rows.getFirst();
        int error = header.indexOf("Error");
        int occurrences = header.indexOf("Occurrences");
        if (error < 0 || occurrences < 0) {
            throw new IllegalStateException("Locust's failures file has no Error and Occurrences columns: " + header);
        }
        long connect = 0;
        long timeout = 0;
        long status = 0;
        long broken = 0;
        for (List<String> row : rows.subList(1, rows.size())) {
            long count = Long.parseLong(row.get(occurrences).trim());
            switch (kind(row.get(error))) {
                case STATUS -> status += count;
                case TIMEOUT -> timeout += count;
                case CONNECT -> connect += count;
                case BROKEN -> broken += count;
            }
        }
        return new ErrorCounts(connect, timeout, status, broken);
    }

    enum Kind { STATUS, TIMEOUT, CONNECT, BROKEN }

    static Kind kind(String error) {
        String text = error.toLowerCase(Locale.ROOT);
        if (text.contains("badstatuscode") || text.startsWith("httperror")) {
            return Kind.STATUS;
        }
        if (text.contains("timed out") || text.contains("timeout")) {
            return Kind.TIMEOUT;
        }
        if (text.contains("refused") || text.contains("no route to host") || text.contains("unreachable")
                || text.contains("gaierror") || text.contains("name or service not known")) {
            return Kind.CONNECT;
        }
        return Kind.BROKEN;
    }

    private static Map<String, String> aggregated(String statsCsv) {
        List<List<String>> rows = Csv.rows(statsCsv);
        if (rows.isEmpty()) {
            throw new IllegalStateException("Locust's statistics file is empty");
        }
        List<String> header = rows.getFirst();
        for (List<String> row : rows.subList(1, rows.size())) {
            if (row.size() > 1 && row.get(1).equals("Aggregated")) {
                Map<String, String> byColumn = new HashMap<>();
                for (int i = 0; i < header.size() && i < row.size(); i++) {
                    byColumn.put(header.get(i), row.get(i));
                }
                return byColumn;
            }
        }
        throw new IllegalStateException("Locust's statistics have no Aggregated row");
    }

    private static String require(Map<String, String> row, String column) {
        String value = row.get(column);
        if (value == null) {
            throw new IllegalStateException("Locust's statistics have no '" + column + "' column");
        }
        return value;
    }

    private static Double number(Map<String, String> row, String column) {
        String value = require(row, column).trim();
        if (value.isEmpty() || value.equals("N/A")) {
            return null;
        }
        return Double.parseDouble(value);
    }

    private static Double optional(JsonNode node, String field) {
        return node.path(field).isNumber() ? node.path(field).asDouble() : null;
    }
}
