package loomlab.lab.report.chart;

/** A data point; a NaN {@code y} is a gap in the line. */
public record Point(double x, double y) {
}
