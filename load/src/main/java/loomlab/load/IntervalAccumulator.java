package loomlab.load;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Turns interval histograms into the per-interval time series and the run's totals. The totals are
 * exactly the sum of the intervals; nothing per request is kept, so memory stays flat however long
 * the run. Pure: the caller supplies the times.
 */
final class IntervalAccumulator {
    private final Histogram totalCorrected = Histograms.create();
    private final Histogram totalUncorrected = Histograms.create();
    private final List<IntervalSnapshot> intervals = new ArrayList<>();
    private final boolean openModel;
    private double previousEndSeconds;
    private long previousErrors;
    private long previousTimeouts;

    /**
     * @param openModel whether arrivals follow a schedule: then each interval's percentiles count from
     *                  the intended send time (coordinated-omission corrected); in the closed model
     *                  from the actual send, as the run's own latency does
     */
    IntervalAccumulator(boolean openModel) {
        this.openModel = openModel;
    }

    /**
     * @param endSeconds       the interval's end, in seconds from the start of measurement
     * @param corrected        latencies of the interval from intended sends
     * @param uncorrected      latencies of the interval from actual sends
     * @param errorsSoFar      errors of every kind since the start of measurement
     * @param timeoutsSoFar    of which timeouts, which the histograms hold at their timeout but which
     *                         are not completed responses
     */
    IntervalSnapshot add(double endSeconds, Histogram corrected, Histogram uncorrected, long errorsSoFar,
                         long timeoutsSoFar) {
        if (endSeconds < previousEndSeconds) {
            throw new IllegalArgumentException("interval ends at " + endSeconds + " s, before the previous one (" + previousEndSeconds + " s)");
        }
        double lengthSeconds = endSeconds - previousEndSeconds;
        long completed = corrected.getTotalCount() - (timeoutsSoFar - previousTimeouts);
        Histogram measured = measured(corrected, uncorrected);
        IntervalSnapshot snapshot = new IntervalSnapshot(endSeconds, completed,
                lengthSeconds > 0 ? completed / lengthSeconds : 0,
                completed == 0 ? 0 : LatencySummary.millisAt(measured, 50),
                completed == 0 ? 0 : LatencySummary.millisAt(measured, 99),
                completed == 0 ? 0 : LatencySummary.millis(measured.getMaxValue()),
                errorsSoFar - previousErrors);
        totalCorrected.add(corrected);
        totalUncorrected.add(uncorrected);
        intervals.add(snapshot);
        previousEndSeconds = endSeconds;
        previousErrors = errorsSoFar;
        previousTimeouts = timeoutsSoFar;
        return snapshot;
    }

    /** Of an interval's two histograms, the one its model measures by. */
    Histogram measured(Histogram corrected, Histogram uncorrected) {
        return openModel ? corrected : uncorrected;
    }

    Histogram totalCorrected() {
        return totalCorrected;
    }

    Histogram totalUncorrected() {
        return totalUncorrected;
    }

    List<IntervalSnapshot> intervals() {
        return List.copyOf(intervals);
    }
}
