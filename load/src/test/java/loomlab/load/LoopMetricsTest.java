package loomlab.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LoopMetricsTest {

    private final LoopMetrics metrics = new LoopMetrics(1, true);

    @Test
    void swappedIntervalsAddUpToEverythingRecorded() {
        Histogram everything = Histograms.create();
        IntervalAccumulator accumulator = new IntervalAccumulator(true);
        long value = 1_000;
        for (int interval = 1; interval <= 5; interval++) {
            for (int i = 0; i < interval * 100; i++) {
                value = value * 7 % 1_000_003 + 1_000;
                metrics.recordResponse(0, 0, value, false, 0);
                everything.recordValue(value);
            }
            Histogram corrected = Histograms.create();
            Histogram uncorrected = Histograms.create();
            metrics.drainInto(corrected, uncorrected);
            assertEquals(interval * 100, accumulator.add(interval, corrected, uncorrected, 0, 0).completed());
        }
        assertEquals(everything, accumulator.totalCorrected());
        assertEquals(1_500, accumulator.totalCorrected().getTotalCount());
    }

    @Test
    void correctedLatencyStartsAtTheIntendedSendAndUncorrectedAtTheActualOne() {
        metrics.recordResponse(1_000, 4_000, 10_000, false, 0);
        Histogram corrected = Histograms.create();
        Histogram uncorrected = Histograms.create();
        metrics.drainInto(corrected, uncorrected);
        assertEquals(9_000, corrected.getMaxValue(), 9);
        assertEquals(6_000, uncorrected.getMaxValue(), 6);
    }

    @Test
    void errorsAreCountedByKindAndStatusErrorsAreStillResponses() {
        metrics.recordResponse(0, 0, 5, true, 0);
        metrics.recordFailure(ErrorKind.CONNECT, 0, 0, 6, 0);
        metrics.recordFailure(ErrorKind.CONNECT, 0, 0, 7, 0);
        metrics.recordFailure(ErrorKind.TIMEOUT, 0, 0, 8, 0);
        metrics.recordFailure(ErrorKind.PROTOCOL, 0, 0, 9, 0);
        assertEquals(new ErrorCounts(2, 1, 1, 1), metrics.errors());
        assertEquals(5, metrics.errors().total());
        assertEquals(4, metrics.errors().withoutResponse());
        assertEquals(9, metrics.lastFinishNanos());
        Histogram corrected = Histograms.create();
        metrics.drainInto(corrected, Histograms.create());
        assertEquals(2, corrected.getTotalCount(), "the response and the timed-out request");
    }

    @Test
    void aTimedOutRequestCountsAtItsTimeoutFromTheIntendedAndFromTheActualSend() {
        metrics.recordResponse(0, 0, 5_000_000, false, 0);
        metrics.recordFailure(ErrorKind.TIMEOUT, 1_000_000_000L, 3_000_000_000L, 63_000_000_000L, 0);
        metrics.recordFailure(ErrorKind.CONNECT, 0, 0, 70_000_000_000L, 0);
        Histogram corrected = Histograms.create();
        Histogram uncorrected = Histograms.create();
        metrics.drainInto(corrected, uncorrected);
        assertEquals(2, corrected.getTotalCount(), "a refused connection has no latency to record");
        assertEquals(62_000_000_000L, corrected.getMaxValue(), 62_000_000_000L / 1000);
        assertEquals(60_000_000_000L, uncorrected.getMaxValue(), 60_000_000_000L / 1000);
        IntervalSnapshot interval = new IntervalAccumulator(true).add(1, corrected, uncorrected, 2, 1);
        assertEquals(1, interval.completed(), "a timeout is in the tail, not among the responses");
        assertEquals(62_000, interval.maxMillis(), 62);
    }

    @Test
    void aSendCountsAsLateOnlyOverOneMillisecondBehind() {
        metrics.recordSend(0, 1_000_000, false);
        assertEquals(0, metrics.lateSends());
        metrics.recordSend(0, 1_000_001, false);
        assertEquals(1, metrics.lateSends());
        metrics.recordSend(5_000_000, 5_000_000, false);
        assertEquals(1_000_001, metrics.maxLoopLagNanos(), "the worst lag is kept");
        metrics.recordSend(0, 9_000_000, true);
        assertEquals(2, metrics.lateSends(), "late, whatever the reason");
        assertEquals(1_000_001, metrics.maxLoopLagNanos(), "a wait for a connection is not the loop's lag");
    }

    @Test
    void eachTargetOfAMixIsMeasuredOnItsOwnByTheRunsModel() {
        LoopMetrics open = new LoopMetrics(2, true);
        open.recordResponse(0, 4_000, 10_000, false, 0);
        open.recordResponse(0, 1_000, 2_000_000, true, 1);
        open.recordFailure(ErrorKind.TIMEOUT, 0, 5_000, 9_000_000, 1);
        open.recordFailure(ErrorKind.CONNECT, 0, 0, 1, 0);
        Histogram first = Histograms.create();
        Histogram second = Histograms.create();
        open.drainTarget(0, first);
        open.drainTarget(1, second);
        assertEquals(1, first.getTotalCount(), "a refused request has no latency");
        assertEquals(10_000, first.getMaxValue(), 9, "from the intended send in the open model");
        assertEquals(2, second.getTotalCount(), "an answer and a timeout at its timeout");
        assertEquals(1, open.errorsOfTarget(0));
        assertEquals(2, open.errorsOfTarget(1), "an error status and a timeout");

        LoopMetrics closed = new LoopMetrics(2, false);
        closed.recordResponse(0, 4_000, 10_000, false, 1);
        Histogram sent = Histograms.create();
        closed.drainTarget(1, sent);
        assertEquals(6_000, sent.getMaxValue(), 9, "from the actual send in the closed model");
    }

    @Test
    void aSingleTargetIsNotMeasuredTwice() {
        assertFalse(new LoopMetrics(1, true).measuresTargets());
        assertTrue(new LoopMetrics(3, false).measuresTargets());
    }

    @Test
    void nothingFinishedUntilSomethingIsRecorded() {
        assertFalse(metrics.finishedAny());
        metrics.recordFailure(ErrorKind.TIMEOUT, 0, 0, 3, 0);
        assertTrue(metrics.finishedAny());
    }
}
