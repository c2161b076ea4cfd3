package loomlab.core.finding;

/** Which of two figures was the better, or neither. Whether that is a lead is the comparison's to say ({@link Lead}). */
public enum Leader {
    FIRST, SECOND, NEITHER;

    /** The better of two figures by any difference, or neither when they are equal. */
    public static Leader of(double first, double second, boolean higherIsBetter) {
        // A time of 0 (or none) is no measurement: nothing is answered in no time, and it cannot win.
        if (!higherIsBetter && !(first > 0 && second > 0)) {
            return NEITHER;
        }
        double ratio = higherIsBetter ? first / second : second / first;
        if (ratio > 1) {
            return FIRST;
        }
        if (ratio < 1) {
            return SECOND;
        }
        return NEITHER;
    }
}
