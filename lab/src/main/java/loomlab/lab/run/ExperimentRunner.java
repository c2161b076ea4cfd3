package loomlab.lab.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.LongSupplier;
import loomlab.core.Figures;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.AssessArmResult;
import loomlab.core.arm.FailedArm;
import loomlab.core.assess.StepSeeds;
import loomlab.core.experiment.Experiment;
import loomlab.core.experiment.Profile;
import loomlab.core.finding.Finding;
import loomlab.core.repeat.RepeatRun;
import loomlab.core.repeat.RepeatedRuns;
import loomlab.core.repeat.RunOrder;
import loomlab.core.result.Environment;
import loomlab.core.result.ExperimentResult;
import loomlab.core.result.RunResult;
import loomlab.core.sweep.SweepSummary;
import loomlab.core.verdict.Verdict;
import loomlab.lab.report.ArmTables;
import loomlab.lab.report.OverviewTable;
import loomlab.lab.report.WinnersTable;
import loomlab.lab.report.files.ResultFiles;
import loomlab.lab.report.verdict.HeadlineWords;
import loomlab.lab.report.verdict.VerdictWriter;

/**
 * Runs experiments arm by arm, prints each experiment's table and verdict as soon as it is done,
 * and writes the run's files. Results are rewritten after every experiment, so an interrupted
 * run keeps what it measured.
 */
public final class ExperimentRunner {
    private final ArmRunners runners;
    private final ResultFiles files;
    private final RunOptions options;
    private final LongSupplier arrivalsSeeds;

    public ExperimentRunner(ArmRunners runners, ResultFiles files) {
        this(runners, files, RunOptions.AS_PLANNED);
    }

    public ExperimentRunner(ArmRunners runners, ResultFiles files, RunOptions options) {
        this(runners, files, options, ExperimentRunner::drawSeed);
    }

    /**
     * @param arrivalsSeeds each run's arrivals seed, drawn once per run of an experiment's arms (for a test: a
     *                      fixed sequence)
     */
    public ExperimentRunner(ArmRunners runners, ResultFiles files, RunOptions options, LongSupplier arrivalsSeeds) {
        this.runners = runners;
        this.files = files;
        this.options = options;
        this.arrivalsSeeds = arrivalsSeeds;
    }

    /**
     * An arrivals seed no earlier run chose: the arrivals differ run to run as real traffic does, and
     * results.json keeps it.
     */
    public static long drawSeed() {
        return ThreadLocalRandom.current().nextLong(1, StepSeeds.LIMIT);
    }

    /**
     * Every experiment's arms as they will run, sweep applied: computed before anything starts, so
     * a sweep that fits no arm of an experiment is bad input, not a failure halfway through.
     */
    public Map<Experiment, List<ArmPlan>> plan(List<Experiment> experiments, Profile profile) {
        return options.plan(experiments, profile);
    }

    /** Every JDK feature version the experiments' servers will run on, in the order first needed. */
    public Set<Integer> jdksNeeded(List<Experiment> experiments) {
        Set<Integer> features = new LinkedHashSet<>();
        experiments.forEach(e -> features.addAll(options.jdksOf(e)));
        return features;
    }

    public RunResult run(List<Experiment> experiments, RunContext context, Environment environment, String command)
            throws InterruptedException, IOException {
        Instant started = Instant.now();
        long startNanos = System.nanoTime();
        PrintStream out = context.console();
        List<ExperimentResult> done = new ArrayList<>();
        RunResult run = null;
        for (Map.Entry<Experiment, List<ArmPlan>> planned : plan(experiments, context.profile()).entrySet()) {
            Experiment experiment = planned.getKey();
            out.println();
            out.println("== " + experiment.name() + ": " + experiment.summary());
            long experimentStart = System.nanoTime();
            List<ArmResult> arms = new ArrayList<>();
            List<RepeatRun> runs = new ArrayList<>();
            try {
                arms.addAll(runArms(experiment, planned.getValue(), context, runs));
            } finally {
                runners.experimentDone();
            }
            List<Finding> findings = findings(experiment, arms);
            ExperimentResult result = new ExperimentResult(experiment.name(), experiment.summary(),
                    experiment.question(), context.profile().id(), arms, findings, experiment,
                    (System.nanoTime() - experimentStart) / 1e9, runs);
            done.add(result);
            print(result, out);
            out.println("  " + experiment.name() + " took " + Figures.num(result.elapsedS()) + " s");
            run = new RunResult(RunResult.SCHEMA, started.toString(), (System.nanoTime() - startNanos) / 1e9, command,
                    context.profile().id(), environment, done);
            files.write(run, context.outDir());
        }
        if (run != null) {
            out.println();
            out.println("Overview:");
            out.print(OverviewTable.of(run).toText().indent(2));
        }
        return run;
    }

