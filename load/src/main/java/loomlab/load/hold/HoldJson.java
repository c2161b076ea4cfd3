package loomlab.load.hold;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Writes one flat JSON object by hand: the load module has no JSON library at run time, and the
 * result needs only strings, numbers, booleans, nulls and one level of nesting.
 */
final class HoldJson {
    private final StringBuilder text = new StringBuilder("{");
    private boolean empty = true;

    HoldJson string(String name, String value) {
        return raw(name, value == null ? "null" : quote(value));
    }

    HoldJson number(String name, long value) {
        return raw(name, Long.toString(value));
    }

    /** Rounded to {@code decimals} places, trailing zeros dropped; null (or not finite) writes null. */
    HoldJson decimal(String name, Double value, int decimals) {
        return raw(name, decimal(value, decimals));
    }

    HoldJson bool(String name, boolean value) {
        return raw(name, Boolean.toString(value));
    }

    /** {@code json} must already be valid JSON text (a nested object, or null). */
    HoldJson raw(String name, String json) {
        if (!empty) {
            text.append(',');
        }
        empty = false;
        text.append(quote(name)).append(':').append(json);
        return this;
    }

    String end() {
        return text + "}";
    }

    static String decimal(Double value, int decimals) {
        if (value == null || value.isNaN() || value.isInfinite()) {
            return "null";
        }
        return BigDecimal.valueOf(value).setScale(decimals, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
    }

    /** A JSON string literal: quotes, backslashes and every control character escaped. */
    static String quote(String value) {
        StringBuilder quoted = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> quoted.append("\\\"");
                case '\\' -> quoted.append("\\\\");
                case '\n' -> quoted.append("\\n");
                case '\r' -> quoted.append("\\r");
                case '\t' -> quoted.append("\\t");
                case '\b' -> quoted.append("\\b");
                case '\f' -> quoted.append("\\f");
                default -> {
                    if (c < 0x20) {
                        quoted.append(String.format("\\u%04x", (int) c));
                    } else {
                        quoted.append(c);
                    }
                }
            }
        }
        return quoted.append('"').toString();
    }
}
