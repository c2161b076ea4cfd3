package loomlab.lab.report.html;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.Latency;
import loomlab.core.arm.LoadModel;
import loomlab.core.arm.Spread;
import loomlab.core.arm.TimelinePoint;
import loomlab.core.sweep.SweepSummary;
import loomlab.lab.report.chart.Axis;
import loomlab.lab.report.chart.BarChart;
import loomlab.lab.report.chart.LineChart;
import loomlab.lab.report.chart.Palette;
import loomlab.lab.report.chart.Point;
import loomlab.lab.report.chart.Series;
import loomlab.lab.report.chart.Tick;

/**
 * The charts of an experiment's HTTP arms: each arm keeps its colour (its place in the
 * experiment) on every chart.
 */
final class HttpCharts {
    static final double WIDE = 620;
    static final double SMALL = 420;

    /** Where the maximum sits on the percentile axis: one decade past 99.9%. */
    private static final double MAX_POSITION = 10_000;
    private static final List<Tick> PERCENTILE_TICKS = List.of(new Tick(2, "50%"), new Tick(10, "90%"),
            new Tick(100, "99%"), new Tick(1000, "99.9%"), new Tick(MAX_POSITION, "max"));

    /** An HTTP arm that ran, with its colour. */
    record Arm(HttpArmResult result, String colour) {
    }

    private HttpCharts() {
    }

    /**
     * Latency against percentile, HdrHistogram's way: x is 1 / (1 - p) on a log scale, so each
     * further nine of the percentile gets the same room, and the tail is as visible as the median.
     */
    static String spectrum(List<Arm> arms) {
        List<Series> series = arms.stream().map(a -> Series.solid(a.result().name(), spectrumPoints(a.result()
                .latencyMs()), a.colour())).toList();
        return LineChart.titled("Latency by percentile (" + latencyFrom(arms) + ")")
                .x(Axis.log("percentile").withDomain(1.5, 14_000).withTicks(PERCENTILE_TICKS)
                        .withValueText(HttpCharts::percentileText))
                .y(Axis.log("latency (ms)"))
                .series(series).size(WIDE, 260).render();
    }

    /** What the arms' latencies count from: the actual send in the closed model, the intended in the open. */
    static String latencyFrom(List<Arm> arms) {
        List<LoadModel> models = arms.stream().map(a -> a.result().measured().loadModel()).distinct().toList();
        return models.size() == 1 ? models.getFirst().id() + " model, from " + models.getFirst().latencyFrom()
                : "closed-model arms from the actual send, open-model arms from the intended send time";
    }

    static List<Point> spectrumPoints(Latency latency) {
        return List.of(new Point(2, Point.orGap(latency.p50())), new Point(10, Point.orGap(latency.p90())),
                new Point(100, Point.orGap(latency.p99())), new Point(1000, Point.orGap(latency.p999())),
                new Point(MAX_POSITION, Point.orGap(latency.max())));
    }

    private static String percentileText(double position) {
        if (position >= MAX_POSITION) {
            return "max";
        }
        double percentile = 100 * (1 - 1 / position);
        return String.format(Locale.ROOT, percentile >= 99.9 ? "%.1f%%" : "%.0f%%", percentile);
    }

    /** One small chart per figure of the timeline, every arm on each; the legend is shared. */
    static List<String> timelines(List<Arm> arms) {
        List<String> charts = new ArrayList<>();
        charts.add(timeline(arms, "Requests per second", "req/s", t -> t.requestsPerSecond(), false));
        charts.add(timeline(arms, "p99 latency each second", "ms", t -> t.p99Ms(), true));
        charts.add(timeline(arms, "Server CPU", "% of one core", t -> Point.orGap(t.serverCpuPercent()), false));
        charts.add(timeline(arms, "Server resident memory", "MB", t -> Point.orGap(t.serverRssMb()), false));
        charts.add(timeline(arms, "Server live threads", "threads",
                t -> Point.orGap(t.serverThreads() == null ? null : t.serverThreads().doubleValue()), false));
        return charts;
    }

