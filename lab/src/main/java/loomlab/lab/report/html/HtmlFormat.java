package loomlab.lab.report.html;

import java.util.List;
import java.util.Locale;
import loomlab.core.result.Environment;
import loomlab.core.result.ExperimentResult;
import loomlab.core.result.Overview;
import loomlab.core.result.RunResult;
import loomlab.lab.report.OverviewTable;
import loomlab.lab.report.ReportFormat;
import loomlab.lab.report.verdict.BreakageWords;

/**
 * report.html: the run for people, in one file that loads nothing from anywhere (styles inline,
 * charts as inline SVG drawn here), so it opens offline and can be mailed as it is.
 */
public final class HtmlFormat implements ReportFormat {
    /** Set on the document by the page's only script, so a browser test can tell that scripts ran cleanly. */
    public static final String READY_ATTRIBUTE = "data-report-ready";

    private static final String STYLE = """
            :root { color-scheme: light; }
            body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
                   color: #1f2933; background: #f5f7fa; margin: 0; line-height: 1.45; }
            main { max-width: 1320px; margin: 0 auto; padding: 24px 28px 48px; }
            header h1 { font-size: 26px; margin: 0 0 4px; }
            header p { margin: 2px 0; color: #52606d; }
            code { font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace; font-size: 0.92em;
                   background: #e4e7eb; padding: 1px 5px; border-radius: 4px; }
            nav { margin: 14px 0 8px; }
            nav a { display: inline-block; margin: 0 8px 6px 0; padding: 3px 10px; border-radius: 12px;
                    background: #fff; border: 1px solid #cbd2d9; color: #1f2933; text-decoration: none; }
            section { background: #fff; border: 1px solid #e4e7eb; border-radius: 10px; padding: 18px 22px;
                      margin: 18px 0; box-shadow: 0 1px 2px rgba(15, 23, 42, 0.04); }
            h2 { font-size: 21px; margin: 0 0 4px; }
            h3 { font-size: 15px; margin: 22px 0 8px; color: #3e4c59; text-transform: uppercase;
                 letter-spacing: 0.04em; }
            .summary { color: #52606d; margin: 0 0 12px; }
            .verdict { background: #eef6ff; border-left: 4px solid #4e79a7; padding: 10px 14px; margin: 12px 0;
                       border-radius: 0 6px 6px 0; }
            .verdict p { margin: 8px 0 0; } .verdict summary { cursor: pointer; color: #3e4c59; }
            .headline { font-size: 16px; font-weight: 600; margin: 10px 0 6px; }
            .table-wrap { overflow-x: auto; margin: 12px 0; }
            table { border-collapse: collapse; font-size: 12.5px; width: 100%; }
            th { text-align: left; font-weight: 600; color: #3e4c59; background: #f0f4f8; padding: 6px;
                 border-bottom: 2px solid #cbd2d9; vertical-align: bottom; }
            td { padding: 5px 6px; border-bottom: 1px solid #e4e7eb; vertical-align: top; }
            th.num, td.num { text-align: right; }
            td.num { font-variant-numeric: tabular-nums; white-space: nowrap; }
            tbody tr:nth-child(even) { background: #fafbfc; }
            tr.flagged td { background: #fff8e1; }
            tr.failed td { background: #fdecea; color: #8a1c1c; }
            .badge { display: inline-block; font-size: 11px; padding: 0 6px; border-radius: 8px;
                     background: #f0b429; color: #3d2a00; white-space: nowrap; }
            pre.failure { background: #fdecea; color: #8a1c1c; padding: 10px; border-radius: 6px;
                          white-space: pre-wrap; font-size: 12px; }
            .charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(520px, 1fr)); gap: 14px;
                      align-items: start; }
            .charts.small { grid-template-columns: repeat(auto-fill, minmax(340px, 1fr)); }
            figure { margin: 0; background: #fff; border: 1px solid #eef1f4; border-radius: 8px; padding: 6px; }
            svg.chart { display: block; width: 100%; height: auto; }
            .legend svg.chart { width: auto; max-width: 100%; }
            td:first-child { white-space: nowrap; }
            td:last-child { min-width: 12em; }
            .spread { display: block; color: #7b8794; font-size: 11px; }
            .legend { margin: 0 0 6px; }
            dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; }
            dt { color: #52606d; }
            dd { margin: 0; }
            section.broke { border-left: 4px solid #c0392b; }
            footer { color: #7b8794; font-size: 12px; margin-top: 24px; }
            """;

    @Override
    public String fileName() {
        return "report.html";
    }

