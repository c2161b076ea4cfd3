package loomlab.load.hold;

import org.HdrHistogram.Histogram;

/**
 * What the client measures of the server and of itself. Round trips count from the intended send
 * time (coordinated omission corrected, as in wrk2) and only for messages intended inside the hold
 * window, so the ramp is a warm-up. Times are nanoseconds from the run's origin; one thread writes
 * and reads everything.
 */
final class HoldMetrics {
    /** The shape of every histogram in the load module: nanoseconds, 3 significant digits, growing as needed. */
    static final int SIGNIFICANT_DIGITS = 3;
    private static final long NONE = -1;

    private final Histogram roundTrips = new Histogram(SIGNIFICANT_DIGITS);
    private long windowStart = Long.MAX_VALUE;
    private long windowEnd = Long.MAX_VALUE;
    private long unanswered;
    private long maxSendLag = NONE;
    private long maxSendLagInWindow = NONE;
    private long maxConnectLag = NONE;

    /** From now on, messages intended in {@code [start, end)} are recorded. */
    void window(long start, long end) {
        this.windowStart = start;
        this.windowEnd = end;
    }

    boolean inWindow(long intended) {
        return intended >= windowStart && intended < windowEnd;
    }

    /** A connect went out at {@code at}, intended at {@code intended}: late by the loop or by the connecting cap. */
    void connectStarted(long intended, long at) {
        maxConnectLag = Math.max(maxConnectLag, at - intended);
    }

    /**
     * A message went out on schedule's call, not after waiting for the previous echo: how late it
     * is measures the client itself, which is what {@link #maxSendLagInWindowNanos()} judges.
     */
    void sentOnSchedule(long intended, long at) {
        long lag = Math.max(0, at - intended);
        maxSendLag = Math.max(maxSendLag, lag);
        if (inWindow(intended)) {
            maxSendLagInWindow = Math.max(maxSendLagInWindow, lag);
        }
    }

    void echoed(long intended, long at) {
        if (inWindow(intended)) {
            roundTrips.recordValue(Math.max(0, at - intended));
        }
    }

    /**
     * A message of the hold whose echo never came (or that never went out behind a slow echo),
     * recorded at its age when the run ended: a lower bound, but leaving the slowest out would
     * understate the tail.
     */
    void unanswered(long intended, long at) {
        if (inWindow(intended)) {
            roundTrips.recordValue(Math.max(0, at - intended));
            unanswered++;
        }
    }

    Histogram roundTrips() {
        return roundTrips;
    }

    long unanswered() {
        return unanswered;
    }

    /** The latest a message went out behind its intended time, over the whole run; -1 when none went out. */
    long maxSendLagNanos() {
        return maxSendLag;
    }

    /** The same, for messages intended in the hold window only. */
    long maxSendLagInWindowNanos() {
        return maxSendLagInWindow;
    }

    /** The latest a connect started behind its intended time; -1 when none started. */
    long maxConnectLagNanos() {
        return maxConnectLag;
    }
}
