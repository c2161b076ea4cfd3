package loomlab.tasks.throughput;

import java.lang.management.ManagementFactory;
import java.util.Set;
import loomlab.tasks.TaskProgram;
import loomlab.tasks.cli.Options;
import loomlab.tasks.json.Json;
import loomlab.tasks.os.ProcessUsage;
import loomlab.threads.ExecutorMode;

/**
 * {@code task-throughput}: T tasks sleeping S each on one executor mode, then the CPU time and peak
 * RSS the kernel charged this process, the figures GNU time gave for the seed.
 */
public final class TaskThroughputProgram implements TaskProgram {
    static final int DEFAULT_TASKS = 100_000;
    static final long DEFAULT_SLEEP_MS = 1_000;
    /**
     * Warm-up rounds let the JIT see threads wake from sleep before C2 compiles the sleep path.
     * Compiled during a cold run's submission phase, when no thread has woken yet, that path
     * holds an uncommon trap at the loop exit, and every thread frozen in the compiled frame
     * deoptimizes when it wakes: a cost paid once per thread, so it grows with the task count
     * (docs/measurements.md, "Carried over from code comments"). Rounds (not one big batch) make
     * sure some wake-ups run in profiled code first.
     */
    static final int DEFAULT_WARMUP_TASKS = 20_000;
    static final long DEFAULT_WARMUP_SLEEP_MS = 10;

    @Override
    public String name() {
        return "task-throughput";
    }

    @Override
    public Set<String> optionNames() {
        return Set.of("executor", "tasks", "sleep-ms", "submitters", "warmup-rounds", "warmup-tasks", "warmup-sleep-ms");
    }

    @Override
    public String usage() {
        return "[--executor " + ExecutorMode.CHOICES.replace(", ", "|") + " (virtual)] [--tasks " + DEFAULT_TASKS
                + "] [--sleep-ms " + DEFAULT_SLEEP_MS + "] [--submitters 0 (the main thread submits)]"
                + " [--warmup-rounds 0] [--warmup-tasks 20000] [--warmup-sleep-ms 10]";
    }

    @Override
    public Json.ObjectBuilder run(Options options) {
        ExecutorMode mode = options.choice("executor", "virtual", ExecutorMode::parse);
        int tasks = options.integer("tasks", DEFAULT_TASKS, 1);
        long sleepMillis = options.longInteger("sleep-ms", DEFAULT_SLEEP_MS, 0);
        int submitters = options.integer("submitters", 0, 0);
        int warmupRounds = options.integer("warmup-rounds", 0, 0);
        int warmupTasks = options.integer("warmup-tasks", DEFAULT_WARMUP_TASKS, 1);
        long warmupSleepMillis = options.longInteger("warmup-sleep-ms", DEFAULT_WARMUP_SLEEP_MS, 0);

        long warmupStart = System.nanoTime();
        for (int round = 0; round < warmupRounds; round++) {
            SleepingTasks.run(mode.newExecutor("warmup"), warmupTasks, warmupSleepMillis, submitters);
        }
        long warmupNanos = System.nanoTime() - warmupStart;
        SleepingTasks.Timing timing = SleepingTasks.run(mode.newExecutor("task"), tasks, sleepMillis, submitters);

        Json.ObjectBuilder result = Json.object()
                .put("program", "task-throughput")
                .put("executor", mode.toString())
                .put("tasks", tasks)
                .put("completed", timing.completed())
                .put("sleep_ms", sleepMillis)
                .put("floor_s", Json.round3(floorSeconds(mode, tasks, sleepMillis)))
                .put("submitters", submitters == 0 ? "main" : submitters + " virtual")
                .put("warmup_rounds", warmupRounds)
                .put("warmup_tasks", warmupRounds == 0 ? 0 : warmupTasks)
                .put("warmup_s", Json.round3(warmupNanos / 1e9))
                .put("in_process_s", Json.round3(timing.totalNanos() / 1e9))
                .put("submit_s", Json.round3(timing.submitNanos() / 1e9))
                .put("jvm_uptime_s", Json.round3(ManagementFactory.getRuntimeMXBean().getUptime() / 1e3))
                .put("peak_platform_threads", ManagementFactory.getThreadMXBean().getPeakThreadCount())
                .put("prints_each_task", false)
                .put("note", "unlike the seed, tasks print nothing: printing 100,000 lines is console cost, not thread cost");
        ProcessUsage.putInto(result);
        return result;
    }

    /**
     * The least the run can take: every task sleeps once, and a mode that runs at most N tasks at
     * once sleeps in ceil(tasks / N) waves.
     */
    static double floorSeconds(ExecutorMode mode, int tasks, long sleepMillis) {
        long waves = (tasks + (long) mode.concurrencyLimit() - 1) / mode.concurrencyLimit();
        return waves * sleepMillis / 1000.0;
    }
}
