package loomlab.core.experiment;

import static loomlab.core.experiment.Figures.num;
import static loomlab.core.experiment.Figures.times;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.Published;
import loomlab.core.arm.TaskArmPlan;
import loomlab.core.arm.TaskProgram;
import loomlab.core.arm.TaskThroughputArmResult;

/**
 * Seed 003's task throughput: tasks that sleep 1 s each, handed to an executor that is then closed,
 * per thread model (a platform thread per task, a cached pool, a fixed pool, virtual threads); then
 * virtual threads with the child JVM tuned (no GC during the run, JIT warmed on waking threads) at
 * 100,000 and 1,000,000 tasks. The quick profile runs the seed's arms with 10,000 tasks, so 10,000
 * platform threads at most.
 */
public final class ManyTasks implements Experiment {
    static final int SEED_TASKS = 100_000;
    static final int QUICK_TASKS = 10_000;
    static final String TUNED_100K = "virtual, 100,000, tuned JVM";
    static final String TUNED_1M = "virtual, 1,000,000, tuned JVM";
    /**
     * A young generation big enough that no collection copies the sleeping threads' stacks; trap
     * limits of zero so that C2 code compiled before any thread woke holds no uncommon trap on the
     * wake-up path (each thread frozen in such code would deoptimize on waking, about 10 us each).
     */
    static final List<String> TUNED_JVM = List.of("-Xms4g", "-Xmn3g", "-XX:+UseCompactObjectHeaders",
            "-XX:PerMethodTrapLimit=0", "-XX:PerBytecodeTrapLimit=0", "-XX:+UnlockExperimentalVMOptions",
            "-XX:PerMethodSpecTrapLimit=0");
    static final List<String> TUNED_ARGS = List.of("--warmup-rounds", "3");
    private static final long SLEEP_MS = 1_000;
    /**
     * A fixed pool of N runs the tasks in waves of N sleeps; the pool is sized for a few waves, so the
     * arm shows the waves without taking minutes.
     */
    private static final int QUICK_WAVES = 5;
    private static final int FULL_WAVES = 10;

    private record SeedArm(String name, String executor, double publishedSeconds, String publishedNote) {
    }

    private static final List<SeedArm> SEED_ARMS = List.of(
            new SeedArm("virtual", "virtual", 2.62, "seed 003 slides, 100,000 tasks printing each index; 350 MB max RSS;"
                    + " the seed program on a 2-core machine with JDK 25: 2.26 s, without printing 1.42 to 1.57 s"),
            new SeedArm("cached pool", "cached", 11.52, "seed 003 slides, 100,000 tasks printing each index; 2.2 GB max RSS"),
            new SeedArm("platform thread per task", "per-task", 18.77, "seed 003 slides, 100,000 tasks printing each"
                    + " index; 743 MB max RSS"));

    @Override
    public String name() {
        return "task-throughput";
    }

    @Override
    public String summary() {
        return "seed 003: tasks sleeping 1 s on a closed executor, virtual vs cached pool vs fixed pool vs platform"
                + " thread per task; virtual threads tuned at 100,000 and 1,000,000 tasks";
    }

    @Override
    public List<ArmPlan> plan(Profile profile) {
        int tasks = profile.pick(QUICK_TASKS, SEED_TASKS);
        List<ArmPlan> arms = new ArrayList<>();
        for (SeedArm seed : SEED_ARMS) {
            String note = tasks == SEED_TASKS ? seed.publishedNote() : seed.publishedNote() + " (this profile runs "
                    + TaskArms.count(tasks) + " tasks)";
            arms.add(arm(seed.name() + ", " + TaskArms.count(tasks), seed.executor(), tasks, List.of(), List.of(),
                    new Published(seed.publishedSeconds(), "s", note)));
        }
        int poolSize = tasks / profile.pick(QUICK_WAVES, FULL_WAVES);
        arms.add(arm("fixed pool of " + TaskArms.count(poolSize) + ", " + TaskArms.count(tasks), "platform:" + poolSize,
                tasks, List.of(), List.of(), null));
        arms.add(arm(TUNED_100K, "virtual", SEED_TASKS, TUNED_JVM, TUNED_ARGS, null));
        arms.add(arm(TUNED_1M, "virtual", 1_000_000, TUNED_JVM, TUNED_ARGS,
                new Published(6.96, "s", "the seed program with 1,000,000 tasks on a 2-core machine with JDK 25")));
        return arms;
    }

