package loomlab.tasks.threadlimit;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Starts threads that park until released, one after another, until a cap, a deadline or the
 * first failure to start one. Started threads stay referenced: an unreferenced parked virtual
 * thread may be garbage-collected, which would measure the collector, not the thread limit.
 */
public final class ThreadLimitProbe {
    /**
     * Heap kept back so that the report can still be built after a heap OutOfMemoryError. Carriers
     * finishing already-started virtual threads eat into it too, hence a share of the heap.
     */
    private static final long REPORT_RESERVE_MIN_BYTES = 4L << 20;
    private static final long REPORT_RESERVE_MAX_BYTES = 64L << 20;
    private static final int REPORT_RESERVE_HEAP_SHARE = 8;
    private static final int DEADLINE_CHECK_EVERY = 256;

    private final List<Thread> threads = new ArrayList<>();
    private final AtomicInteger parking = new AtomicInteger();
    private volatile boolean released;
    /**
     * Allocated (and so resident) when the probe is made: callers take their "before" memory
     * reading after that, so the reserve is not counted as thread memory.
     */
    private byte[] reserve = new byte[(int) Math.clamp(Runtime.getRuntime().maxMemory() / REPORT_RESERVE_HEAP_SHARE,
            REPORT_RESERVE_MIN_BYTES, REPORT_RESERVE_MAX_BYTES)];

    public enum StopReason { CAP, ERROR, TIME }

    /** What stopped the probe; {@code error} is "class: message" when the reason is ERROR. */
    public record Outcome(int started, StopReason stoppedBy, String error, long elapsedNanos) {
    }

    /** Starts one thread running the task, or throws whatever the JVM throws when it cannot. */
    @FunctionalInterface
    public interface Starter {
        Thread start(Runnable task);
    }

    public Outcome run(Starter starter, int cap, long timeLimitNanos) {
        Runnable parker = () -> {
            parking.incrementAndGet();
            while (!released) {
                LockSupport.park(this);
            }
        };
        long start = System.nanoTime();
        int started = 0;
        StopReason reason = StopReason.CAP;
        String error = null;
        try {
            while (started < cap) {
                if (started % DEADLINE_CHECK_EVERY == 0 && System.nanoTime() - start >= timeLimitNanos) {
                    reason = StopReason.TIME;
                    break;
                }
                Thread thread = starter.start(parker);
                started++;
                threads.add(thread);
            }
        } catch (Throwable e) { // the point of the probe: whatever stops thread creation is the result
            reserve = null;
            reason = StopReason.ERROR;
            error = e.getClass().getName() + ": " + e.getMessage();
        }
        long elapsed = System.nanoTime() - start;
        return new Outcome(started, reason, error, elapsed);
    }

    /**
     * Waits until every started thread has reached its park (each counts itself just before), so
     * that memory read afterwards holds every thread's stack; gives up after {@code limitNanos}.
     *
     * @return how many had parked
     */
    public int awaitParked(int started, long limitNanos) throws InterruptedException {
        long deadline = System.nanoTime() + limitNanos;
        while (parking.get() < started && System.nanoTime() - deadline < 0) {
            Thread.sleep(5);
        }
        return parking.get();
    }

    /** Lets every started thread end; only tests need this, the program exits instead. */
    public void releaseAndJoin() throws InterruptedException {
        released = true;
        for (Thread thread : threads) {
            LockSupport.unpark(thread);
        }
        for (Thread thread : threads) {
            thread.join();
        }
    }
}
