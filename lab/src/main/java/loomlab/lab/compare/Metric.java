package loomlab.lab.compare;

import com.fasterxml.jackson.databind.JsonNode;
import loomlab.core.BadInput;
import loomlab.threads.Spelled;

/** A figure two runs can be compared by, where results.json keeps it, and which way is better. */
public enum Metric implements Spelled {
    THROUGHPUT_RPS("throughput_rps", "/throughput_rps", "throughput_rps", true),
    P99("p99", "/latency_ms/p99", "p99_ms", false),
    ELAPSED_S("elapsed_s", "/elapsed_s", "elapsed_s", false),
    /** An assessed arm's (assess, reactive): the highest rate it answered within its p99 target. */
    CAPACITY_RPS("capacity_rps", "/capacity_rps", "capacity_rps", true);

    private final String id;
    private final String pointer;
    private final String repeatsKey;
    private final boolean higherIsBetter;

    Metric(String id, String pointer, String repeatsKey, boolean higherIsBetter) {
        this.id = id;
        this.pointer = pointer;
        this.repeatsKey = repeatsKey;
        this.higherIsBetter = higherIsBetter;
    }

    /** As {@code --metric} takes it and results.json keys it: {@code throughput_rps}. */
    @Override
    public String id() {
        return id;
    }

    public boolean higherIsBetter() {
        return higherIsBetter;
    }

    /** The metric {@code --metric} names, else bad input that names the valid choices. */
    public static Metric parse(String text) {
        return Spelled.find(Metric.class, text).orElseThrow(() -> new BadInput(Spelled.unknown(Metric.class,
                "metric", text)));
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
