package loomlab.lab.report.chart;

/** A data point; a NaN {@code y} is a gap in the line. */
public record Point(double x, double y) {
    /**
     * A figure as the charts draw it. The lab's unknown figure is {@code null}; the charts draw
     * primitives, in which, as in plotting libraries, NaN is the gap in a line or the missing bar.
     */
    public static double orGap(Double figure) {
        return figure == null ? Double.NaN : figure;
    }
}
