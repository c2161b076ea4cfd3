package loomlab.core.finding;

import loomlab.core.arm.ArmKey;

/**
 * Two arms compared by one measure: who led and by how much, judged from the figures.
 *
 * @param first       usually the virtual-thread arm
 * @param second      the arm it is compared with
 */
public record Lead(Measure measure, ArmKey first, double firstValue, ArmKey second, double secondValue)
        implements Finding {

    public Leader leader() {
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
