package loomlab.core.finding;

/** Which of two figures was clearly better: by more than {@link #MARGIN}, or neither. */
public enum Leader {
    FIRST, SECOND, NEITHER;

    /** Less than 10 % apart is within what a shared 2-core machine varies by. */
    public static final double MARGIN = 1.1;

    public static Leader of(double first, double second, boolean higherIsBetter) {
        double ratio = higherIsBetter ? first / second : second / first;
        if (ratio > MARGIN) {
            return FIRST;
        }
        if (ratio < 1 / MARGIN) {
            return SECOND;
        }
        return NEITHER;
    }
}
