package loomlab.lab.report.html;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.AssessArmResult;
import loomlab.core.arm.ConnectionsArmResult;
import loomlab.core.arm.DiagnosedJvm;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.NoisyServerArmResult;
import loomlab.core.arm.PlainArmResult;
import loomlab.core.experiment.Reactive;
import loomlab.core.result.ExperimentResult;
import loomlab.core.verdict.Verdict;
import loomlab.lab.report.ArmTables;
import loomlab.lab.report.Table;
import loomlab.lab.report.WinnersTable;
import loomlab.lab.report.chart.Palette;
import loomlab.lab.report.verdict.HeadlineWords;
import loomlab.lab.report.verdict.VerdictWriter;

/** One experiment of the report: its table, verdict and charts. */
public final class ExperimentSection {
    private ExperimentSection() {
    }

    public static void append(StringBuilder out, ExperimentResult experiment) {
        out.append("<section class=\"experiment\" id=\"").append(Html.anchor(experiment.name())).append("\">\n");
        out.append("<h2>").append(Html.escape(experiment.name())).append("</h2>\n");
        out.append("<p class=\"summary\">").append(Html.escape(experiment.summary())).append("</p>\n");
        Verdict verdict = experiment.verdict();
        out.append("<p class=\"headline\">").append(Html.escape(HeadlineWords.headline(verdict))).append("</p>\n");
        // The detail is folded; a link to this section opens it (the page's script, on the anchor).
        List<String> detail = VerdictWriter.detail(verdict);
        if (!detail.isEmpty()) {
            out.append("<details class=\"verdict\"><summary>The detail</summary>");
            for (String paragraph : detail) {
                out.append("<p>").append(Html.escape(paragraph)).append("</p>");
            }
            out.append("</details>\n");
        }
        HtmlTable.append(out, experiment);
        WinnersTable.of(experiment).ifPresent(t -> table(out, "Winners", "A winner only where the figures"
                + " (brackets, or single figures more than 10 % apart) do not overlap; an arm with errors is out of"
                + " the cell.", t));
        WinnersTable.paths(experiment).ifPresent(t -> table(out, "Each path at the common rate",
                "Latency from the intended send time, in the step every arm was offered.", t));
        List<String> commands = ArmTables.commands(experiment);
        if (!commands.isEmpty()) {
            out.append("<details class=\"commands\"><summary>Commands</summary><pre>")
                    .append(Html.escape(String.join("\n", commands))).append("</pre></details>\n");
        }
        for (String failure : ArmTables.failures(experiment)) {
            out.append("<pre class=\"failure\">").append(Html.escape(failure)).append("</pre>\n");
        }
        // Each arm keeps the colour of its place.
        List<AssessCharts.Arm> assessed = new ArrayList<>();
        List<HttpCharts.Arm> http = new ArrayList<>();
        List<ArmResult> others = new ArrayList<>();
        for (int i = 0; i < experiment.arms().size(); i++) {
            ArmResult arm = experiment.arms().get(i);
            switch (arm) {
                case AssessArmResult a -> assessed.add(new AssessCharts.Arm(a, Palette.colour(i)));
                case HttpArmResult h -> http.add(new HttpCharts.Arm(h, Palette.colour(i)));
                case FailedArm _ -> {
                    // It measured nothing to draw; its failure is told above.
                }
                case NoisyServerArmResult _, ConnectionsArmResult _, DiagnosedJvm _, PlainArmResult _ -> others.add(arm);
            }
        }
        if (!assessed.isEmpty()) {
            assessment(out, assessed);
            out.append("</section>\n");
            return;
        }
        if (!http.isEmpty()) {
            List<String> sweep = HttpCharts.sweep(http.stream().map(HttpCharts.Arm::result).toList());
            if (!sweep.isEmpty()) {
                charts(out, "Sweep", "", sweep, false);
            }
            List<String> first = new ArrayList<>();
            first.add(HttpCharts.spectrum(http));
            first.addAll(HttpCharts.byJdk(http));
            first.addAll(HttpCharts.againstBounds(http));
            charts(out, "Latency and throughput", "", first, false);
            charts(out, "During each arm", HttpCharts.timelineLegend(http), HttpCharts.timelines(http), true);
        }
        if (!others.isEmpty()) {
            List<String> charts = RecordCharts.of(others);
            if (!charts.isEmpty()) {
                charts(out, "Figures per arm", "", charts, false);
            }
        }
        out.append("</section>\n");
    }

    /** The assessment's charts and its pinning table. */
    private static void assessment(StringBuilder out, List<AssessCharts.Arm> arms) {
        List<String> load = new ArrayList<>(AssessCharts.curves(arms));
        // One chart per workload where the arms ran several (the reactive experiment), else one for all.
        Map<String, List<AssessCharts.Arm>> byWorkload = new LinkedHashMap<>();
        for (AssessCharts.Arm arm : arms) {
            byWorkload.computeIfAbsent(arm.result().key().param(Reactive.WORKLOAD).map(w -> w.shown(Reactive.WORKLOAD))
                    .orElse(""), w -> new ArrayList<>()).add(arm);
        }
        for (Map.Entry<String, List<AssessCharts.Arm>> workload : byWorkload.entrySet()) {
            load.add(AssessCharts.p99AgainstRate(workload.getValue(), byWorkload.size() > 1 ? workload.getKey()
                    : null));
        }
        charts(out, "Curve and capacity search", "", load, false);
        charts(out, "Capacity and costs", "", AssessCharts.bars(arms), false);
        out.append("<h3>Pinning sites</h3>\n");
        AssessCharts.pinningTable(out, arms);
    }

    /** A table of words under its heading: the winners matrix, the paths at the common rate. */
    private static void table(StringBuilder out, String heading, String note, Table table) {
        out.append("<h3>").append(Html.escape(heading)).append("</h3>\n<p class=\"summary\">")
                .append(Html.escape(note)).append("</p>\n");
        out.append("<div class=\"table-wrap\"><table>\n<thead><tr>");
        table.headers().forEach(h -> out.append("<th>").append(Html.escape(h)).append("</th>"));
        out.append("</tr></thead>\n<tbody>\n");
        for (List<String> row : table.rows()) {
            out.append("<tr>");
            row.forEach(c -> out.append("<td>").append(Html.escape(c)).append("</td>"));
            out.append("</tr>\n");
        }
        out.append("</tbody></table></div>\n");
    }

    private static void charts(StringBuilder out, String heading, String legend, List<String> charts,
                               boolean small) {
        out.append("<h3>").append(Html.escape(heading)).append("</h3>\n");
        if (!legend.isEmpty()) {
            out.append("<div class=\"legend\">").append(legend).append("</div>\n");
        }
        out.append(small ? "<div class=\"charts small\">\n" : "<div class=\"charts\">\n");
        for (String chart : charts) {
            out.append("<figure>").append(chart).append("</figure>\n");
        }
        out.append("</div>\n");
    }
}
