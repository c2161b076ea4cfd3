package loomlab.core.finding;

/** Which of two figures was clearly better: by more than a margin, or neither. */
public enum Leader {
    FIRST, SECOND, NEITHER;

    /**
     * Figures closer than this are not called different when nothing measured says how much they vary:
     * a convention of the lab, not a measurement of the machine. Repeated runs and JMH's score error
     * replace it where a comparison has them (see {@link Lead}).
     */
    public static final double MARGIN = 1.1;

    public static Leader of(double first, double second, boolean higherIsBetter) {
        return of(first, second, higherIsBetter, MARGIN);
    }

    /** Better by more than {@code margin} times (1 for any difference at all), or neither. */
    public static Leader of(double first, double second, boolean higherIsBetter, double margin) {
        // A time of 0 (or none) is no measurement: nothing is answered in no time, and it cannot win.
        if (!higherIsBetter && !(first > 0 && second > 0)) {
            return NEITHER;
        }
        double ratio = higherIsBetter ? first / second : second / first;
        if (ratio > margin) {
            return FIRST;
        }
        if (ratio < 1 / margin) {
            return SECOND;
        }
        return NEITHER;
    }
}