    /**
     * Runs the experiment's arms as many times as asked ({@code --repeat K}), each run every arm afresh, in
     * the planned order in odd runs and reversed in even ones ({@link RunOrder}), each run with an arrivals
     * seed of its own; then folds each arm's runs into one result, in the planned order. Only arms measured over HTTP
     * (plain, JDBC, pinning, assessed) and task throughput's and fairness's run more than once; others run in the first
     * run alone, and say so,
     * since only those have the figures a spread is made of. An arm whose run failed runs no more: the arm
     * failed. What ran, in which order and with which arrivals seed, goes into {@code record}.
     */
    private List<ArmResult> runArms(Experiment experiment, List<ArmPlan> plans, RunContext context,
                                    List<RepeatRun> record) throws InterruptedException {
        int times = plans.stream().anyMatch(ArmPlan::repeatable) ? options.repeats() : 1;
        List<List<ArmResult>> runsOf = new ArrayList<>();
        plans.forEach(p -> runsOf.add(new ArrayList<>()));
        for (int run = 1; run <= times; run++) {
            long arrivalsSeed = arrivalsSeeds.getAsLong();
            List<String> order = new ArrayList<>();
            boolean searched = false;
            List<Integer> due = new ArrayList<>();
            for (int index : RunOrder.of(plans.size(), run)) {
                ArmPlan plan = plans.get(index);
                if (run == 1 || (plan.repeatable() && runsOf.get(index).getLast().ran())) {
                    due.add(index);
                }
            }
            for (List<Integer> group : sideBySide(plans, due)) {
                List<ArmResult> results = group.size() == 1
                        ? List.of(runOnce(experiment, plans.get(group.getFirst()), context, run,
                        plans.get(group.getFirst()).repeatable() ? times : 1, arrivalsSeed))
                        : runTogether(experiment, group.stream().map(plans::get).toList(), context, run, times,
                                arrivalsSeed);
                for (int i = 0; i < group.size(); i++) {
                    runsOf.get(group.get(i)).add(results.get(i));
                    order.add(plans.get(group.get(i)).name());
                    searched |= results.get(i) instanceof AssessArmResult;
                }
            }
            record.add(new RepeatRun(run, searched ? arrivalsSeed : null, order));
        }
        return runsOf.stream().map(RepeatedRuns::combine).toList();
    }

    /**
     * The arms due in a run, in their order, grouped: the arms of one JDK whose runner measures them side by
     * side go together, at the place of the first of them; every other arm goes alone.
     */
    private List<List<Integer>> sideBySide(List<ArmPlan> plans, List<Integer> due) {
        Map<Object, List<Integer>> groups = new LinkedHashMap<>();
        for (int index : due) {
            ArmPlan plan = plans.get(index);
            Object together = runners.sideBySide(plan) ? Arrays.asList(plan.getClass(), plan.key().jdk())
                    : index;
            groups.computeIfAbsent(together, k -> new ArrayList<>()).add(index);
        }
        return List.copyOf(groups.values());
    }

