package loomlab.core.arm;

import java.util.Objects;
import loomlab.core.BadInput;

/**
 * A request path and its share of a mix: {@code /orders@3} is sent three times as often as a path
 * of weight 1. A path without {@code @WEIGHT} weighs 1.
 */
public record WeightedPath(String path, int weight) {
    public static final int MAX_WEIGHT = 1_000;

    public WeightedPath {
        Objects.requireNonNull(path);
        if (!path.startsWith("/")) {
            throw new BadInput("a path starts with '/', got '" + path + "'");
        }
        if (weight < 1 || weight > MAX_WEIGHT) {
            throw new BadInput("the weight of " + path + " must be a whole number from 1 to " + MAX_WEIGHT + ", got "
                    + weight);
        }
    }

    /** Parses {@code PATH} or {@code PATH@WEIGHT}; the last {@code @} separates the weight. */
    public static WeightedPath parse(String text) {
        if (text == null || text.isBlank()) {
            throw new BadInput("--path needs a value such as /orders or /orders@3");
        }
        String trimmed = text.trim();
        int at = trimmed.lastIndexOf('@');
        if (at < 0) {
            return new WeightedPath(trimmed, 1);
        }
        String weight = trimmed.substring(at + 1);
        try {
            return new WeightedPath(trimmed.substring(0, at), Integer.parseInt(weight));
        } catch (NumberFormatException e) {
            throw new BadInput("--path " + trimmed + ": '" + weight + "' after @ is not a whole-number weight");
        }
    }

    @Override
    public String toString() {
        return weight == 1 ? path : path + "@" + weight;
    }
}