    @Override
    public String render(RunResult run) {
        StringBuilder out = new StringBuilder();
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>Loom Lab run, ").append(escape(run.profile())).append(" profile</title>\n")
                .append("<style>\n").append(STYLE).append("</style>\n</head>\n<body>\n<main>\n");
        out.append("<header>\n<h1>Loom Lab</h1>\n<p><code>").append(escape(run.command())).append("</code></p>\n")
                .append("<p>").append(escape(run.profile())).append(" profile, started ")
                .append(escape(run.startedAt())).append(", took ").append(Math.round(run.elapsedS()))
                .append(" s</p>\n</header>\n");
        out.append("<nav>");
        for (ExperimentResult experiment : run.experiments()) {
            out.append("<a href=\"#").append(Html.anchor(experiment.name())).append("\">")
                    .append(escape(experiment.name())).append("</a>");
        }
        out.append("</nav>\n");
        overview(out, run);
        whatBroke(out, run);
        for (ExperimentResult experiment : run.experiments()) {
            ExperimentSection.append(out, experiment);
        }
        environment(out, run.environment());
        out.append("<footer>Written by Loom Lab. This page is self-contained: its charts are inline SVG and it")
                .append(" loads nothing from the network.</footer>\n</main>\n");
        out.append("<script>document.documentElement.setAttribute('").append(READY_ATTRIBUTE)
                .append("', String(document.querySelectorAll('svg.chart').length));\n")
                // The section a link points to opens its folded verdict.
                .append("function openTarget() { var s = location.hash && document.getElementById(")
                .append("location.hash.slice(1)); if (s) { s.querySelectorAll('details.verdict')")
                .append(".forEach(function (d) { d.open = true; }); } }\n")
                .append("window.addEventListener('hashchange', openTarget); openTarget();</script>\n");
        out.append("</body>\n</html>\n");
        return out.toString();
    }

    /** Per experiment its question, the seed's figure, ours, the bound and the status, each row a link. */
    private static void overview(StringBuilder out, RunResult run) {
        out.append("<section class=\"overview\">\n<h2>Overview</h2>\n<div class=\"table-wrap\"><table>\n<thead><tr>");
        OverviewTable.COLUMNS.forEach(c -> out.append("<th>").append(escape(c)).append("</th>"));
        out.append("</tr></thead>\n<tbody>\n");
        for (Overview.Row row : Overview.of(run.experiments())) {
            List<String> cells = OverviewTable.cells(row);
            out.append("<tr class=\"").append(row.status().name().toLowerCase(Locale.ROOT))
                    .append("\"><td><a href=\"#").append(Html.anchor(row.experiment())).append("\">")
                    .append(escape(cells.getFirst())).append("</a></td>");
            cells.subList(1, cells.size()).forEach(c -> out.append("<td>").append(escape(c)).append("</td>"));
            out.append("</tr>\n");
        }
        out.append("</tbody></table></div>\n</section>\n");
    }

    /** Hangs and stalls first, before any experiment's section: what a reader must not miss. */
    private static void whatBroke(StringBuilder out, RunResult run) {
        StringBuilder items = new StringBuilder();
        for (ExperimentResult experiment : run.experiments()) {
            for (String sentence : BreakageWords.whatBroke(experiment.findings())) {
                items.append("<li><a href=\"#").append(Html.anchor(experiment.name())).append("\">")
                        .append(escape(experiment.name())).append("</a>: ").append(escape(sentence)).append("</li>\n");
            }
        }
        if (!items.isEmpty()) {
            out.append("<section class=\"broke\">\n<h2>What broke</h2>\n<ul>\n").append(items)
                    .append("</ul>\n</section>\n");
        }
    }

    private static void environment(StringBuilder out, Environment env) {
        out.append("<section class=\"environment\">\n<h2>Environment</h2>\n<dl>\n");
        item(out, "JDK", env.jdk() + " (" + env.jdkVendor() + "), " + env.jvm());
        item(out, "machine", env.cores() + " cores, " + env.memoryMb() + " MiB, " + env.os() + " " + env.arch()
                + ", " + env.hostname());
        item(out, "server JVM flags", String.join(" ", env.serverJvmFlags()));
        if (!env.serverJdks().isEmpty()) {
            item(out, "server JDKs", String.join("; ", env.serverJdks()));
        }
        item(out, "lab JVM flags", String.join(" ", env.labJvmFlags()));
        item(out, "git commit", env.gitCommit() + (Boolean.TRUE.equals(env.gitDirty())
                ? " (with uncommitted changes)" : ""));
        item(out, "load engine", env.loadEngine());
        out.append("</dl>\n</section>\n");
    }

    private static void item(StringBuilder out, String term, String value) {
        out.append("<dt>").append(escape(term)).append("</dt><dd>").append(escape(value)).append("</dd>\n");
    }

    private static String escape(String text) {
        return Html.escape(text);
    }
}
