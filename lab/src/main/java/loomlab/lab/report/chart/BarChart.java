package loomlab.lab.report.chart;

import java.util.ArrayList;
import java.util.List;

/**
 * A horizontal bar chart as inline SVG: one row per category (its name on the left, where long
 * names fit), one bar per group in each row, the value written at the bar's end, and optionally a
 * whisker from a low to a high value (the spread of repeated runs).
 */
public final class BarChart {
    private static final double BAR = 16;
    private static final double ROW_GAP = 10;
    private static final double TOP = 48;
    private static final int MAX_LABEL_CHARS = 42;

    /**
     * One kind of bar across the categories.
     *
     * @param values one per category; NaN for a category without this bar
     * @param low    the whisker's low end per category, or null for no whiskers
     * @param high   the whisker's high end per category, or null
     */
    public record Group(String name, String colour, List<Double> values, List<Double> low, List<Double> high) {
        public static Group of(String name, String colour, List<Double> values) {
            return new Group(name, colour, values, null, null);
        }
    }

    private final String title;
    private final List<String> categories = new ArrayList<>();
    private final List<Group> groups = new ArrayList<>();
    private Axis axis = Axis.linear("");
    private double width = 620;

    private BarChart(String title) {
        this.title = title;
    }

    public static BarChart titled(String title) {
        return new BarChart(title);
    }

    public BarChart categories(List<String> names) {
        categories.addAll(names);
        return this;
    }

    public BarChart group(Group group) {
        if (group.values().size() != categories.size()) {
            throw new IllegalArgumentException(group.name() + " has " + group.values().size() + " values for "
                    + categories.size() + " categories");
        }
        groups.add(group);
        return this;
    }

    public BarChart axis(Axis valueAxis) {
        this.axis = valueAxis;
        return this;
    }

    public BarChart width(double chartWidth) {
        this.width = chartWidth;
        return this;
    }

    public String render() {
        List<Double> all = new ArrayList<>();
        for (Group group : groups) {
            all.addAll(group.values());
            if (group.high() != null) {
                all.addAll(group.high());
            }
        }
        Scale scale = axis.scaleFor(all);
        double labels = categories.stream().mapToDouble(c -> Svg.textWidth(shortened(c), 12)).max().orElse(0);
        double valueRoom = 48;
        Frame frame = new Frame(Math.max(60, labels + 16), TOP, 0, rowHeight() * categories.size());
        frame = new Frame(frame.left(), frame.top(), width - frame.left() - valueRoom, frame.height());
        Legend key = new Legend(groups.size() > 1 ? groups.stream().map(g -> new Legend.Entry(g.name(), g.colour(),
                false)).toList() : List.of(), width - 16);
        double height = frame.bottom() + 44 + (key.height() > 0 ? key.height() + 6 : 0);
        Svg svg = new Svg(width, height, title);
        svg.text(8, 20, "start", Svg.INK, 14, "600", title);
        frame.xAxis(svg, scale, axis.title());
        for (int c = 0; c < categories.size(); c++) {
            double rowTop = frame.top() + c * rowHeight() + ROW_GAP / 2;
            svg.text(frame.left() - 8, rowTop + groups.size() * BAR / 2 + 4, "end", Svg.INK, 12, null,
                    shortened(categories.get(c)));
            for (int g = 0; g < groups.size(); g++) {
                bar(svg, frame, scale, categories.get(c), groups.get(g), c, rowTop + g * BAR);
            }
        }
        svg.line(frame.left(), frame.top(), frame.left(), frame.bottom(), Svg.MUTED, 1, null);
        key.draw(svg, 8, frame.bottom() + 48);
        return svg.close();
    }

    private void bar(Svg svg, Frame frame, Scale scale, String category, Group group, int index, double top) {
        double value = group.values().get(index);
        if (!scale.shows(value)) {
            svg.text(frame.left() + 4, top + BAR / 2 + 4, "start", Svg.MUTED, 11, null, "n/a");
            return;
        }
        double start = scale.shows(0) ? Math.max(frame.left(), frame.x(scale, 0)) : frame.left();
        double end = frame.x(scale, value);
        String valueText = axis.valueText().apply(value);
        String tooltip = category + " \u2014 " + group.name() + ", " + axis.title() + ": " + valueText;
        double inset = 2;
        if (group.low() != null && group.high() != null && scale.shows(group.low().get(index))
                && scale.shows(group.high().get(index))) {
            tooltip += " (runs from " + axis.valueText().apply(group.low().get(index)) + " to "
                    + axis.valueText().apply(group.high().get(index)) + ")";
        }
        svg.rect(start, top + inset, end - start, BAR - 2 * inset, group.colour(), tooltip);
        double labelX = end + 4;
        if (group.low() != null && group.high() != null && scale.shows(group.low().get(index))
                && scale.shows(group.high().get(index))) {
            double low = frame.x(scale, group.low().get(index));
            double high = frame.x(scale, group.high().get(index));
            double middle = top + BAR / 2;
            svg.line(low, middle, high, middle, Svg.INK, 1.25, null);
            svg.line(low, middle - 4, low, middle + 4, Svg.INK, 1.25, null);
            svg.line(high, middle - 4, high, middle + 4, Svg.INK, 1.25, null);
            labelX = Math.max(labelX, high + 4);
        }
        svg.text(labelX, top + BAR / 2 + 4, "start", Svg.MUTED, 11, null, valueText);
    }

    private double rowHeight() {
        return groups.size() * BAR + ROW_GAP;
    }

    private static String shortened(String name) {
        return name.length() <= MAX_LABEL_CHARS ? name : name.substring(0, MAX_LABEL_CHARS - 1) + "\u2026";
    }
}
