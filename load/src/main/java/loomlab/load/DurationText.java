package loomlab.load;

import java.time.Duration;
import java.util.Locale;

/** Durations as people type them: "250ms", "10s", "2m", "1h", "1.5s"; a bare number means seconds. */
public final class DurationText {

    private DurationText() {
    }

    public static Duration parse(String text) {
        String trimmed = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        int unitStart = 0;
        while (unitStart < trimmed.length() && (Character.isDigit(trimmed.charAt(unitStart)) || trimmed.charAt(unitStart) == '.')) {
            unitStart++;
        }
        String number = trimmed.substring(0, unitStart);
        String unit = trimmed.substring(unitStart);
        long nanosPerUnit = switch (unit) {
            case "ns" -> 1L;
            case "us" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "", "s" -> 1_000_000_000L;
            case "m" -> 60_000_000_000L;
            case "h" -> 3_600_000_000_000L;
            default -> throw invalid(text);
        };
        if (number.isEmpty()) {
            throw invalid(text);
        }
        double value;
        try {
            value = Double.parseDouble(number);
        } catch (NumberFormatException e) {
            throw invalid(text);
        }
        double nanos = value * nanosPerUnit;
        if (nanos >= Long.MAX_VALUE) {
            throw invalid(text);
        }
        return Duration.ofNanos(Math.round(nanos));
    }

    /** The shortest exact form among s, ms, us and ns, e.g. "10s", "250ms", "1500us". */
    public static String format(Duration duration) {
        if (duration.isNegative()) {
            return "-" + format(duration.negated());
        }
        long nanos = duration.toNanos();
        if (nanos == 0) {
            return "0s";
        }
        if (nanos % 1_000_000_000L == 0) {
            return nanos / 1_000_000_000L + "s";
        }
        if (nanos % 1_000_000L == 0) {
            return nanos / 1_000_000L + "ms";
        }
        if (nanos % 1_000L == 0) {
            return nanos / 1_000L + "us";
        }
        return nanos + "ns";
    }

    private static IllegalArgumentException invalid(String text) {
        return new IllegalArgumentException("not a duration: '" + text + "' (use e.g. 500ms, 10s, 2m, 1h)");
    }
}
