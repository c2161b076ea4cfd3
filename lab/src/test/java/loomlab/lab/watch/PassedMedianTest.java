package loomlab.lab.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The median the watchdog's limits scale with, fed fixed latencies: no clock, no thread. */
class PassedMedianTest {
    private static final long MS = 1_000_000;

    private static Histogram all(long millis, int count) {
        Histogram histogram = new Histogram(3);
        histogram.recordValueWithCount(millis * MS, count);
        return histogram;
    }

    /**
     * Issue 41, item 12, "the watchdog's thresholds loosen after overloaded steps": a capacity step that
     * failed (its answers taking 2 s) must not move the median the next steps' limits are 20 times of. It
     * stays the curve's 10 ms. Reversed: a step that passed counts.
     */
    @Test
    void thresholdsDoNotLoosenAfterOverloadedSteps() {
        PassedMedian median = new PassedMedian();
        median.runStarted();
        median.record(all(10, 1_000)); // the curve
        median.runStarted();
        median.record(all(2_000, 5_000)); // a step past capacity
        median.overloaded();
        median.runStarted();
        assertEquals(10.0, median.p50Ms(1.0), 0.1, "the overloaded step left out");

        median.record(all(30, 5_000)); // a step that passed
        median.runStarted();
        assertEquals(30.0, median.p50Ms(1.0), 0.1, "a passing step counts");
    }

    @Test
    void theRunWatchedDoesNotSetItsOwnLimitsOnceAnEarlierRunCounts() {
        PassedMedian median = new PassedMedian();
        median.runStarted();
        median.record(all(10, 100));
        median.runStarted();
        median.record(all(900, 10_000)); // the run now watched, getting slower
        assertEquals(10.0, median.p50Ms(null), 0.1);
    }

    @Test
    void beforeAnyRunCountsTheExpectedTimeThenTheRunsOwnAnswers() {
        PassedMedian median = new PassedMedian();
        assertNull(median.p50Ms(null));
        median.runStarted();
        assertEquals(50.0, median.p50Ms(50.0));
        median.record(all(7, 10));
        assertEquals(50.0, median.p50Ms(50.0), "the expected time first");
        assertEquals(7.0, median.p50Ms(null), 0.1, "else the first run's own");
    }
}
