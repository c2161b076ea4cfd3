package loomlab.tasks.cli;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * {@code --name value} or {@code --name=value} pairs, checked against the names a program accepts.
 * Every lookup that fails throws {@link UsageException} with a one-line message, so a program never
 * starts work on half-understood input.
 */
public final class Options {
    private final Map<String, String> values;

    private Options(Map<String, String> values) {
        this.values = values;
    }

    /** Parses {@code args}; names outside {@code accepted} (given without the leading dashes) are rejected. */
    public static Options parse(String[] args, Set<String> accepted) {
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (!arg.startsWith("--") || arg.length() == 2) {
                throw new UsageException("unexpected argument '" + arg + "'; options: " + listed(accepted));
            }
            int equals = arg.indexOf('=');
            String name = equals < 0 ? arg.substring(2) : arg.substring(2, equals);
            String value;
            if (equals >= 0) {
                value = arg.substring(equals + 1);
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                throw new UsageException("option --" + name + " needs a value");
            }
            if (!accepted.contains(name)) {
                throw new UsageException("unknown option --" + name + "; options: " + listed(accepted));
            }
            if (values.put(name, value) != null) {
                throw new UsageException("option --" + name + " given twice");
            }
        }
        return new Options(Collections.unmodifiableMap(values));
    }

    public boolean has(String name) {
        return values.containsKey(name);
    }

    public String text(String name, String fallback) {
        return values.getOrDefault(name, fallback);
    }

    /** A whole number of at least {@code min}. */
    public int integer(String name, int fallback, int min) {
        return (int) whole(name, fallback, min, Integer.MAX_VALUE);
    }

    /** A whole number of at least {@code min}, up to {@code Long.MAX_VALUE}. */
    public long longInteger(String name, long fallback, long min) {
        return whole(name, fallback, min, Long.MAX_VALUE);
    }

    /** One of the choices a parser accepts; the parser's {@link IllegalArgumentException} message becomes the usage line. */
    public <T> T choice(String name, String fallback, Function<String, T> parser) {
        String text = text(name, fallback);
        try {
            return parser.apply(text);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--" + name + ": " + e.getMessage());
        }
    }

    private long whole(String name, long fallback, long min, long max) {
        String text = values.get(name);
        if (text == null) {
            return fallback;
        }
        long value;
        try {
            value = Long.parseLong(text.trim().replace("_", ""));
        } catch (NumberFormatException e) {
            throw new UsageException("--" + name + ": '" + text + "' is not a whole number");
        }
        if (value < min || value > max) {
            throw new UsageException("--" + name + ": " + value + " is out of range; it must be between " + min + " and " + max);
        }
        return value;
    }

    private static String listed(Set<String> accepted) {
        return String.join(", ", new TreeSet<>(accepted).stream().map(n -> "--" + n).toList());
    }
}
