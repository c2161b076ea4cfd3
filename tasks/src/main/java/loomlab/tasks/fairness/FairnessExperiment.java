package loomlab.tasks.fairness;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicLong;
import loomlab.threads.ExecutorMode;

/**
 * The noisy-neighbour experiment of seed 001: heavy CPU-bound tasks are started first, then light
 * tasks that only note how long they waited between being created and being run.
 */
public final class FairnessExperiment {
    private final FairnessConfig config;

    public FairnessExperiment(FairnessConfig config) {
        this.config = config;
    }

    /** One round: each light task's delay and how long the heavy tasks took to all finish. */
    public record RoundResult(long[] lightDelaysNanos, long heavyDoneNanos) {
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
        ThreadFactory heavyThreads = config.mode().heavyThreads().factory();
        ThreadFactory lightThreads = config.mode().lightThreads().factory();
        List<Thread> threads = new ArrayList<>(config.heavyTasks() + config.lightTasks());
        LightTask[] lights = new LightTask[config.lightTasks()];
        AtomicLong lastHeavyEnd = new AtomicLong();
        Runnable heavy = heavyTask(offloadPool, lastHeavyEnd);

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
        return new RoundResult(delays, heavyDone);
    }

    private static Thread started(ThreadFactory factory, Runnable task) {
        Thread thread = factory.newThread(task);
        thread.start();
        return thread;
    }

    private Runnable heavyTask(ExecutorService offloadPool, AtomicLong lastHeavyEnd) {
        int iterations = config.heavyIterations();
        Runnable work = switch (config.mode().heavyStyle()) {
            case DIRECT -> () -> HeavyWork.addOnes(iterations, 0);
            case YIELDING -> () -> HeavyWork.addOnes(iterations, config.yieldEvery());
            case OFFLOAD -> () -> awaitOffloaded(offloadPool, iterations);
        };
        return () -> {
            work.run();
            lastHeavyEnd.accumulateAndGet(System.nanoTime(), Math::max);
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
