package loomlab.jmh;

import java.util.concurrent.TimeUnit;
import loomlab.tasks.throughput.SleepingTasks;
import loomlab.threads.ExecutorMode;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Timeout;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Seed 003's JMH table: one operation submits {@code tasks} tasks that each sleep
 * {@code sleepMs} to a fresh executor and closes it (waiting for all).
 *
 * <p>Defaults follow the seed's published benchmark: 10,000 tasks of 1 s, two benchmark threads
 * (so 20,000 sleeping tasks at once), a forked JVM with a 512 MB to 1 GB heap, both throughput and
 * average time in seconds. "platformThreadPool" was an unbounded cached pool there, and is here.
 * Unlike the seed, tasks print nothing. A quick setting for the lab:
 * {@code -p tasks=1000 -p sleepMs=100 -wi 1 -w 1s -i 2 -r 1s -f 1}.
 */
@State(Scope.Benchmark)
@BenchmarkMode({Mode.Throughput, Mode.AverageTime})
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx1g"})
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 10)
@Threads(2)
@Timeout(time = 60)
public class LoomBenchmark {
    private static final ExecutorMode PER_TASK = ExecutorMode.parse("per-task");
    private static final ExecutorMode CACHED = ExecutorMode.parse("cached");
    private static final ExecutorMode VIRTUAL = ExecutorMode.virtual();

    @Param("10000")
    public int tasks;

    @Param("1000")
    public long sleepMs;

    @Benchmark
    public long platformThreadPerTask() {
        return runAll(PER_TASK);
    }

    @Benchmark
    public long platformThreadPool() {
        return runAll(CACHED);
    }

    @Benchmark
    public long virtualThreadPerTask() {
        return runAll(VIRTUAL);
    }

    /** Returns the completed count so JMH consumes a result, and fails loudly if any task was lost. */
    private long runAll(ExecutorMode mode) {
        long completed = SleepingTasks.run(mode.newExecutor("jmh"), tasks, sleepMs).completed();
        if (completed != tasks) {
            throw new IllegalStateException(mode + ": only " + completed + " of " + tasks + " tasks completed");
        }
        return completed;
    }
}