    private static TaskArmPlan arm(String name, String executor, int tasks, List<String> jvmArgs, List<String> extra,
                                   Published published) {
        List<String> args = new ArrayList<>(List.of("--executor", executor, "--tasks", String.valueOf(tasks),
                "--sleep-ms", String.valueOf(SLEEP_MS)));
        args.addAll(extra);
        return new TaskArmPlan(name, executor, TaskProgram.TASK_THROUGHPUT, jvmArgs, args, Duration.ofMinutes(5), published);
    }

    @Override
    public String verdict(List<ArmResult> arms) {
        List<TaskThroughputArmResult> untuned = TaskArms.all(arms, TaskThroughputArmResult.class).stream()
                .filter(a -> a.warmupRounds() == 0).toList();
        Optional<TaskThroughputArmResult> virtual = untuned.stream().filter(a -> a.mode().equals("virtual")).findFirst();
        if (virtual.isEmpty()) {
            return TaskArms.noVerdict("the virtual arm", arms);
        }
        TaskThroughputArmResult v = virtual.get();
        List<String> sentences = new ArrayList<>();
        StringBuilder first = new StringBuilder(TaskArms.count(v.tasks()) + " tasks sleeping " + num(v.sleepMs() / 1000.0)
                + " s took " + num(v.inProcessS()) + " s on virtual threads (" + num(v.wallS())
                + " s from process start to exit)");
        for (TaskThroughputArmResult other : untuned) {
            if (other != v) {
                first.append(", ").append(num(other.inProcessS())).append(" s on ").append(other.mode()).append(" (")
                        .append(times(other.inProcessS() / v.inProcessS())).append(" longer");
                if (other.floorS() > v.floorS()) {
                    first.append("; its floor is ").append(num(other.floorS())).append(" s, the tasks sleeping in waves");
                }
                first.append(")");
            }
        }
        first.append("; the floor is one sleep, ").append(num(v.floorS())).append(" s. Virtual threads only park"
                + " while they sleep; every platform thread is an OS thread to create, schedule and tear down.");
        sentences.add(first.toString());
        if (v.peakRssMb() != null) {
            String rss = untuned.stream().filter(a -> a.peakRssMb() != null)
                    .map(a -> a.mode() + " " + num(a.peakRssMb()) + " MB").reduce((a, b) -> a + ", " + b).orElse("");
            sentences.add("Peak RSS: " + rss + " (the slides: virtual 350 MB, cached 2.2 GB, per-task 743 MB for 100,000).");
        }
        for (String tuned : List.of(TUNED_100K, TUNED_1M)) {
            TaskArms.named(arms, TaskThroughputArmResult.class, tuned).ifPresent(t -> sentences.add(
                    "With the tuned JVM " + TaskArms.count(t.tasks()) + " virtual tasks took " + num(t.inProcessS())
                            + " s in the process, " + num(t.inProcessS() - t.floorS()) + " s above the floor ("
                            + num(t.wallS()) + " s from process start to exit)."));
        }
        long incomplete = TaskArms.all(arms, TaskThroughputArmResult.class).stream().filter(a -> a.completed() != a.tasks())
                .count();
        if (incomplete > 0) {
            sentences.add(incomplete + " arm(s) did not complete every task.");
        }
        String missing = Figures.missing(arms);
        return String.join(" ", sentences) + (missing.isEmpty() ? "" : " " + missing);
    }
}
