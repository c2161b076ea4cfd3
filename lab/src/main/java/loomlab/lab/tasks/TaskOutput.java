package loomlab.lab.tasks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.List;
import loomlab.core.arm.TaskProgram;

/**
 * Reads what a task program reported into one flat JSON object whose keys are the snake_case names
 * of its result record's components. The child's stdout and stderr share one log, so the result is
 * the last line that starts like a task program's JSON.
 */
final class TaskOutput {
    static final String RESULT_LINE_START = "{\"program\":";

    private TaskOutput() {
    }

    /** The program's figures from its log, or an IOException saying why there are none. */
    static ObjectNode fromLog(TaskProgram program, String log, ObjectMapper mapper) throws IOException {
        List<String> results = log.lines().filter(line -> line.startsWith(RESULT_LINE_START)).toList();
        if (results.isEmpty()) {
            throw new IOException("no result line in the program's output");
        }
        JsonNode result = mapper.readTree(results.get(results.size() - 1));
        if (program == TaskProgram.STRUCTURED_CONCURRENCY) {
            return single(result.path("results"));
        }
        return (ObjectNode) result;
    }

    /** An arm runs one case in one style, so the program's list holds exactly one record. */
    private static ObjectNode single(JsonNode results) throws IOException {
        if (!results.isArray() || results.size() != 1 || !results.get(0).isObject()) {
            throw new IOException("expected one handleOrder result, got " + results);
        }
        return (ObjectNode) results.get(0);
    }

    /**
     * The scores of one benchmark from JMH's JSON results file (one entry per mode): throughput and
     * average time with their errors, and the parameters they ran with.
     */
    static ObjectNode fromJmh(String json, ObjectMapper mapper) throws IOException {
        JsonNode entries = mapper.readTree(json);
        if (!entries.isArray() || entries.isEmpty()) {
            throw new IOException("JMH wrote no results");
        }
        ObjectNode figures = mapper.createObjectNode();
        for (JsonNode entry : entries) {
            JsonNode metric = entry.path("primaryMetric");
            String prefix = switch (entry.path("mode").asText()) {
                case "thrpt" -> "throughput_ops_per_s";
                case "avgt" -> "average_seconds_per_op";
                default -> null;
            };
            if (prefix == null) {
                continue;
            }
            figures.put(prefix, metric.path("score").asDouble());
            JsonNode error = metric.path("scoreError");
            String errorKey = prefix.startsWith("throughput") ? "throughput_error" : "average_error";
            if (error.isNumber() && Double.isFinite(error.asDouble())) {
                figures.put(errorKey, error.asDouble());
            } else {
                figures.putNull(errorKey);
            }
            if (entry.path("forks").isInt()) {
                figures.put("forks", entry.path("forks").asInt());
            }
            figures.put("tasks", entry.path("params").path("tasks").asInt());
            figures.put("sleep_ms", entry.path("params").path("sleepMs").asLong());
        }
        if (!figures.has("throughput_ops_per_s") || !figures.has("average_seconds_per_op")) {
            throw new IOException("JMH results lack a throughput or an average-time score");
        }
        return figures;
    }
}
