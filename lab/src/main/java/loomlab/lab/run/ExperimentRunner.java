package loomlab.lab.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.experiment.Experiment;
import loomlab.core.experiment.Profile;
import loomlab.core.result.Environment;
import loomlab.core.result.ExperimentResult;
import loomlab.core.result.RunResult;
import loomlab.lab.report.ArmTables;
import loomlab.lab.report.ResultFiles;

/**
 * Runs experiments arm by arm, prints each experiment's table and verdict as soon as it is done,
 * and writes the run's files. Results are rewritten after every experiment, so an interrupted
 * run keeps what it measured.
 */
public final class ExperimentRunner {
    private final ArmRunners runners;
    private final ResultFiles files;

    public ExperimentRunner(ArmRunners runners, ResultFiles files) {
        this.runners = runners;
        this.files = files;
    }

    public RunResult run(List<Experiment> experiments, RunContext context, Environment environment, String command)
            throws InterruptedException, IOException {
        Instant started = Instant.now();
        long startNanos = System.nanoTime();
        PrintStream out = context.console();
        List<ExperimentResult> done = new ArrayList<>();
        RunResult run = null;
        for (Experiment experiment : experiments) {
            out.println();
            out.println("== " + experiment.name() + ": " + experiment.summary());
            List<ArmResult> arms = new ArrayList<>();
            for (ArmPlan plan : experiment.plan(context.profile())) {
                out.println("  - " + plan.name());
                out.flush();
                arms.add(runners.run(plan, context));
            }
            ExperimentResult result = new ExperimentResult(experiment.name(), experiment.summary(),
                    context.profile().label(), arms, experiment.verdict(arms));
            done.add(result);
            print(result, out);
            run = new RunResult(RunResult.SCHEMA, started.toString(), (System.nanoTime() - startNanos) / 1e9, command,
                    context.profile().label(), environment, done);
            files.write(run, context.outDir());
        }
        return run;
    }

    static void print(ExperimentResult result, PrintStream out) {
        out.println();
        out.print(ArmTables.of(result).toText().indent(2));
        ArmTables.failures(result).forEach(f -> out.println(f.indent(2).stripTrailing()));
        out.println();
        out.println("  Verdict: " + result.verdict());
    }

    /** The default output folder: results/<timestamp>-<names>. */
    public static Path defaultOutDir(Path home, List<Experiment> experiments, Profile profile) {
        String stamp = java.time.LocalDateTime.now().format(java.time.format.DateTimeFormatter.ofPattern(
                "yyyyMMdd-HHmmss"));
        String names = experiments.size() > 3 ? "all" : String.join("+", experiments.stream().map(Experiment::name)
                .toList());
        return home.resolve("results").resolve(stamp + "-" + names + "-" + profile.label());
    }
}
