package loomlab.lab.load;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reading figures out of a load tool's text: numbers after labels, durations with units. */
final class ToolOutput {
    private final String text;
    private final String tool;

    ToolOutput(String tool, String text) {
        this.tool = tool;
        this.text = text;
    }

    /** The first group of the first match, or empty. */
    Optional<String> find(Pattern pattern) {
        Matcher matcher = pattern.matcher(text);
        return matcher.find() ? Optional.of(matcher.group(1)) : Optional.empty();
    }

    Optional<Matcher> match(Pattern pattern) {
        Matcher matcher = pattern.matcher(text);
        return matcher.find() ? Optional.of(matcher) : Optional.empty();
    }

    /** A figure every complete output has; its absence means the run did not finish. */
    String require(Pattern pattern, String what) {
        return find(pattern).orElseThrow(() -> new IllegalStateException(tool + " printed no " + what
                + "; its output ends with: " + lastLine()));
    }

    long requireLong(Pattern pattern, String what) {
        return Long.parseLong(require(pattern, what));
    }

    double requireDouble(Pattern pattern, String what) {
        return Double.parseDouble(require(pattern, what));
    }

    Optional<Double> optionalDouble(Pattern pattern) {
        return find(pattern).map(Double::parseDouble);
    }

    long optionalLong(Pattern pattern) {
        return find(pattern).map(Long::parseLong).orElse(0L);
    }

    String lastLine() {
        return text.lines().filter(line -> !line.isBlank()).reduce((first, second) -> second).orElse("(nothing)")
                .strip();
    }

    /** wrk's durations: a number and one of us, ms, s, m, h; in milliseconds. */
    static double millis(String number, String unit) {
        double value = Double.parseDouble(number);
        return switch (unit.toLowerCase(Locale.ROOT)) {
            case "us" -> value / 1000;
            case "ms" -> value;
            case "s" -> value * 1000;
            case "m" -> value * 60_000;
            case "h" -> value * 3_600_000;
            default -> throw new IllegalArgumentException("unknown time unit '" + unit + "'");
        };
    }
}