    static String timelineLegend(List<Arm> arms) {
        return LineChart.legend(arms.stream().map(a -> Series.solid(a.result().name(), List.of(), a.colour()))
                .toList(), 3 * SMALL);
    }

    private static String timeline(List<Arm> arms, String title, String unit, ToDoubleFunction<TimelinePoint> figure,
                                   boolean latency) {
        List<Series> series = new ArrayList<>();
        for (Arm arm : arms) {
            series.add(Series.solid(arm.result().name(), wholeSeconds(arm.result().measured().timeline()).stream()
                    .map(t -> new Point(t.tS(), figure.applyAsDouble(t))).toList(), arm.colour()));
        }
        return LineChart.titled(title).x(Axis.linear("seconds into the measurement"))
                .y(latency ? Axis.log(unit) : Axis.linear(unit))
                .series(series).size(SMALL, 150).withoutLegend().render();
    }

    /**
     * The timeline without a last, partial interval shorter than half a second: a rate over a few
     * milliseconds is noise that would dwarf the seconds before it. The CSV keeps it.
     */
    static List<TimelinePoint> wholeSeconds(List<TimelinePoint> timeline) {
        if (timeline == null || timeline.isEmpty()) {
            return List.of();
        }
        int last = timeline.size() - 1;
        double previousEnd = last == 0 ? 0 : timeline.get(last - 1).tS();
        return timeline.get(last).tS() - previousEnd < 0.5 ? timeline.subList(0, last) : timeline;
    }

    /** The headline figure of each arm beside its Little's-law bound, with the spread of repeated runs. */
    static List<String> againstBounds(List<Arm> arms) {
        List<String> charts = new ArrayList<>();
        List<Arm> byRate = arms.stream().filter(a -> !a.result().countsRequests()).toList();
        List<Arm> byTime = arms.stream().filter(a -> a.result().countsRequests()).toList();
        if (!byRate.isEmpty()) {
            charts.add(bars("Throughput against the bound", "req/s", byRate, HttpArmResult::throughputRps,
                    HttpArmResult::boundRps, r -> r.repeats() == null ? null : r.repeats().throughputRps()));
        }
        if (!byTime.isEmpty()) {
            charts.add(bars("Elapsed time against the bound", "seconds", byTime, HttpArmResult::elapsedS,
                    HttpArmResult::boundElapsedS, r -> r.repeats() == null ? null : r.repeats().elapsedS()));
        }
        return charts;
    }

    /**
     * Arms that differ only by JDK side by side: one category per arm without its JDK, one bar per
     * JDK, throughput for arms that ran for a duration and elapsed time for arms that counted
     * requests. Empty when the arms ran on fewer than two JDKs.
     */
    static List<String> byJdk(List<Arm> arms) {
        List<Integer> jdks = arms.stream().map(a -> a.result().key().jdk()).filter(Objects::nonNull)
                .distinct().sorted().toList();
        if (jdks.size() < 2) {
            return List.of();
        }
        List<String> charts = new ArrayList<>();
        List<HttpArmResult> byRate = arms.stream().map(Arm::result).filter(r -> !r.countsRequests()).toList();
        List<HttpArmResult> byTime = arms.stream().map(Arm::result).filter(HttpArmResult::countsRequests).toList();
        if (!byRate.isEmpty()) {
            charts.add(jdkBars("Throughput by JDK", "req/s", byRate, jdks, HttpArmResult::throughputRps));
        }
        if (!byTime.isEmpty()) {
            charts.add(jdkBars("Elapsed time by JDK", "seconds", byTime, jdks, HttpArmResult::elapsedS));
        }
        return charts;
    }

