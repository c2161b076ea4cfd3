package loomlab.lab.report.chart;

import java.util.ArrayList;
import java.util.List;

/** Swatches and names, laid out in rows that wrap at the chart's width. */
final class Legend {
    static final double ROW_HEIGHT = 18;
    private static final double SWATCH = 18;
    private static final double GAP = 18;

    record Entry(String name, String colour, boolean dashed) {
    }

    private record Placed(Entry entry, double x, int row) {
    }

    private final List<Placed> placed = new ArrayList<>();
    private final int rows;

    Legend(List<Entry> entries, double width) {
        double x = 0;
        int row = 0;
        for (Entry entry : entries) {
            double itemWidth = SWATCH + 6 + Svg.textWidth(entry.name(), 12);
            if (x > 0 && x + itemWidth > width) {
                x = 0;
                row++;
            }
            placed.add(new Placed(entry, x, row));
            x += itemWidth + GAP;
        }
        rows = entries.isEmpty() ? 0 : row + 1;
    }

    double height() {
        return rows * ROW_HEIGHT;
    }

    void draw(Svg svg, double left, double top) {
        for (Placed p : placed) {
            double y = top + p.row() * ROW_HEIGHT + ROW_HEIGHT / 2;
            double x = left + p.x();
            svg.line(x, y, x + SWATCH, y, p.entry().colour(), 3, p.entry().dashed() ? "5 3" : null);
            svg.text(x + SWATCH + 6, y + 4, "start", Svg.INK, 12, null, p.entry().name());
        }
    }
}
