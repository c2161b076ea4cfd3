package loomlab.lab.report.html;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import loomlab.core.Figures;
import loomlab.core.arm.AssessArmResult;
import loomlab.core.assess.Capacity;
import loomlab.core.assess.CapacityStep;
import loomlab.core.pinning.PinningSite;
import loomlab.lab.report.chart.Axis;
import loomlab.lab.report.chart.BarChart;
import loomlab.lab.report.chart.LineChart;
import loomlab.lab.report.chart.Palette;
import loomlab.lab.report.chart.Point;
import loomlab.lab.report.chart.Series;

/**
 * An assessment's charts and its pinning table: throughput against users (the closed-model curve),
 * p99 against the offered rate (the capacity search) with the target and each arm's capacity,
 * the capacities with their brackets, and what each arm cost. Each arm keeps its colour throughout.
 */
final class AssessCharts {
    private static final String TARGET = "#7b8794";

    /** An assessed arm with its colour. */
    record Arm(AssessArmResult result, String colour) {
    }

    private AssessCharts() {
    }

    static List<String> curves(List<Arm> arms) {
        List<Series> series = arms.stream().map(a -> Series.solid(a.result().name(), a.result().curve().stream()
                .map(p -> new Point(p.users(), p.throughputRps())).toList(), a.colour())).toList();
        return List.of(LineChart.titled("Throughput against users (closed model)").x(Axis.auto("users"))
                .y(Axis.linear("req/s")).series(series).size(HttpCharts.WIDE, 240).render());
    }

    /**
     * Every step of each arm's search by offered rate, the target as a dashed line across, and each
     * arm's capacity as a dashed upright line in its colour; for the arms of one workload, named in the
     * title ({@code workload} null when there is only one).
     */
    static String p99AgainstRate(List<Arm> arms, String workload) {
        double slo = arms.getFirst().result().setup().sloP99Ms();
        List<Double> rates = new ArrayList<>();
        List<Double> p99s = new ArrayList<>(List.of(slo));
        for (Arm arm : arms) {
            for (Capacity.TriedStep tried : arm.result().capacity().steps()) {
                rates.add(tried.step().rateRps());
                if (tried.step().p99Ms() != null && tried.step().p99Ms() > 0) {
                    p99s.add(tried.step().p99Ms());
                }
            }
        }
        List<Series> series = new ArrayList<>();
        for (Arm arm : arms) {
            List<Point> points = arm.result().capacity().steps().stream().map(Capacity.TriedStep::step)
                    .sorted(Comparator.comparingDouble(CapacityStep::rateRps))
                    .map(s -> new Point(s.rateRps(), Point.orGap(s.p99Ms()))).toList();
            series.add(Series.solid(arm.result().name(), points, arm.colour()));
        }
        if (!rates.isEmpty()) {
            double low = rates.stream().min(Double::compare).orElseThrow();
            double high = rates.stream().max(Double::compare).orElseThrow();
            series.add(Series.dashed("p99 target " + Figures.num(slo) + " ms", List.of(new Point(low, slo),
                    new Point(high, slo)), TARGET));
            double bottom = p99s.stream().min(Double::compare).orElseThrow();
            double top = p99s.stream().max(Double::compare).orElseThrow();
            for (Arm arm : arms) {
                Double capacity = arm.result().capacity().rps();
                if (capacity != null) {
                    series.add(Series.dashed(arm.result().name() + ": capacity " + Figures.num(capacity) + " req/s",
                            List.of(new Point(capacity, bottom), new Point(capacity, top)), arm.colour()));
                }
            }
        }
        return LineChart.titled((workload == null ? "" : workload + ": ")
                + "p99 against offered rate (open model, from the intended send time)")
                .x(Axis.log("offered rate (req/s)")).y(Axis.log("p99 (ms)")).series(series)
                .size(HttpCharts.WIDE, 260).render();
    }

    /** Each arm's capacity, its bracket as a whisker (none for an open bracket), and the costs beside. */
    static List<String> bars(List<Arm> arms) {
        List<AssessArmResult> results = arms.stream().map(Arm::result).toList();
        List<String> names = results.stream().map(AssessArmResult::name).toList();
        List<String> charts = new ArrayList<>();
        charts.add(BarChart.titled("Capacity at the p99 target (whiskers: the bracket, passed to failed)")
                .categories(names)
                .group(new BarChart.Group("capacity", Palette.colour(0), values(results, r -> r.capacity().rps()),
                        values(results, r -> r.capacity().high() == null ? null : r.capacity().low()),
                        values(results, r -> r.capacity().high())))
                .axis(Axis.linear("req/s")).width(HttpCharts.WIDE).render());
        charts.add(cost("Peak RSS", "MB", names, values(results, r -> r.costs().peakRssMb())));
        charts.add(cost("Peak live threads", "threads", names, values(results,
                r -> r.costs().peakThreads() == null ? null : r.costs().peakThreads().doubleValue())));
        charts.add(cost("CPU per request at capacity", "ms", names, values(results, r -> r.costs().cpuPerRequestMs())));
        charts.add(cost("GC pauses per 1,000 requests at capacity", "ms", names, values(results,
                r -> r.capacity().atCapacity() == null ? null : r.capacity().atCapacity().gcMsPerThousandRequests())));
        return charts;
    }

    private static String cost(String title, String unit, List<String> names, List<Double> values) {
        return BarChart.titled(title + " (" + unit + ")").categories(names)
                .group(BarChart.Group.of(title, Palette.colour(0), values)).axis(Axis.linear(unit))
                .width(HttpCharts.WIDE).render();
    }

    private static List<Double> values(List<AssessArmResult> arms, Function<AssessArmResult, Double> figure) {
        return arms.stream().map(figure).map(Point::orGap).toList();
    }

    /** Every arm's pinning sites: frame, events, pinned time and the top of its stack; or why there are none. */
    static void pinningTable(StringBuilder out, List<Arm> arms) {
        out.append("<div class=\"table-wrap\"><table>\n<thead><tr><th>arm</th><th>site (first frame outside the JDK"
                + " and frameworks)</th><th class=\"num\">events</th><th class=\"num\">pinned ms</th><th>stack (top"
                + " frames)</th></tr></thead>\n<tbody>\n");
        for (Arm arm : arms) {
            AssessArmResult result = arm.result();
            String name = Html.escape(result.name());
            if (!result.pinning().read() || result.pinning().sites().isEmpty()) {
                String none = result.pinning().read() ? "no pinning (jdk.VirtualThreadPinned, 20 ms or longer)"
                        : "no flight recording could be read";
                out.append("<tr><td>").append(name).append("</td><td colspan=\"4\">").append(none)
                        .append("</td></tr>\n");
                continue;
            }
            for (PinningSite site : result.pinning().sites()) {
                out.append("<tr><td>").append(name).append("</td><td><code>").append(Html.escape(site.frame()))
                        .append("</code></td><td class=\"num\">").append(Figures.count(site.events()))
                        .append("</td><td class=\"num\">").append(Figures.num(site.pinnedMs())).append("</td><td>")
                        .append(String.join("<br>", site.stack().stream().map(f -> "<code>" + Html.escape(f)
                                + "</code>").toList())).append("</td></tr>\n");
            }
        }
        out.append("</tbody></table></div>\n");
    }
}
