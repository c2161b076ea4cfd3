package loomlab.core.finding;

import loomlab.core.arm.ArmKey;
import loomlab.core.arm.Spread;

/**
 * Two arms compared by one measure: who led and by how much. A lead needs a difference beyond the
 * measured spread: where each figure comes with a measured range (the spread over repeated runs, a
 * JMH score's error), ranges that overlap cannot tell the arms apart, however far apart the figures
 * are, and ranges apart make a lead at any distance. Without a range on both sides (one run measured
 * no spread) no lead is named, whatever the figures; they and their {@link #factor()} are still given,
 * and {@link #ahead()} says whose figure was the better.
 *
 * @param first       usually the virtual-thread arm
 * @param second      the arm it is compared with
 * @param firstRange  where the first figure is known to lie, or null when unmeasured
 * @param secondRange the same for the second
 */
public record Lead(Measure measure, ArmKey first, double firstValue, ArmKey second, double secondValue,
                   Range firstRange, Range secondRange) implements ComparisonFinding {

    /** A comparison with no measured range (one run): it names no lead. */
    public Lead(Measure measure, ArmKey first, double firstValue, ArmKey second, double secondValue) {
        this(measure, first, firstValue, second, secondValue, null, null);
    }

    /** Where a figure lies, as measured: {@code low <= high}. */
    public record Range(double low, double high) {
        public Range {
            if (!(low <= high)) {
                throw new IllegalArgumentException("a range runs from low to high, got " + low + " to " + high);
            }
        }

        /** A figure's spread over repeated runs, from the lowest to the highest; null without one. */
        public static Range of(Spread spread) {
            return spread == null ? null : new Range(spread.min(), spread.max());
        }

        /** A score and its error either side (JMH's 99.9 % interval); null without an error. */
        public static Range around(double value, Double error) {
            return error == null || !(error >= 0) ? null : new Range(value - error, value + error);
        }

        boolean overlaps(Range other) {
            return low <= other.high && other.low <= high;
        }
    }

    /** True when both figures have a measured range, so the ranges decide; false for one run, which names no lead. */
    public boolean byRanges() {
        return firstRange != null && secondRange != null;
    }

    /** Who led: only where both ranges were measured and lie apart; neither for one run or overlapping ranges. */
    public Leader leader() {
        if (!byRanges() || firstRange.overlaps(secondRange)) {
            return Leader.NEITHER;
        }
        return ahead();
    }

    /**
     * Whose figure was the better, lead or not (one run's figures, ranges that overlap): neither when they
     * are equal, or a time is none. A cause a measured figure shows may be said of it; a winner may not.
     */
    public Leader ahead() {
        return Leader.of(firstValue, secondValue, measure.higherIsBetter());
    }

    /** The better figure over the worse one, at least 1 (e.g. 2.0 when one took half the time). */
    public double factor() {
        double ratio = firstValue / secondValue;
        return ratio >= 1 ? ratio : 1 / ratio;
    }

    /** The arm that led, or null when neither did. */
    public ArmKey winner() {
        return switch (leader()) {
            case FIRST -> first;
            case SECOND -> second;
            case NEITHER -> null;
        };
    }
}
