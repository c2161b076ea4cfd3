package loomlab.lab.report.chart;

/** A labelled mark on an axis. */
public record Tick(double value, String label) {
}
