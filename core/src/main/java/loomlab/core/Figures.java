package loomlab.core;

import java.util.Locale;

/**
 * Numbers written the way people read them in tables, sentences and arm names: the lab's one
 * formatter, so a figure reads the same wherever it appears.
 */
public final class Figures {
    private Figures() {
    }

    /**
     * Three significant figures or so: 390, 19.4, 0.05. An unknown figure is {@code null} everywhere in
     * the lab (results.json writes it as null), and reads {@code n/a}; so does a ratio over a zero.
     */
    public static String num(Double value) {
        if (!known(value)) {
            return "n/a";
        }
        double abs = Math.abs(value);
        String pattern = abs >= 100 ? "%,.0f" : abs >= 10 ? "%.1f" : "%.2f";
        return String.format(Locale.ROOT, pattern, value);
    }

    public static String percent(Double fraction) {
        return known(fraction) ? String.format(Locale.ROOT, "%.0f%%", fraction * 100) : "n/a";
    }

    /**
     * A ratio with one decimal, thousands grouped (11.7x, 1,038.8x): never rounded to a whole number,
     * which could lift an "at least" above what was measured.
     */
    public static String times(Double ratio) {
        return known(ratio) ? String.format(Locale.ROOT, "%,.1fx", ratio) : "n/a";
    }

    private static boolean known(Double value) {
        return value != null && Double.isFinite(value);
    }

    /** Like {@link #num(Double)} without trailing zeros: {@code 1}, {@code 0.5}, {@code 2.25}. */
    public static String plain(double value) {
        String text = num(value);
        return text.contains(".") ? text.replaceAll("0+$", "").replaceAll("\\.$", "") : text;
    }

    /** A count with thousands separators: 12,785. */
    public static String count(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    /** A count, or {@code n/a} when it is unknown. */
    public static String count(Long value) {
        return value == null ? "n/a" : count(value.longValue());
    }

    /** A whole number of milliseconds as people write it: {@code 50 ms}, {@code 1 s}, {@code 2.5 s}. */
    public static String millis(long millis) {
        if (millis < 1000) {
            return millis + " ms";
        }
        return (millis % 1000 == 0 ? String.valueOf(millis / 1000) : String.valueOf(millis / 1000.0)) + " s";
    }

    /** Seconds as milliseconds below a second: {@code 50.0 ms}, {@code 1.10 s}. */
    public static String duration(double seconds) {
        return seconds < 1 ? num(seconds * 1000) + " ms" : num(seconds) + " s";
    }
}
