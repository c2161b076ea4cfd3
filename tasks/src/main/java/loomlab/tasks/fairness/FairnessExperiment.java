package loomlab.tasks.fairness;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import loomlab.threads.ExecutorMode;

/**
 * The noisy-neighbour experiment of seed 001: heavy CPU-bound tasks are started first, then light
 * tasks that only note how long they waited between being created and being run.
 */
public final class FairnessExperiment {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private final FairnessConfig config;

    public FairnessExperiment(FairnessConfig config) {
        this.config = config;
    }

    /**
     * One round: each light task's delay, how long the heavy tasks took to all finish, how long each
     * heavy task's own work took, and the most heavy tasks that ran at the same moment.
     */
    public record RoundResult(long[] lightDelaysNanos, long heavyDoneNanos, long[] heavyTaskNanos,
                              int peakHeavyRunning) {
    }

    public List<RoundResult> run() throws InterruptedException {
        ExecutorService offloadPool = config.mode().heavyStyle() == HeavyStyle.OFFLOAD
                ? ExecutorMode.platform(config.offloadThreads()).newExecutor("heavy-offload")
                : null;
        try {
            List<RoundResult> rounds = new ArrayList<>(config.rounds());
            for (int round = 0; round < config.rounds(); round++) {
                rounds.add(runRound(offloadPool));
            }
            return rounds;
        } finally {
            if (offloadPool != null) {
                offloadPool.shutdownNow();
            }
        }
    }

    private RoundResult runRound(ExecutorService offloadPool) throws InterruptedException {
        ThreadFactory heavyThreads = FairnessMode.newThreadPerTask(config.mode().heavyThreads());
        ThreadFactory lightThreads = FairnessMode.newThreadPerTask(config.mode().lightThreads());
        List<Thread> threads = new ArrayList<>(config.heavyTasks() + config.lightTasks());
        LightTask[] lights = new LightTask[config.lightTasks()];
        AtomicLong lastHeavyEnd = new AtomicLong();
        HeavyTiming timing = new HeavyTiming(config.heavyTasks());
        Runnable heavy = heavyTask(offloadPool, lastHeavyEnd, timing);

        long roundStart = System.nanoTime();
        for (int i = 0; i < config.heavyTasks(); i++) {
            threads.add(started(heavyThreads, heavy));
        }
        for (int i = 0; i < lights.length; i++) {
            lights[i] = new LightTask();
            threads.add(started(lightThreads, lights[i]));
        }
        for (Thread thread : threads) {
            thread.join();
        }

        long[] delays = new long[lights.length];
        for (int i = 0; i < lights.length; i++) {
            delays[i] = lights[i].delayNanos;
        }
        long heavyDone = config.heavyTasks() == 0 ? 0 : lastHeavyEnd.get() - roundStart;
        return new RoundResult(delays, heavyDone, timing.durations(), timing.peakRunning());
    }

    private static Thread started(ThreadFactory factory, Runnable task) {
        Thread thread = factory.newThread(task);
        thread.start();
        return thread;
    }

    private Runnable heavyTask(ExecutorService offloadPool, AtomicLong lastHeavyEnd, HeavyTiming timing) {
        int iterations = config.heavyIterations();
        Runnable work = switch (config.mode().heavyStyle()) {
            case DIRECT -> () -> HeavyWork.addOnes(iterations, 0);
            case YIELDING -> () -> HeavyWork.addOnes(iterations, config.yieldEvery());
            case OFFLOAD -> () -> awaitOffloaded(offloadPool, iterations);
        };
        return () -> {
            timing.started();
            long cpuStart = THREADS.getCurrentThreadCpuTime();
            long start = System.nanoTime();
            work.run();
            long end = System.nanoTime();
            long cpuEnd = THREADS.getCurrentThreadCpuTime();
            // The thread's own CPU when the JVM can tell (platform threads): wall time would count the
            // time slices other heavy threads took. A virtual thread runs its task to the end unsliced.
            timing.finished(cpuStart >= 0 && cpuEnd >= 0 ? cpuEnd - cpuStart : end - start);
            lastHeavyEnd.accumulateAndGet(end, Math::max);
        };
    }

    /** The calling (virtual) thread blocks on the pool's future and so gives its carrier back. */
    private static void awaitOffloaded(ExecutorService pool, int iterations) {
        try {
            pool.submit(() -> HeavyWork.addOnes(iterations, 0)).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for offloaded work", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("offloaded work failed", e.getCause());
        }
    }

    /**
     * How long each heavy task's own work took and how many ran at once: whether the OS had many
     * runnable heavy threads to time-slice, or each was done before the next got going.
     */
    private static final class HeavyTiming {
        private final long[] durations;
        private final AtomicInteger recorded = new AtomicInteger();
        private final AtomicInteger running = new AtomicInteger();
        private final AtomicInteger peak = new AtomicInteger();

        HeavyTiming(int tasks) {
            durations = new long[tasks];
        }

        void started() {
            peak.accumulateAndGet(running.incrementAndGet(), Math::max);
        }

        void finished(long nanos) {
            running.decrementAndGet();
            int slot = recorded.getAndIncrement();
            if (slot < durations.length) {
                durations[slot] = nanos;
            }
        }

        /** Read after every heavy thread was joined, which makes their writes visible. */
        long[] durations() {
            return Arrays.copyOf(durations, Math.min(recorded.get(), durations.length));
        }

        int peakRunning() {
            return peak.get();
        }
    }

    /** Notes its creation time in the constructor and the delay until it first runs. */
    private static final class LightTask implements Runnable {
        private final long createdNanos = System.nanoTime();
        private long delayNanos;

        @Override
        public void run() {
            delayNanos = System.nanoTime() - createdNanos;
        }
    }
}
