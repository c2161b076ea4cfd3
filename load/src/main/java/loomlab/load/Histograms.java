package loomlab.load;

import org.HdrHistogram.Histogram;

/** The one histogram shape used throughout: nanoseconds, 3 significant digits, growing as needed. */
final class Histograms {
    static final int SIGNIFICANT_DIGITS = 3;

    private Histograms() {
    }

    static Histogram create() {
        return new Histogram(SIGNIFICANT_DIGITS);
    }
}
