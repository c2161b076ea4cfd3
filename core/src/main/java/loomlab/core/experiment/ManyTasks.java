package loomlab.core.experiment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import loomlab.core.Figures;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmMode;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.ParamValue;
import loomlab.core.arm.Published;
import loomlab.core.arm.TaskArmPlan;
import loomlab.core.arm.TaskProgram;
import loomlab.core.arm.TaskThroughputArmResult;
import loomlab.core.finding.AgainstPublished;
import loomlab.core.finding.Finding;
import loomlab.core.finding.Floor;
import loomlab.core.finding.Incomplete;
import loomlab.core.finding.Lead;
import loomlab.core.finding.Measure;
import loomlab.core.finding.TunedRun;

/**
 * Seed 003's task throughput: tasks that sleep 1 s each, handed to an executor that is then closed,
 * per thread model (a platform thread per task, a cached pool, a fixed pool, virtual threads), each
 * in a cold JVM with default flags, timed from outside as the seed's {@code time} did; then virtual
 * threads with the child JVM tuned (no GC during the run, JIT warmed on waking threads, three
 * warm-up rounds in the process) at 100,000 and 1,000,000 tasks, labelled as tuned and never set
 * beside a published figure. The quick profile runs the cold arms with 10,000 tasks, which are not
 * the seed's: their tables carry no published figure, and the verdict quotes the seed's time with the
 * size it ran, never compared; it runs the tuned arm at 100,000 tasks only.
 */
public final class ManyTasks implements Experiment {
    static final int SEED_TASKS = 100_000;
    static final int QUICK_TASKS = 10_000;
    static final String VIRTUAL = "virtual";
    /** The key's parameters: how many tasks, and the JVM set-up when it is not the default. */
    static final String TASKS = "tasks";
    static final String SETUP = "setup";
    /** How the tuned arms are labelled wherever they appear. */
    static final String TUNED = "tuned JVM, 3 warm-up rounds, in process";
    /**
     * A young generation big enough that no collection copies the sleeping threads' stacks; trap
     * limits of zero so that C2 code compiled before any thread woke holds no uncommon trap on the
     * wake-up path (each thread frozen in such code would deoptimize on waking, about 10 us each).
     */
    static final List<String> TUNED_JVM = List.of("-Xms4g", "-Xmn3g", "-XX:+UseCompactObjectHeaders",
            "-XX:PerMethodTrapLimit=0", "-XX:PerBytecodeTrapLimit=0", "-XX:+UnlockExperimentalVMOptions",
            "-XX:PerMethodSpecTrapLimit=0");
    static final int TUNED_WARMUP_ROUNDS = 3;
    private static final long SLEEP_MS = 1_000;
    /**
     * A fixed pool of N runs the tasks in waves of N sleeps; the pool is sized for a few waves, so the
     * arm shows the waves without taking minutes.
     */
    private static final int QUICK_WAVES = 5;
    private static final int FULL_WAVES = 10;

    /** A seed arm and what the slides published for it at 100,000 tasks: time and peak RSS. */
    private record SeedArm(String executor, Published seconds, Published peakRss) {
    }

    private static final String SLIDES = "seed 003 slides, 100,000 tasks printing each index, measured with time";
    private static final List<SeedArm> SEED_ARMS = List.of(
            new SeedArm(VIRTUAL, new Published(2.62, "s", SLIDES), new Published(350, "MB", SLIDES)),
            new SeedArm("cached", new Published(11.52, "s", SLIDES), new Published(2_200, "MB", SLIDES)),
            new SeedArm("per-task", new Published(18.77, "s", SLIDES), new Published(743, "MB", SLIDES)));

    @Override
    public String name() {
        return "task-throughput";
    }

    @Override
    public String question() {
        return "How soon do 100,000 tasks sleeping 1 s finish on each kind of executor?";
    }

    @Override
    public String summary() {
        return "seed 003: tasks sleeping 1 s on a closed executor, virtual vs cached pool vs fixed pool vs platform"
                + " thread per task in a cold JVM; virtual threads in a tuned JVM at 100,000 and 1,000,000 tasks";
    }

    @Override
    public List<ArmPlan> plan(Profile profile) {
        int tasks = profile.pick(QUICK_TASKS, SEED_TASKS);
        List<ArmPlan> arms = new ArrayList<>();
        for (SeedArm seed : SEED_ARMS) {
            arms.add(arm(seed.executor(), tasks, List.of(), List.of(), tasks == SEED_TASKS ? seed.seconds() : null));
        }
        int poolSize = tasks / profile.pick(QUICK_WAVES, FULL_WAVES);
        arms.add(arm("platform:" + poolSize, tasks, List.of(), List.of(), null));
        // The tuned JVM at a million tasks (four rounds of a million threads) is the full profile's.
        for (int tuned : profile.pick(List.of(SEED_TASKS), List.of(SEED_TASKS, 1_000_000))) {
            arms.add(new TaskArmPlan(ArmKey.program(ArmMode.ofExecutor(VIRTUAL)).withParam(TASKS, ParamValue.count(tuned)).withParam(SETUP, ParamValue.named(TUNED)),
                    TaskProgram.TASK_THROUGHPUT, TUNED_JVM, args(VIRTUAL, tuned, List.of("--warmup-rounds",
                    String.valueOf(TUNED_WARMUP_ROUNDS))), Duration.ofMinutes(5), null));
        }
        return arms;
    }

