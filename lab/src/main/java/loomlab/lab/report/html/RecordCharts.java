package loomlab.lab.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import loomlab.core.arm.ArmResult;
import loomlab.lab.report.Json;
import loomlab.lab.report.chart.Axis;
import loomlab.lab.report.chart.BarChart;
import loomlab.lab.report.chart.LineChart;
import loomlab.lab.report.chart.Palette;
import loomlab.lab.report.chart.Point;
import loomlab.lab.report.chart.Series;

/**
 * Charts for arms that are not HTTP arms, read from their figures as results.json has them, so a
 * new kind of arm gets charts without code here: a summary in milliseconds with percentiles
 * ({@code light_delay_ms}, {@code hello_latency_ms}) becomes a bar chart of its percentiles per arm,
 * and every other top-level figure whose name ends in a unit ({@code wall_s}, {@code peak_rss_mb},
 * ...) and that differs between arms becomes a bar chart of that figure per arm.
 */
final class RecordCharts {
    /** Name endings that say a figure's unit, longest first so {@code _per_s} wins over {@code _s}. */
    private static final List<Map.Entry<String, String>> UNITS = List.of(Map.entry("_percent", "%"),
            Map.entry("_per_s", "per second"), Map.entry("_rps", "req/s"), Map.entry("_ms", "ms"),
            Map.entry("_mb", "MB"), Map.entry("_kb", "KB"), Map.entry("_s", "seconds"));
    private static final List<String> DELAY_PERCENTILES = List.of("p50", "p99", "max");
    /** Titles that say more than the figure's name. */
    private static final Map<String, String> TITLES = Map.of("light_delay_ms", "Delay of the light tasks",
            "hello_latency_ms", "Latency of /hello, from its intended send", "cpu_latency_ms", "Latency of /cpu",
            "rss_by_connections", "Server RSS against open connections, while they open");
    private static final int MAX_CHARTS = 8;

    private RecordCharts() {
    }

    static List<String> of(List<ArmResult> arms) {
        List<String> names = new ArrayList<>();
        List<JsonNode> figures = new ArrayList<>();
        for (ArmResult arm : arms) {
            names.add(arm.name());
            figures.add(Json.mapper().valueToTree(arm));
        }
        List<String> charts = new ArrayList<>();
        for (String field : pointFields(figures)) {
            charts.add(line(field, names, figures));
        }
        for (String field : percentileFields(figures)) {
            charts.add(percentiles(field, names, figures));
        }
        for (String field : unitFields(figures)) {
            if (charts.size() >= MAX_CHARTS) {
                break;
            }
            String unit = unitOf(field);
            String label = field.substring(0, field.length() - suffixOf(field).length()).replace('_', ' ');
            charts.add(BarChart.titled(capitalised(label) + " (" + unit + ")").categories(names)
                    .group(BarChart.Group.of(label, Palette.colour(0), figures.stream()
                            .map(f -> number(f.get(field))).toList()))
                    .axis(Axis.auto(unit)).width(HttpCharts.WIDE).render());
        }
        return charts;
    }

    /** A bar group per percentile, a bar per arm; arms without the figure get no bar. */
    private static String percentiles(String field, List<String> names, List<JsonNode> figures) {
        String title = TITLES.getOrDefault(field, capitalised(field.substring(0, field.length() - "_ms".length())
                .replace('_', ' ')));
        BarChart chart = BarChart.titled(title).categories(names).axis(Axis.auto("ms"));
        for (int i = 0; i < DELAY_PERCENTILES.size(); i++) {
            String key = DELAY_PERCENTILES.get(i);
            chart.group(BarChart.Group.of(key, Palette.colour(i), figures.stream()
                    .map(f -> number(f.path(field).get(key))).toList()));
        }
        return chart.width(HttpCharts.WIDE).render();
    }

