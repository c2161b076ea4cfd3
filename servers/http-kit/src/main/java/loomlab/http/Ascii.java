package loomlab.http;

import java.nio.charset.StandardCharsets;

/**
 * Byte-level helpers for HTTP's ASCII grammar, so parsers never build a String just to compare a
 * header name or read a number.
 */
final class Ascii {
    static final byte SP = ' ';
    static final byte HT = '\t';

    private static final boolean[] TOKEN_CHARS = new boolean[128];

    static {
        for (char c = '0'; c <= '9'; c++) {
            TOKEN_CHARS[c] = true;
        }
        for (char c = 'a'; c <= 'z'; c++) {
            TOKEN_CHARS[c] = true;
            TOKEN_CHARS[Character.toUpperCase(c)] = true;
        }
        for (char c : "!#$%&'*+-.^_`|~".toCharArray()) {
            TOKEN_CHARS[c] = true;
        }
    }

    private Ascii() {
    }

    /** A {@code tchar} of RFC 9110: allowed in header names and methods. */
    static boolean isTokenChar(byte b) {
        return b >= 0 && TOKEN_CHARS[b];
    }

    static boolean isDigit(byte b) {
        return b >= '0' && b <= '9';
    }

    static byte lower(byte b) {
        return b >= 'A' && b <= 'Z' ? (byte) (b + ('a' - 'A')) : b;
    }

    static byte[] bytes(String ascii) {
        return ascii.getBytes(StandardCharsets.US_ASCII);
    }

    /** Whether {@code text[from, to)} equals {@code lowerCase}, ignoring ASCII case. */
    static boolean equalsIgnoreCase(byte[] text, int from, int to, byte[] lowerCase) {
        if (to - from != lowerCase.length) {
            return false;
        }
        for (int i = 0; i < lowerCase.length; i++) {
            if (lower(text[from + i]) != lowerCase[i]) {
                return false;
            }
        }
        return true;
    }

    static int skipWhitespace(byte[] text, int from, int to) {
        while (from < to && (text[from] == SP || text[from] == HT)) {
            from++;
        }
        return from;
    }

    static int trimWhitespaceEnd(byte[] text, int from, int to) {
        while (to > from && (text[to - 1] == SP || text[to - 1] == HT)) {
            to--;
        }
        return to;
    }

    /** Whether the comma-separated list {@code text[from, to)} holds {@code lowerCaseToken}, ignoring case. */
    static boolean listContains(byte[] text, int from, int to, byte[] lowerCaseToken) {
        int start = from;
        for (int i = from; i <= to; i++) {
            if (i == to || text[i] == ',') {
                int elementStart = skipWhitespace(text, start, i);
                int elementEnd = trimWhitespaceEnd(text, elementStart, i);
                if (equalsIgnoreCase(text, elementStart, elementEnd, lowerCaseToken)) {
                    return true;
                }
                start = i + 1;
            }
        }
        return false;
    }

    /** Whether the last element of the comma-separated list {@code text[from, to)} is {@code lowerCaseToken}. */
    static boolean listEndsWith(byte[] text, int from, int to, byte[] lowerCaseToken) {
        int end = trimWhitespaceEnd(text, from, to);
        int start = end;
        while (start > from && text[start - 1] != ',') {
            start--;
        }
        start = skipWhitespace(text, start, end);
        return equalsIgnoreCase(text, start, end, lowerCaseToken);
    }

    /**
     * Reads a non-negative decimal number from {@code text[from, to)}; returns -1 when the range is
     * empty, holds anything but digits, or exceeds 18 digits (far beyond any real length).
     */
    static long parseDecimal(byte[] text, int from, int to) {
        if (from >= to || to - from > 18) {
            return -1;
        }
        long value = 0;
        for (int i = from; i < to; i++) {
            if (!isDigit(text[i])) {
                return -1;
            }
            value = value * 10 + (text[i] - '0');
        }
        return value;
    }

    /** The value of a hex digit, or -1. */
    static int hexValue(byte b) {
        if (b >= '0' && b <= '9') {
            return b - '0';
        }
        byte lower = lower(b);
        return lower >= 'a' && lower <= 'f' ? lower - 'a' + 10 : -1;
    }
}
