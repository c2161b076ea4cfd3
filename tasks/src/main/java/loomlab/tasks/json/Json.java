package loomlab.tasks.json;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes the one-line JSON results of the task programs. Kept in-house so the measured child JVM
 * loads no JSON library: its start-up time and RSS are part of what the programs report.
 */
public final class Json {
    private Json() {
    }

    /** An ordered object builder: fields print in the order they were put. */
    public static final class ObjectBuilder {
        private final Map<String, Object> fields = new LinkedHashMap<>();

        public ObjectBuilder put(String name, Object value) {
            fields.put(name, value);
            return this;
        }

        public Map<String, Object> fields() {
            return fields;
        }

        @Override
        public String toString() {
            return write(fields);
        }
    }

    public static ObjectBuilder object() {
        return new ObjectBuilder();
    }

    /** Serialises null, booleans, numbers (non-finite ones as null), strings, maps, collections and builders. */
    public static String write(Object value) {
        StringBuilder out = new StringBuilder(256);
        append(out, value);
        return out.toString();
    }

    private static void append(StringBuilder out, Object value) {
        switch (value) {
            case null -> out.append("null");
            case ObjectBuilder builder -> append(out, builder.fields);
            case Boolean bool -> out.append(bool);
            case Double number -> appendDecimal(out, number);
            case Float number -> appendDecimal(out, number.doubleValue());
            case Number number -> out.append(number);
            case CharSequence text -> appendString(out, text);
            case Map<?, ?> map -> {
                out.append('{');
                boolean first = true;
                for (Map.Entry<?, ?> entry : map.entrySet()) {
                    if (!first) {
                        out.append(',');
                    }
                    first = false;
                    appendString(out, String.valueOf(entry.getKey()));
                    out.append(':');
                    append(out, entry.getValue());
                }
                out.append('}');
            }
            case Collection<?> items -> {
                out.append('[');
                boolean first = true;
                for (Object item : items) {
                    if (!first) {
                        out.append(',');
                    }
                    first = false;
                    append(out, item);
                }
                out.append(']');
            }
            case long[] numbers -> {
                out.append('[');
                for (int i = 0; i < numbers.length; i++) {
                    out.append(i == 0 ? "" : ",").append(numbers[i]);
                }
                out.append(']');
            }
            case double[] numbers -> {
                out.append('[');
                for (int i = 0; i < numbers.length; i++) {
                    out.append(i == 0 ? "" : ",");
                    appendDecimal(out, numbers[i]);
                }
                out.append(']');
            }
            default -> appendString(out, value.toString());
        }
    }

    private static void appendDecimal(StringBuilder out, double number) {
        if (Double.isFinite(number)) {
            out.append(number);
        } else {
            out.append("null");
        }
    }

    private static void appendString(StringBuilder out, CharSequence text) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    /** Rounds to three decimals, enough for milliseconds and seconds in a report. */
    public static double round3(double value) {
        return Math.round(value * 1000.0) / 1000.0;
    }
}
