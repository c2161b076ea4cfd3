package loomlab.lab.report.chart;

import java.util.List;

/**
 * One line of a line chart.
 *
 * @param dashed for references drawn beside measurements, such as a bound
 */
public record Series(String name, List<Point> points, String colour, boolean dashed) {
    public Series {
        points = List.copyOf(points);
    }

    public static Series solid(String name, List<Point> points, String colour) {
        return new Series(name, points, colour, false);
    }

    public static Series dashed(String name, List<Point> points, String colour) {
        return new Series(name, points, colour, true);
    }
}
