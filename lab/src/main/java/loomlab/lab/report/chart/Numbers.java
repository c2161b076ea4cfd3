package loomlab.lab.report.chart;

import java.math.BigDecimal;
import java.util.Locale;

/** Numbers as axis labels: as many decimals as the tick step needs, thousands as k, millions as M. */
final class Numbers {
    private Numbers() {
    }

    static String label(double value, double step) {
        return label(value, step, Math.abs(value));
    }

    /** A label on an axis that reaches {@code largest}: every label of one axis uses the same unit. */
    static String label(double value, double step, double largest) {
        if (value == 0) {
            return "0";
        }
        if (largest >= 1_000_000 && Math.abs(step) >= 100_000) {
            return plain(value / 1_000_000, step / 1_000_000) + "M";
        }
        if (largest >= 10_000 && Math.abs(step) >= 1_000) {
            return plain(value / 1_000, step / 1_000) + "k";
        }
        return plain(value, step);
    }

    private static String plain(double value, double step) {
        int decimals = Math.max(0, (int) Math.ceil(-Math.log10(Math.abs(step)) - 1e-9));
        String text = String.format(Locale.ROOT, "%." + Math.min(decimals, 6) + "f", value);
        return text.contains(".") ? new BigDecimal(text).stripTrailingZeros().toPlainString() : text;
    }

    /** A value for a tooltip: three significant figures at most. */
    static String value(double value) {
        if (!Double.isFinite(value)) {
            return "n/a";
        }
        double abs = Math.abs(value);
        String pattern = abs >= 100 ? "%.0f" : abs >= 10 ? "%.1f" : abs >= 1 ? "%.2f" : "%.3f";
        return String.format(Locale.ROOT, pattern, value);
    }
}