    /**
     * A line per arm from a top-level list of points of two figures each ({@code rss_by_connections}:
     * connections, RSS MB): the first figure across, the second up.
     */
    private static String line(String field, List<String> names, List<JsonNode> figures) {
        List<String> axes = new ArrayList<>();
        figures.stream().map(f -> f.get(field)).filter(list -> list != null && !list.isEmpty()).findFirst()
                .ifPresent(list -> list.get(0).fieldNames().forEachRemaining(axes::add));
        List<Series> series = new ArrayList<>();
        for (int i = 0; i < figures.size(); i++) {
            List<Point> points = new ArrayList<>();
            for (JsonNode point : figures.get(i).path(field)) {
                points.add(new Point(point.path(axes.get(0)).asDouble(), point.path(axes.get(1)).asDouble()));
            }
            if (!points.isEmpty()) {
                series.add(Series.solid(names.get(i), points, Palette.colour(i)));
            }
        }
        String[] words = field.split("_by_", 2);
        String title = TITLES.getOrDefault(field, capitalised(words[0].replace('_', ' ')) + (words.length > 1
                ? " against " + words[1].replace('_', ' ') : ""));
        return LineChart.titled(title).x(Axis.auto(label(axes.get(0)))).y(Axis.linear(label(axes.get(1))))
                .series(series).size(HttpCharts.WIDE, 240).render();
    }

    /** An axis label from a figure's name: {@code rss_mb} reads "RSS (MB)". */
    private static String label(String figure) {
        String unit = unitOf(figure);
        String name = figure.substring(0, figure.length() - suffixOf(figure).length()).replace('_', ' ');
        return unit == null ? name : name + " (" + unit + ")";
    }

    /** Top-level lists whose entries are objects of exactly two numbers, in the order the arms first show them. */
    private static Set<String> pointFields(List<JsonNode> figures) {
        Set<String> fields = new LinkedHashSet<>();
        for (JsonNode figure : figures) {
            for (Iterator<Map.Entry<String, JsonNode>> it = figure.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                JsonNode value = field.getValue();
                if (value.isArray() && !value.isEmpty() && value.get(0).isObject() && value.get(0).size() == 2
                        && value.get(0).elements().next().isNumber()) {
                    fields.add(field.getKey());
                }
            }
        }
        return fields;
    }

    /** Top-level objects in milliseconds that hold the percentiles, in the order the arms first show them. */
    private static Set<String> percentileFields(List<JsonNode> figures) {
        Set<String> fields = new LinkedHashSet<>();
        for (JsonNode figure : figures) {
            for (Iterator<Map.Entry<String, JsonNode>> it = figure.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                JsonNode value = field.getValue();
                if (field.getKey().endsWith("_ms") && value.isObject()
                        && DELAY_PERCENTILES.stream().allMatch(key -> value.path(key).isNumber())) {
                    fields.add(field.getKey());
                }
            }
        }
        return fields;
    }

    /**
     * Top-level numeric fields with a unit in their name, in the order the arms first show them;
     * a setting every arm shares (a rate, a duration) would be a chart of equal bars, so not one.
     */
    private static Set<String> unitFields(List<JsonNode> figures) {
        Set<String> fields = new LinkedHashSet<>();
        for (JsonNode figure : figures) {
            for (Iterator<Map.Entry<String, JsonNode>> it = figure.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                if (field.getValue().isNumber() && unitOf(field.getKey()) != null) {
                    fields.add(field.getKey());
                }
            }
        }
        fields.removeIf(field -> figures.size() > 1 && figures.stream().filter(f -> f.path(field).isNumber())
                .map(f -> f.get(field).asDouble()).distinct().count() == 1);
        return fields;
    }

    private static String unitOf(String field) {
        return UNITS.stream().filter(u -> field.endsWith(u.getKey())).map(Map.Entry::getValue).findFirst()
                .orElse(null);
    }

    private static String suffixOf(String field) {
        return UNITS.stream().map(Map.Entry::getKey).filter(field::endsWith).findFirst().orElse("");
    }

    private static double number(JsonNode node) {
        return Point.orGap(node != null && node.isNumber() ? node.asDouble() : null);
    }

    private static String capitalised(String text) {
        String acronyms = (" " + text + " ").replace(" rss ", " RSS ").replace(" cpu ", " CPU ").strip();
        return acronyms.isEmpty() ? acronyms : Character.toUpperCase(acronyms.charAt(0)) + acronyms.substring(1);
    }
}
