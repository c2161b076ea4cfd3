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

    private long warmupRequests;
    private long lateSends;
    private long inFlightCapHits;
    private long lastFinishNanos;
    private boolean finishedAny;

    // --- loop thread ---

    /** A whole response to a measured request: latency from the intended and from the actual send. */
    void recordResponse(long intendedNanos, long sentNanos, long doneNanos, boolean statusError) {
        corrected.recordValue(doneNanos - intendedNanos);
        uncorrected.recordValue(doneNanos - sentNanos);
        if (statusError) {
            increment(ErrorKind.STATUS);
        }
        finished(doneNanos);
    }

    /**
     * A measured request that failed. One that timed out is also recorded in both histograms at the
     * moment it timed out, from its intended and from its actual send: under overload the slowest
     * requests are the ones that time out, and leaving them out would understate the tail.
     */
    void recordFailure(ErrorKind kind, long intendedNanos, long sentNanos, long doneNanos) {
        increment(kind);
        if (kind == ErrorKind.TIMEOUT) {
            corrected.recordValue(doneNanos - intendedNanos);
            uncorrected.recordValue(doneNanos - sentNanos);
        }
        finished(doneNanos);
    }

    void recordSend(long intendedNanos, long sentNanos) {
        if (sentNanos - intendedNanos > LATE_SEND_NANOS) {
            lateSends++;
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
}
