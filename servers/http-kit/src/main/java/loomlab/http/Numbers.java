package loomlab.http;

import java.util.OptionalLong;

/** Strict parsing of the whole numbers found in paths, query parameters and options. */
public final class Numbers {
    private Numbers() {
    }

    /** Digits only (no sign, no spaces), between {@code min} and {@code max}; empty otherwise. */
    public static OptionalLong parseInRange(String text, long min, long max) {
        if (text == null || text.isEmpty() || text.length() > 18) {
            return OptionalLong.empty();
        }
        long value = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return OptionalLong.empty();
            }
            value = value * 10 + (c - '0');
        }
        return value >= min && value <= max ? OptionalLong.of(value) : OptionalLong.empty();
    }
}
