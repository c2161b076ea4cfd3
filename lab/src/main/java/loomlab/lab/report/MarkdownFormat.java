package loomlab.lab.report;

import java.util.List;
import loomlab.core.result.Environment;
import loomlab.core.result.ExperimentResult;
import loomlab.core.result.RunResult;
import loomlab.core.verdict.Verdict;
import loomlab.lab.report.verdict.BreakageWords;
import loomlab.lab.report.verdict.HeadlineWords;
import loomlab.lab.report.verdict.VerdictWriter;

/** summary.md: the tables and verdicts of a run, and where it ran, for people and pull requests. */
public final class MarkdownFormat implements ReportFormat {
    @Override
    public String fileName() {
        return "summary.md";
    }

    /** Hangs and stalls first, before any experiment's tables: what a reader must not miss. */
    private static void whatBroke(StringBuilder out, RunResult run) {
        StringBuilder block = new StringBuilder();
        for (ExperimentResult experiment : run.experiments()) {
            for (String sentence : BreakageWords.whatBroke(experiment.findings())) {
                block.append("- **").append(experiment.name()).append("**: ").append(sentence).append('\n');
            }
        }
        if (!block.isEmpty()) {
            out.append("## What broke\n\n").append(block).append('\n');
        }
    }

    @Override
    public String render(RunResult run) {
        StringBuilder out = new StringBuilder();
        out.append("# Loom Lab run, ").append(run.profile()).append(" profile\n\n");
        out.append("`").append(run.command()).append("`, started ").append(run.startedAt()).append(", took ")
                .append(Math.round(run.elapsedS())).append(" s.\n\n");
        out.append("## Overview\n\n").append(OverviewTable.of(run).toMarkdown()).append('\n');
        whatBroke(out, run);
        for (ExperimentResult experiment : run.experiments()) {
            out.append("## ").append(experiment.name()).append("\n\n").append(experiment.summary()).append("\n\n");
            ArmTables.parts(experiment).forEach(part -> out.append(part.table().toMarkdown()).append('\n'));
            WinnersTable.of(experiment).ifPresent(t -> out.append("Winners (a winner only where the figures do not"
                    + " overlap; errors disqualify):\n\n").append(t.toMarkdown()).append('\n'));
            WinnersTable.paths(experiment).ifPresent(t -> out.append("Each path at the common rate (from the"
                    + " intended send time):\n\n").append(t.toMarkdown()).append('\n'));
            List<String> commands = ArmTables.commands(experiment);
            if (!commands.isEmpty()) {
                out.append("Commands:\n\n```\n").append(String.join("\n", commands)).append("\n```\n\n");
            }
            for (String failure : ArmTables.failures(experiment)) {
                out.append("```\n").append(failure).append("\n```\n\n");
            }
            Verdict verdict = experiment.verdict();
            out.append("**").append(HeadlineWords.headline(verdict)).append("**\n\n");
            for (String paragraph : VerdictWriter.detail(verdict)) {
                out.append("- ").append(paragraph).append('\n');
            }
            out.append('\n');
        }
        Environment env = run.environment();
        out.append("## Environment\n\n");
        out.append("- JDK ").append(env.jdk()).append(" (").append(env.jdkVendor()).append("), ").append(env.jvm())
                .append('\n');
        out.append("- ").append(env.cores()).append(" cores, ").append(env.memoryMb()).append(" MiB, ")
                .append(env.os()).append(' ').append(env.arch()).append('\n');
        out.append("- server JVM flags: `").append(String.join(" ", env.serverJvmFlags())).append("`\n");
        if (!env.serverJdks().isEmpty()) {
            out.append("- server JDKs: ").append(String.join("; ", env.serverJdks())).append('\n');
        }
        out.append("- lab JVM flags: `").append(String.join(" ", env.labJvmFlags())).append("`\n");
        out.append("- git commit ").append(env.gitCommit()).append(Boolean.TRUE.equals(env.gitDirty())
                ? " (with uncommitted changes)" : "").append('\n');
        out.append("- load engine: ").append(env.loadEngine()).append('\n');
        return out.toString();
    }
}
