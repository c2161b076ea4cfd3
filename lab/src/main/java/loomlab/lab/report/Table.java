package loomlab.lab.report;

import java.util.ArrayList;
import java.util.List;

/** A table of text cells that renders as aligned plain text or as Markdown. */
public final class Table {
    private final List<String> headers;
    private final List<List<String>> rows = new ArrayList<>();
    /** The leading columns of names and words, left-aligned in text; the rest are figures, right-aligned. */
    private final int wordColumns;

    public Table(List<String> headers) {
        this(headers, 1);
    }

    public Table(List<String> headers, int wordColumns) {
        this.headers = List.copyOf(headers);
        this.wordColumns = wordColumns;
    }

    public Table row(List<String> cells) {
        if (cells.size() != headers.size()) {
            throw new IllegalArgumentException("row has " + cells.size() + " cells for " + headers.size() + " columns");
        }
        rows.add(List.copyOf(cells));
        return this;
    }

    public List<String> headers() {
        return headers;
    }

    public List<List<String>> rows() {
        return List.copyOf(rows);
    }

    public String toText() {
        int[] widths = widths();
        StringBuilder out = new StringBuilder();
        appendText(out, headers, widths, wordColumns);
        StringBuilder rule = new StringBuilder();
        for (int i = 0; i < widths.length; i++) {
            rule.append(i == 0 ? "" : "  ").append("-".repeat(widths[i]));
        }
        out.append(rule).append('\n');
        rows.forEach(row -> appendText(out, row, widths, wordColumns));
        return out.toString();
    }

    public String toMarkdown() {
        StringBuilder out = new StringBuilder();
        out.append("| ").append(String.join(" | ", escaped(headers))).append(" |\n");
        out.append("|").append("---|".repeat(headers.size())).append('\n');
        rows.forEach(row -> out.append("| ").append(String.join(" | ", escaped(row))).append(" |\n"));
        return out.toString();
    }

    private int[] widths() {
        int[] widths = new int[headers.size()];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = headers.get(i).length();
            for (List<String> row : rows) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        return widths;
    }

    private static void appendText(StringBuilder out, List<String> cells, int[] widths, int wordColumns) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            String cell = cells.get(i);
            String padded = i < wordColumns ? cell + " ".repeat(widths[i] - cell.length())
                    : " ".repeat(widths[i] - cell.length()) + cell;
            line.append(i == 0 ? "" : "  ").append(padded);
        }
        out.append(line.toString().stripTrailing()).append('\n');
    }

    private static List<String> escaped(List<String> cells) {
        return cells.stream().map(c -> c.replace("|", "\\|")).toList();
    }
}