    private static TaskArmPlan arm(String executor, int tasks, List<String> jvmArgs, List<String> extra,
                                   Published published) {
        return new TaskArmPlan(ArmKey.program(ArmMode.ofExecutor(executor)).withParam(TASKS, ParamValue.count(tasks)), TaskProgram.TASK_THROUGHPUT,
                jvmArgs, args(executor, tasks, extra), Duration.ofMinutes(5), published);
    }

    private static List<String> args(String executor, int tasks, List<String> extra) {
        List<String> args = new ArrayList<>(List.of("--executor", executor, "--tasks", String.valueOf(tasks),
                "--sleep-ms", String.valueOf(SLEEP_MS)));
        args.addAll(extra);
        return args;
    }

    @Override
    public List<Finding> findings(List<ArmResult> arms) {
        List<TaskThroughputArmResult> all = Arms.all(arms, TaskThroughputArmResult.class);
        List<TaskThroughputArmResult> cold = all.stream().filter(a -> a.warmupRounds() == 0).toList();
        Optional<TaskThroughputArmResult> virtual = cold.stream().filter(a -> a.mode().equals(ArmMode.ofExecutor(VIRTUAL))).findFirst();
        if (virtual.isEmpty()) {
            return Arms.noVerdict(arms, "the cold virtual arm");
        }
        TaskThroughputArmResult v = virtual.get();
        List<Finding> findings = new ArrayList<>();
        for (TaskThroughputArmResult other : cold) {
            if (other != v && other.tasks() == v.tasks()) {
                findings.add(new Lead(Measure.WALL_TIME, v.key(), v.wallS(), other.key(), other.wallS(),
                        Lead.Range.of(v.wallSpread()), Lead.Range.of(other.wallSpread())));
            }
        }
        for (TaskThroughputArmResult arm : cold) {
            findings.add(new Floor(arm.key(), arm.floorS(), Math.round(arm.floorS() * 1000 / SLEEP_MS)));
        }
        for (TaskThroughputArmResult arm : cold) {
            if (arm.peakRssMb() != null && arm != v && v.peakRssMb() != null && arm.tasks() == v.tasks()) {
                findings.add(new Lead(Measure.PEAK_RSS, v.key(), v.peakRssMb(), arm.key(), arm.peakRssMb(),
                        Lead.Range.of(v.peakRssSpread()), Lead.Range.of(arm.peakRssSpread())));
            }
        }
        for (TaskThroughputArmResult arm : cold) {
            findings.addAll(published(arm));
        }
        for (TaskThroughputArmResult arm : all) {
            if (arm.warmupRounds() > 0) {
                findings.add(new TunedRun(arm.key(), arm.tasks(), arm.inProcessS(), arm.floorS(), arm.wallS(),
                        arm.warmupRounds()));
            }
        }
        List<ArmKey> incomplete = all.stream().filter(a -> a.completed() != a.tasks()).map(ArmResult::key).toList();
        if (!incomplete.isEmpty()) {
            findings.add(new Incomplete(incomplete));
        }
        Arms.notMeasured(arms, null).ifPresent(findings::add);
        return findings;
    }

    /**
     * The slides' time and RSS beside a cold arm of the seed's size: whole-process time against theirs.
     * Beside an arm of another size, only the time, quoted with the size this profile ran and never
     * compared: the seed measured this experiment, at a setting the run did not have.
     */
    private static List<Finding> published(TaskThroughputArmResult arm) {
        List<Finding> findings = new ArrayList<>();
        Optional<SeedArm> same = SEED_ARMS.stream().filter(s -> ArmMode.ofExecutor(s.executor()).equals(arm.mode()))
                .findFirst();
        if (arm.tasks() != SEED_TASKS) {
            same.ifPresent(seed -> findings.add(new AgainstPublished(arm.key(), Measure.WALL_TIME, arm.wallS(),
                    seed.seconds().changedSetting("; this profile runs " + Figures.count(arm.tasks()) + " tasks"))));
            return findings;
        }
        same.ifPresent(seed -> {
            findings.add(new AgainstPublished(arm.key(), Measure.WALL_TIME, arm.wallS(), seed.seconds()));
            if (arm.peakRssMb() != null) {
                findings.add(new AgainstPublished(arm.key(), Measure.PEAK_RSS, arm.peakRssMb(), seed.peakRss()));
            }
        });
        return findings;
    }
}
