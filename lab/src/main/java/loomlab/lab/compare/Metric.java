package loomlab.lab.compare;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;
import java.util.stream.Collectors;
import loomlab.core.BadInput;

/** A figure two runs can be compared by, where results.json keeps it, and which way is better. */
public enum Metric {
    THROUGHPUT_RPS("throughput_rps", "/throughput_rps", "throughput_rps", true),
    P99("p99", "/latency_ms/p99", "p99_ms", false),
    ELAPSED_S("elapsed_s", "/elapsed_s", "elapsed_s", false),
    /** An assessed arm's (assess, reactive): the highest rate it answered within its p99 target. */
    CAPACITY_RPS("capacity_rps", "/capacity_rps", "capacity_rps", true);

    private final String label;
    private final String pointer;
    private final String repeatsKey;
    private final boolean higherIsBetter;

    Metric(String label, String pointer, String repeatsKey, boolean higherIsBetter) {
        this.label = label;
        this.pointer = pointer;
        this.repeatsKey = repeatsKey;
        this.higherIsBetter = higherIsBetter;
    }

    public String label() {
        return label;
    }

    public boolean higherIsBetter() {
        return higherIsBetter;
    }

    public static Metric parse(String text) {
        return Arrays.stream(values()).filter(m -> m.label.equals(text)).findFirst()
                .orElseThrow(() -> new BadInput("unknown metric '" + text + "'; choose from: " + choices()));
    }

    public static String choices() {
        return Arrays.stream(values()).map(Metric::label).collect(Collectors.joining(", "));
    }

    /** The arm's figure, or null when the arm has none (it did not run). */
    Double valueIn(JsonNode arm) {
        JsonNode value = arm.at(pointer);
        return value.isNumber() ? value.asDouble() : null;
    }

    /** The lowest and highest of the arm's repeated runs, or null when it ran once. */
    double[] rangeIn(JsonNode arm) {
        JsonNode spread = arm.path("repeats").path(repeatsKey);
        if (!spread.path("min").isNumber() || !spread.path("max").isNumber()) {
            return null;
        }
        return new double[] {spread.get("min").asDouble(), spread.get("max").asDouble()};
    }
}
