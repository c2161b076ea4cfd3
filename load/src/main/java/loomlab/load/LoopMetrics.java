package loomlab.load;

import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * What one event loop measured. The loop thread is the only writer; the reporter thread drains the
 * latency recorders each interval (HdrHistogram's interval-recorder pattern, so neither side waits)
 * and reads error counts live. The remaining counters are read once the loop has been joined.
 */
final class LoopMetrics {
    private static final long LATE_SEND_NANOS = 1_000_000;

    private final SingleWriterRecorder corrected = new SingleWriterRecorder(Histograms.SIGNIFICANT_DIGITS);
    private final SingleWriterRecorder uncorrected = new SingleWriterRecorder(Histograms.SIGNIFICANT_DIGITS);
    private final AtomicLongArray errors = new AtomicLongArray(ErrorKind.values().length);
    private Histogram correctedSpare;
    private Histogram uncorrectedSpare;
    /** Per target of a mix of several, the model's latency and the failures; null for a single target. */
    private final SingleWriterRecorder[] byTarget;
    private final long[] errorsByTarget;
    private final boolean openModel;

    private long warmupRequests;
    private long lateSends;
    private long inFlightCapHits;
    private long lastFinishNanos;
    private boolean finishedAny;
    private long maxLoopLagNanos;

    /**
     * @param targets   how many targets the run's path mix has: with more than one, each is measured on its own
     * @param openModel whether a target's latency counts from the intended send (open) or the actual one
     */
    LoopMetrics(int targets, boolean openModel) {
        this.openModel = openModel;
        this.byTarget = targets > 1 ? new SingleWriterRecorder[targets] : null;
        this.errorsByTarget = targets > 1 ? new long[targets] : null;
        for (int i = 0; byTarget != null && i < targets; i++) {
            byTarget[i] = new SingleWriterRecorder(Histograms.SIGNIFICANT_DIGITS);
        }
    }

    // --- loop thread ---

    /** A whole response to a measured request: latency from the intended and from the actual send. */
    void recordResponse(long intendedNanos, long sentNanos, long doneNanos, boolean statusError, int target) {
        corrected.recordValue(doneNanos - intendedNanos);
        uncorrected.recordValue(doneNanos - sentNanos);
        if (statusError) {
            increment(ErrorKind.STATUS);
        }
        recordTarget(target, intendedNanos, sentNanos, doneNanos, statusError);
        finished(doneNanos);
    }

    /**
     * A measured request that failed. One that timed out is also recorded in both histograms at the
     * moment it timed out, from its intended and from its actual send: under overload the slowest
     * requests are the ones that time out, and leaving them out would understate the tail.
     */
    void recordFailure(ErrorKind kind, long intendedNanos, long sentNanos, long doneNanos, int target) {
        increment(kind);
        if (kind == ErrorKind.TIMEOUT) {
            corrected.recordValue(doneNanos - intendedNanos);
            uncorrected.recordValue(doneNanos - sentNanos);
        }
        if (byTarget != null) {
            errorsByTarget[target]++;
            if (kind == ErrorKind.TIMEOUT) {
                byTarget[target].recordValue(doneNanos - (openModel ? intendedNanos : sentNanos));
            }
        }
        finished(doneNanos);
    }

    private void recordTarget(int target, long intendedNanos, long sentNanos, long doneNanos, boolean error) {
        if (byTarget == null) {
            return;
        }
        byTarget[target].recordValue(doneNanos - (openModel ? intendedNanos : sentNanos));
        if (error) {
            errorsByTarget[target]++;
        }
    }

    /**
     * @param waitedForConnection the request found no connection ready when due: its lag is a wait for
     *                            the target (the in-flight cap, handshakes), not the loop's own lateness
     */
    void recordSend(long intendedNanos, long sentNanos, boolean waitedForConnection) {
        long lag = sentNanos - intendedNanos;
        if (lag > LATE_SEND_NANOS) {
            lateSends++;
        }
        if (!waitedForConnection) {
            maxLoopLagNanos = Math.max(maxLoopLagNanos, lag);
        }
    }

    void recordWarmupRequest() {
        warmupRequests++;
    }

    void recordInFlightCapHit() {
        inFlightCapHits++;
    }

    private void increment(ErrorKind kind) {
        int index = kind.ordinal();
        // Single writer: a plain read and an ordered write are enough for the reporter to see it.
        errors.lazySet(index, errors.getPlain(index) + 1);
    }

    private void finished(long doneNanos) {
        lastFinishNanos = doneNanos;
        finishedAny = true;
    }

    // --- reporter thread ---

    /** Moves everything recorded since the last call into the given interval histograms. */
    void drainInto(Histogram correctedInterval, Histogram uncorrectedInterval) {
        correctedSpare = corrected.getIntervalHistogram(correctedSpare);
        uncorrectedSpare = uncorrected.getIntervalHistogram(uncorrectedSpare);
        correctedInterval.add(correctedSpare);
        uncorrectedInterval.add(uncorrectedSpare);
    }

    ErrorCounts errors() {
        return new ErrorCounts(errors.get(ErrorKind.CONNECT.ordinal()), errors.get(ErrorKind.TIMEOUT.ordinal()),
                errors.get(ErrorKind.STATUS.ordinal()), errors.get(ErrorKind.PROTOCOL.ordinal()));
    }

    // --- after the loop was joined ---

    long warmupRequests() {
        return warmupRequests;
    }

    long lateSends() {
        return lateSends;
    }

    long inFlightCapHits() {
        return inFlightCapHits;
    }

    boolean finishedAny() {
        return finishedAny;
    }

    long lastFinishNanos() {
        return lastFinishNanos;
    }

    /** The latest a measured request went out after its intended time with a connection ready: the loop's own lag. */
    long maxLoopLagNanos() {
        return maxLoopLagNanos;
    }

    /** True when each target of the mix was measured on its own. */
    boolean measuresTargets() {
        return byTarget != null;
    }

    /** Everything target {@code index} recorded, moved into {@code into} (read once, after the join). */
    void drainTarget(int index, Histogram into) {
        into.add(byTarget[index].getIntervalHistogram());
    }

    long errorsOfTarget(int index) {
        return errorsByTarget[index];
    }
}
