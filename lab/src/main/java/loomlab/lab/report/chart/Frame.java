package loomlab.lab.report.chart;

/** The plotting rectangle of a chart, and the gridlines, tick labels and titles around it. */
record Frame(double left, double top, double width, double height) {
    static final double TICK_FONT = 11;

    double right() {
        return left + width;
    }

    double bottom() {
        return top + height;
    }

    double x(Scale scale, double value) {
        return left + scale.fraction(value) * width;
    }

    double y(Scale scale, double value) {
        return bottom() - scale.fraction(value) * height;
    }

    /** Vertical gridlines at the ticks, labels under the plot, the title centred under them. */
    void xAxis(Svg svg, Scale scale, String title) {
        for (Tick tick : scale.ticks()) {
            double x = x(scale, tick.value());
            svg.line(x, top, x, bottom(), Svg.GRID, 1, null);
            svg.text(x, bottom() + 16, "middle", Svg.MUTED, TICK_FONT, null, tick.label());
        }
        svg.line(left, bottom(), right(), bottom(), Svg.MUTED, 1, null);
        svg.text(left + width / 2, bottom() + 34, "middle", Svg.MUTED, 12, null, title);
    }

    /** Horizontal gridlines at the ticks, labels left of the plot, the title above its top left. */
    void yAxis(Svg svg, Scale scale, String title) {
        for (Tick tick : scale.ticks()) {
            double y = y(scale, tick.value());
            svg.line(left, y, right(), y, Svg.GRID, 1, null);
            svg.text(left - 6, y + 4, "end", Svg.MUTED, TICK_FONT, null, tick.label());
        }
        svg.line(left, top, left, bottom(), Svg.MUTED, 1, null);
        svg.text(8, top - 10, "start", Svg.MUTED, 12, null, title);
    }

    /** The widest tick label of a scale, to size the margin that holds them. */
    static double labelWidth(Scale scale) {
        return scale.ticks().stream().mapToDouble(t -> Svg.textWidth(t.label(), TICK_FONT)).max().orElse(0);
    }
}
