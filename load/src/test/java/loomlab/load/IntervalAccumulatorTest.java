package loomlab.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class IntervalAccumulatorTest {

    private static Histogram millis(long... values) {
        Histogram histogram = Histograms.create();
        for (long value : values) {
            histogram.recordValue(value * 1_000_000);
        }
        return histogram;
    }

    @Test
    void theTotalsAreExactlyTheSumOfTheIntervals() {
        List<Histogram> corrected = List.of(millis(1, 2, 3), millis(), millis(4, 40, 400, 4_000));
        List<Histogram> uncorrected = List.of(millis(1, 1, 1), millis(), millis(2, 2, 2, 2));
        IntervalAccumulator accumulator = new IntervalAccumulator(true);
        Histogram expectedCorrected = Histograms.create();
        Histogram expectedUncorrected = Histograms.create();
        for (int i = 0; i < corrected.size(); i++) {
            accumulator.add(i + 1, corrected.get(i), uncorrected.get(i), 0, 0);
            expectedCorrected.add(corrected.get(i));
            expectedUncorrected.add(uncorrected.get(i));
        }
        assertEquals(expectedCorrected, accumulator.totalCorrected());
        assertEquals(expectedUncorrected, accumulator.totalUncorrected());
        assertEquals(7, accumulator.intervals().stream().mapToLong(IntervalSnapshot::completed).sum());
        assertEquals(7, accumulator.totalCorrected().getTotalCount());
    }

    @Test
    void eachSnapshotDescribesItsOwnInterval() {
        IntervalAccumulator accumulator = new IntervalAccumulator(true);
        accumulator.add(1.0, millis(10, 10, 10, 10), millis(1, 1, 1, 1), 2, 0);
        IntervalSnapshot partial = accumulator.add(1.5, millis(20, 30), millis(1, 1), 5, 0);
        assertEquals(1.5, partial.elapsedSeconds());
        assertEquals(2, partial.completed());
        assertEquals(4.0, partial.requestsPerSecond(), 1e-9); // 2 responses in half a second
        assertEquals(3, partial.errors()); // 5 so far, 2 of them in the first interval
        assertEquals(20, partial.p50Millis(), 20 * 0.001);
        assertEquals(30, partial.maxMillis(), 30 * 0.001);
        assertEquals(2, accumulator.intervals().size());
    }

    @Test
    void theClosedModelsIntervalsCountFromTheActualSendAndTheOpenModelsFromTheIntendedOne() {
        IntervalSnapshot closed = new IntervalAccumulator(false).add(1.0, millis(10, 20, 400), millis(1, 2, 3), 0, 0);
        assertEquals(3, closed.maxMillis(), 3 * 0.001);
        assertEquals(2, closed.p50Millis(), 2 * 0.001);
        IntervalSnapshot open = new IntervalAccumulator(true).add(1.0, millis(10, 20, 400), millis(1, 2, 3), 0, 0);
        assertEquals(400, open.maxMillis(), 400 * 0.001);
        IntervalAccumulator either = new IntervalAccumulator(false);
        Histogram corrected = millis(5);
        Histogram uncorrected = millis(1);
        assertEquals(uncorrected, either.measured(corrected, uncorrected), "what a closed model's .hlog gets");
        assertEquals(corrected, new IntervalAccumulator(true).measured(corrected, uncorrected));
    }

    @Test
    void anIntervalWithNothingCompletedReportsZeros() {
        IntervalSnapshot empty = new IntervalAccumulator(true).add(1, millis(), millis(), 0, 0);
        assertEquals(new IntervalSnapshot(1, 0, 0, 0, 0, 0, 0), empty);
    }

    @Test
    void intervalsMustNotGoBackInTime() {
        IntervalAccumulator accumulator = new IntervalAccumulator(true);
        accumulator.add(2, millis(), millis(), 0, 0);
        assertThrows(IllegalArgumentException.class, () -> accumulator.add(1, millis(), millis(), 0, 0));
    }
}
