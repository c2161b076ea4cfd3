package loomlab.lab.report.html;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.result.ExperimentResult;
import loomlab.lab.report.ArmTables;
import loomlab.lab.report.verdict.FlagText;
import loomlab.lab.report.Table;

/**
 * An experiment's seed-versus-lab table (the same cells as the console and summary.md) as HTML:
 * figures right-aligned, arms with flags (errors, above their bound, a saturated generator) and arms
 * that did not run marked.
 */
final class HtmlTable {
    private static final Pattern FIGURE = Pattern.compile("[-0-9.,%() ]+( (req/s|s))?|n/a");
    /** A figure with the range of its repeated runs, as ArmTables writes it: {@code 391 (380-400)}. */
    private static final Pattern WITH_SPREAD = Pattern.compile("(\\S+) \\(([^()-]+)-([^()-]+)\\)");

    private HtmlTable() {
    }

    static void append(StringBuilder out, ExperimentResult experiment) {
        for (ArmTables.Part part : ArmTables.parts(experiment)) {
            append(out, part.table(), part.arms());
        }
    }

    private static void append(StringBuilder out, Table table, List<ArmResult> arms) {
        List<List<String>> rows = table.rows();
        boolean[] numeric = numericColumns(table.headers().size(), rows);
        out.append("<div class=\"table-wrap\"><table>\n<thead><tr>");
        for (int c = 0; c < table.headers().size(); c++) {
            out.append(numeric[c] ? "<th class=\"num\">" : "<th>").append(Html.escape(table.headers().get(c)))
                    .append("</th>");
        }
        out.append("</tr></thead>\n<tbody>\n");
        for (int r = 0; r < rows.size(); r++) {
            ArmResult arm = r < arms.size() ? arms.get(r) : null;
            out.append("<tr").append(rowClass(arm)).append('>');
            List<String> cells = rows.get(r);
            for (int c = 0; c < cells.size(); c++) {
                out.append(numeric[c] ? "<td class=\"num\">" : "<td>").append(cellHtml(cells.get(c)));
                if (c == 0 && !flags(arm).isEmpty()) {
                    out.append(" <span class=\"badge\" title=\"").append(Html.escape(String.join("; ", flags(arm))))
                            .append("\">flagged</span>");
                }
                out.append("</td>");
            }
            out.append("</tr>\n");
        }
        out.append("</tbody></table></div>\n");
    }

    /** Columns of figures are right-aligned, header included; the first column names the arm. */
    private static boolean[] numericColumns(int columns, List<List<String>> rows) {
        boolean[] numeric = new boolean[columns];
        for (int c = 1; c < columns; c++) {
            int column = c;
            numeric[c] = rows.stream().map(row -> row.get(column)).anyMatch(cell -> !cell.isEmpty())
                    && rows.stream().map(row -> row.get(column))
                    .allMatch(cell -> cell.isEmpty() || FIGURE.matcher(cell).matches());
        }
        return numeric;
    }

    /** The range of repeated runs goes on a line of its own under the figure, so columns stay narrow. */
    private static String cellHtml(String cell) {
        Matcher spread = WITH_SPREAD.matcher(cell);
        if (spread.matches()) {
            return Html.escape(spread.group(1)) + "<span class=\"spread\" title=\"lowest to highest run\">"
                    + Html.escape(spread.group(2)) + "\u2013" + Html.escape(spread.group(3)) + "</span>";
        }
        return Html.escape(cell);
    }

    private static String rowClass(ArmResult arm) {
        if (arm != null && !arm.ran()) {
            return " class=\"failed\"";
        }
        return flags(arm).isEmpty() ? "" : " class=\"flagged\"";
    }

    private static List<String> flags(ArmResult arm) {
        return arm instanceof HttpArmResult h ? FlagText.of(h.flags()) : List.of();
    }
}
