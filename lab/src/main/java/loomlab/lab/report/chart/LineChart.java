package loomlab.lab.report.chart;

import java.util.ArrayList;
import java.util.List;

/**
 * A line chart as inline SVG: one or more series over shared axes, each optionally logarithmic,
 * with gridlines, tick labels, axis titles and a legend. Points carry tooltips with their values.
 */
public final class LineChart {
    /** Series with more points than this are drawn as lines only; markers would crowd them. */
    private static final int MAX_MARKERS = 24;
    private static final double TOP = 48;

    private final String title;
    private Axis x = Axis.linear("");
    private Axis y = Axis.linear("");
    private final List<Series> series = new ArrayList<>();
    private double width = 620;
    private double plotHeight = 220;
    private boolean legend = true;

    private LineChart(String title) {
        this.title = title;
    }

    public static LineChart titled(String title) {
        return new LineChart(title);
    }

    public LineChart x(Axis axis) {
        this.x = axis;
        return this;
    }

    public LineChart y(Axis axis) {
        this.y = axis;
        return this;
    }

    public LineChart series(Series line) {
        series.add(line);
        return this;
    }

    public LineChart series(List<Series> lines) {
        series.addAll(lines);
        return this;
    }

    public LineChart size(double chartWidth, double plotAreaHeight) {
        this.width = chartWidth;
        this.plotHeight = plotAreaHeight;
        return this;
    }

    /** Without a legend, for small multiples that share one legend drawn elsewhere. */
    public LineChart withoutLegend() {
        this.legend = false;
        return this;
    }

    /** A legend on its own, for small multiples that leave theirs out. */
    public static String legend(List<Series> series, double width) {
        Legend key = new Legend(series.stream().map(s -> new Legend.Entry(s.name(), s.colour(), s.dashed())).toList(),
                width - 16);
        Svg svg = new Svg(width, key.height() + 4, "legend");
        key.draw(svg, 8, 2);
        return svg.close();
    }

    public String render() {
        Scale xScale = x.scaleFor(series.stream().flatMap(s -> s.points().stream()).map(Point::x).toList());
        Scale yScale = y.scaleFor(series.stream().flatMap(s -> s.points().stream())
                .filter(p -> xScale.shows(p.x())).map(Point::y).toList());
        double left = Math.max(44, Frame.labelWidth(yScale) + 16);
        Frame frame = new Frame(left, TOP, width - left - 18, plotHeight);
        Legend key = new Legend(legend ? series.stream().map(s -> new Legend.Entry(s.name(), s.colour(), s.dashed()))
                .toList() : List.of(), width - 16);
        double height = frame.bottom() + 44 + (key.height() > 0 ? key.height() + 6 : 0);
        Svg svg = new Svg(width, height, title);
        svg.text(8, 20, "start", Svg.INK, 14, "600", title);
        frame.yAxis(svg, yScale, y.title());
        frame.xAxis(svg, xScale, x.title());
        if (series.stream().flatMap(s -> s.points().stream())
                .noneMatch(p -> xScale.shows(p.x()) && yScale.shows(p.y()))) {
            svg.text(frame.left() + frame.width() / 2, frame.top() + frame.height() / 2, "middle", Svg.MUTED, 12,
                    null, "no data");
        }
        for (Series line : series) {
            draw(svg, frame, xScale, yScale, line);
        }
        key.draw(svg, 8, frame.bottom() + 48);
        return svg.close();
    }

    private void draw(Svg svg, Frame frame, Scale xScale, Scale yScale, Series line) {
        List<List<double[]>> runs = new ArrayList<>();
        List<double[]> run = new ArrayList<>();
        List<Point> shown = new ArrayList<>();
        for (Point p : line.points()) {
            if (xScale.shows(p.x()) && yScale.shows(p.y())) {
                run.add(new double[] {frame.x(xScale, p.x()), frame.y(yScale, p.y())});
                shown.add(p);
            } else if (!run.isEmpty()) {
                runs.add(run);
                run = new ArrayList<>();
            }
        }
        if (!run.isEmpty()) {
            runs.add(run);
        }
        svg.path(runs, line.colour(), line.dashed() ? 1.5 : 2.25, line.dashed() ? "6 4" : null, line.name());
        if (!line.dashed() && shown.size() <= MAX_MARKERS) {
            for (Point p : shown) {
                svg.circle(frame.x(xScale, p.x()), frame.y(yScale, p.y()), 3, line.colour(),
                        line.name() + " \u2014 " + x.title() + ": " + x.valueText().apply(p.x()) + "; " + y.title()
                                + ": " + y.valueText().apply(p.y()));
            }
        }
    }
}
