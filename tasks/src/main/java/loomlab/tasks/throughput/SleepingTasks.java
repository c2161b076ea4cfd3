package loomlab.tasks.throughput;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Seed 003's task-throughput loop: many tasks that each sleep, handed to an executor that is then
 * closed, which waits for all of them. One shared task object and {@code execute} (not
 * {@code submit}) keep the submitting loop free of per-task allocations beyond the thread itself:
 * nobody reads a result, so a Future would be pure overhead.
 */
public final class SleepingTasks {
    private SleepingTasks() {
    }

    /** Times one run; the executor is closed (and so drained) before this returns. */
    public record Timing(long completed, long submitNanos, long totalNanos) {
    }

    /** The seed's shape: the calling thread submits every task. */
    public static Timing run(ExecutorService executor, int tasks, long sleepMillis) {
        return run(executor, tasks, sleepMillis, 0);
    }

    /**
     * With {@code submitters > 0}, that many virtual threads submit equal slices of the tasks
     * instead of the calling thread. On a few cores one platform thread creating a million threads
     * while the carriers run them is the bottleneck; submitting from carriers also queues each new
     * thread on the carrier's own work queue rather than the pool's shared submission queue.
     */
    public static Timing run(ExecutorService executor, int tasks, long sleepMillis, int submitters) {
        // Not a LongAdder: its contended branch is first taken when a million threads wake at
        // once, and C2 code compiled without that branch deoptimizes in every woken thread.
        AtomicLong completed = new AtomicLong();
        Runnable sleeper = () -> {
            try {
                Thread.sleep(sleepMillis);
                completed.incrementAndGet();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        long start = System.nanoTime();
        long submitted;
        try (executor) {
            if (submitters <= 0) {
                submitSlice(executor, sleeper, tasks);
            } else {
                submitInParallel(executor, sleeper, tasks, submitters);
            }
            submitted = System.nanoTime();
        }
        long end = System.nanoTime();
        return new Timing(completed.get(), submitted - start, end - start);
    }

    private static void submitSlice(ExecutorService executor, Runnable task, int count) {
        for (int i = 0; i < count; i++) {
            executor.execute(task);
        }
    }

    private static void submitInParallel(ExecutorService executor, Runnable task, int tasks, int submitters) {
        List<Thread> threads = new ArrayList<>(submitters);
        for (int s = 0; s < submitters; s++) {
            int count = slice(tasks, submitters, s);
            threads.add(Thread.ofVirtual().name("submitter-" + s).start(() -> submitSlice(executor, task, count)));
        }
        for (Thread thread : threads) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while submitting", e);
            }
        }
    }

    /** Task count of submitter {@code index} when {@code tasks} are split as evenly as possible. */
    static int slice(int tasks, int submitters, int index) {
        return (int) ((long) tasks * (index + 1) / submitters - (long) tasks * index / submitters);
    }
}
