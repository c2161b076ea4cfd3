package loomlab.core;

import java.util.List;

/**
 * A failure's text where one line must stand for it (a table's cell, a headline, a verdict's
 * sentence). A child that died is reported as "... died (exit code 3); last lines of its.log:" with
 * the log's tail beneath: its first line alone would end on that colon and drop what the child said,
 * so the tail's last line comes after it.
 */
public final class OneLine {
    private OneLine() {
    }

    /** The first line, and when it ends with a colon the last non-blank line after it; "" for null. */
    public static String of(String text) {
        if (text == null) {
            return "";
        }
        List<String> lines = text.lines().toList();
        if (lines.isEmpty()) {
            return "";
        }
        String first = lines.getFirst().stripTrailing();
        if (!first.endsWith(":")) {
            return first;
        }
        for (int i = lines.size() - 1; i > 0; i--) {
            String line = lines.get(i).strip();
            if (!line.isEmpty()) {
                return first + " " + line;
            }
        }
        return first + " (nothing)";
    }
}