    private static String jdkBars(String title, String unit, List<HttpArmResult> results, List<Integer> jdks,
                                  ToDoubleFunction<HttpArmResult> figure) {
        Map<ArmKey, Map<Integer, HttpArmResult>> byArm = new LinkedHashMap<>();
        for (HttpArmResult result : results) {
            if (result.key().jdk() != null) {
                byArm.computeIfAbsent(result.key().withJdk(null), k -> new HashMap<>())
                        .put(result.key().jdk(), result);
            }
        }
        BarChart chart = BarChart.titled(title).categories(byArm.keySet().stream().map(ArmKey::name).toList());
        for (int i = 0; i < jdks.size(); i++) {
            int jdk = jdks.get(i);
            chart.group(BarChart.Group.of("JDK " + jdk, Palette.colour(i), byArm.values().stream()
                    .map(onJdks -> Point.orGap(onJdks.containsKey(jdk) ? figure.applyAsDouble(onJdks.get(jdk)) : null))
                    .toList()));
        }
        return chart.axis(Axis.linear(unit)).width(WIDE).render();
    }

    private static String bars(String title, String unit, List<Arm> arms, Function<HttpArmResult, Double> measured,
                               Function<HttpArmResult, Double> bound, Function<HttpArmResult, Spread> spread) {
        List<HttpArmResult> results = arms.stream().map(Arm::result).toList();
        List<Spread> spreads = results.stream().map(spread).toList(); // null where an arm ran once
        boolean repeated = spreads.stream().anyMatch(Objects::nonNull);
        List<Double> low = spreads.stream().map(s -> Point.orGap(s == null ? null : s.min())).toList();
        List<Double> high = spreads.stream().map(s -> Point.orGap(s == null ? null : s.max())).toList();
        return BarChart.titled(title + (repeated ? " (whiskers: lowest to highest run)" : ""))
                .categories(results.stream().map(HttpArmResult::name).toList())
                .group(new BarChart.Group(repeated ? "measured (median run)" : "measured", Palette.colour(0),
                        results.stream().map(r -> Point.orGap(measured.apply(r))).toList(), repeated ? low : null,
                        repeated ? high : null))
                .group(BarChart.Group.of("Little's-law bound", "#9aa5b1",
                        results.stream().map(r -> Point.orGap(bound.apply(r))).toList()))
                .axis(Axis.linear(unit)).width(WIDE).render();
    }

    /**
     * Throughput and p99 against the swept value, one curve per mode, the bound of each curve dashed
     * in its colour on the throughput chart.
     */
    static List<String> sweep(List<HttpArmResult> arms) {
        Map<ArmKey, List<HttpArmResult>> curves = SweepSummary.curves(List.copyOf(arms));
        if (curves.isEmpty()) {
            return List.of();
        }
        String parameter = curves.values().iterator().next().getFirst().sweep().parameter();
        String xTitle = switch (parameter) {
            case "delay" -> "delay (ms)";
            case "pool" -> "pool size";
            default -> parameter;
        };
        List<Series> throughput = new ArrayList<>();
        List<Series> p99 = new ArrayList<>();
        int index = 0;
        for (Map.Entry<ArmKey, List<HttpArmResult>> curve : curves.entrySet()) {
            String colour = Palette.colour(index++);
            String label = curve.getKey().name();
            List<HttpArmResult> points = curve.getValue();
            throughput.add(Series.solid(label, points.stream()
                    .map(a -> new Point(a.sweep().value(), a.throughputRps())).toList(), colour));
            throughput.add(Series.dashed(label + ": bound", points.stream()
                    .map(a -> new Point(a.sweep().value(), Point.orGap(a.boundRps()))).toList(), colour));
            p99.add(Series.solid(label, points.stream()
                    .map(a -> new Point(a.sweep().value(), Point.orGap(a.latencyMs().p99()))).toList(), colour));
        }
        return List.of(
                LineChart.titled("Throughput against " + parameter + " (dashed: Little's-law bound)")
                        .x(Axis.auto(xTitle)).y(Axis.auto("req/s")).series(throughput).size(WIDE, 240).render(),
                LineChart.titled("p99 latency against " + parameter)
                        .x(Axis.auto(xTitle)).y(Axis.log("ms")).series(p99).size(WIDE, 240).render());
    }
}