    /** One run of arms measured side by side: those whose JDK could not be had are skipped, the rest run together. */
    private List<ArmResult> runTogether(Experiment experiment, List<ArmPlan> plans, RunContext context, int run,
                                        int times, long arrivalsSeed) throws InterruptedException {
        ArmResult[] results = new ArmResult[plans.size()];
        List<ArmPlan> going = new ArrayList<>();
        List<Integer> where = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < plans.size(); i++) {
            ArmPlan plan = plans.get(i);
            String noJdk = context.jdks().whyMissing(plan.key().jdk());
            if (noJdk != null) {
                context.console().println("  - " + plan.name() + ": skipped, " + noJdk);
                results[i] = FailedArm.skipped(plan, noJdk);
            } else {
                going.add(plan);
                where.add(i);
                names.add(plan.name());
            }
        }
        if (!going.isEmpty()) {
            context.console().println("  - " + String.join(" and ", names) + (going.size() > 1 ? ", side by side" : "")
                    + (times > 1 ? " (run " + run + " of " + times + ")" : ""));
            context.console().flush();
            List<RunContext> contexts = going.stream()
                    .map(p -> context.forArm(experiment.name(), run, times, arrivalsSeed))
                    .toList();
            List<ArmResult> ran = runners.runSideBySide(going, contexts);
            for (int i = 0; i < going.size(); i++) {
                results[where.get(i)] = ran.get(i);
            }
        }
        return List.of(results);
    }

    /** One run of an arm, or its skip when its JDK could not be had. */
    private ArmResult runOnce(Experiment experiment, ArmPlan plan, RunContext context, int run, int times,
                              long arrivalsSeed)
            throws InterruptedException {
        String noJdk = context.jdks().whyMissing(plan.key().jdk());
        if (noJdk != null) {
            context.console().println("  - " + plan.name() + ": skipped, " + noJdk);
            return FailedArm.skipped(plan, noJdk);
        }
        // Said, not silently ignored: --repeat asked for runs this kind of arm does not make.
        String once = options.repeats() > 1 && times == 1
                ? " (runs once: this kind of arm has no --repeat; run --help lists the experiments whose arms have)" : "";
        context.console().println("  - " + plan.name() + (times > 1 ? " (run " + run + " of " + times + ")" : once));
        context.console().flush();
        return runners.run(plan, context.forArm(experiment.name(), run, times, arrivalsSeed));
    }

    /** The experiment's findings, then the sweep's when the run swept. */
    private static List<Finding> findings(Experiment experiment, List<ArmResult> arms) {
        List<Finding> findings = new ArrayList<>(experiment.findings(arms));
        findings.addAll(SweepSummary.findings(arms));
        return findings;
    }

    static void print(ExperimentResult result, PrintStream out) {
        out.println();
        List<ArmTables.Part> parts = ArmTables.parts(result);
        for (int i = 0; i < parts.size(); i++) {
            if (i > 0) {
                out.println();
            }
            out.print(parts.get(i).table().toText().indent(2));
        }
        ArmTables.commands(result).forEach(c -> out.println(("command of " + c).indent(2).stripTrailing()));
        ArmTables.failures(result).forEach(f -> out.println(f.indent(2).stripTrailing()));
        WinnersTable.of(result).ifPresent(t -> out.print(("\nWinners:\n" + t.toText()).indent(2)));
        out.println();
        Verdict verdict = result.verdict();
        out.println(("Headline: " + HeadlineWords.headline(verdict)).indent(2).stripTrailing());
        List<String> detail = VerdictWriter.detail(verdict);
        if (!detail.isEmpty()) {
            out.println(("Detail: " + String.join(VerdictWriter.PARAGRAPH_BREAK, detail)).indent(2).stripTrailing());
        }
    }

    /** The default output folder: results/<timestamp>-<names>. */
    public static Path defaultOutDir(Path home, List<Experiment> experiments, Profile profile) {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern(
                "yyyyMMdd-HHmmss"));
        String names = experiments.size() > 3 ? "all" : String.join("+", experiments.stream().map(Experiment::name)
                .toList());
        return home.resolve("results").resolve(stamp + "-" + names + "-" + profile.id());
    }
}
