package loomlab.lab.load;

import java.time.Duration;
import loomlab.load.IntervalSnapshot;
import loomlab.load.LoadListener;

/**
 * Watches a closed-model run second by second and stops it when no request has completed for a
 * bounded time: every user has a request outstanding then, so the server has stopped answering. A
 * hung server must not hang the lab, and must be caught while it is still hung (for a thread dump),
 * not after every request has timed out.
 */
public final class StallWatch implements LoadListener {
    private final Duration limit;
    private volatile Thread measuring;
    private volatile double lastCompletionS;
    private volatile double lastIntervalEndS;
    private volatile long completed;
    private volatile boolean stalled;

    public StallWatch(Duration limit) {
        this.limit = limit;
    }

    /** Called on the thread that runs the load, so a stall can interrupt it. */
    void watching(Thread thread) {
        this.measuring = thread;
    }

    @Override
    public void onInterval(IntervalSnapshot interval) {
        lastIntervalEndS = interval.elapsedSeconds();
        if (interval.completed() > 0) {
            completed += interval.completed();
            lastCompletionS = interval.elapsedSeconds();
            return;
        }
        if (!stalled && interval.elapsedSeconds() - lastCompletionS >= limit.toNanos() / 1e9) {
            stalled = true;
            Thread thread = measuring;
            if (thread != null) {
                thread.interrupt();
            }
        }
    }

    public boolean stalled() {
        return stalled;
    }

    /** Requests completed before the stall. */
    public long completed() {
        return completed;
    }

    /** How long nothing completed before the run was stopped. */
    public double stalledS() {
        return lastIntervalEndS - lastCompletionS;
    }

    /** Seconds from the start of measurement to the last completed request. */
    public double lastCompletionS() {
        return lastCompletionS;
    }
}
