package loomlab.core.arm;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One figure of an arm that ran several times: every run's value, in the order the runs were made,
 * and their median, minimum and maximum.
 *
 * <p>With an even number of runs the median is the lower of the two middle values, so that it is
 * always a figure some run measured, like the arm's headline figures (the median run's).
 */
public record Spread(List<Double> values, double median, double min, double max) {
    public Spread {
        values = List.copyOf(values);
    }

    public static Spread of(List<Double> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("a spread needs at least one value");
        }
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return new Spread(values, sorted.get(lowerMedianIndex(sorted.size())), sorted.getFirst(), sorted.getLast());
    }

    /** The index of the median in a sorted list of {@code count} values; the lower middle when even. */
    public static int lowerMedianIndex(int count) {
        return (count - 1) / 2;
    }
}
