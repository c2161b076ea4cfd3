package loomlab.tasks.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class DelaySummaryTest {

    @Test
    void summarisesOneToAHundred() {
        long[] shuffled = LongStream.rangeClosed(1, 100).map(i -> (i * 37) % 100 + 1).toArray();
        DelaySummary summary = DelaySummary.of(shuffled);
        assertEquals(new DelaySummary(100, 5050, 50, 99, 100), summary);
    }

    @Test
    void usesNearestRank() {
        long[] sorted = {10, 20, 30, 40};
        assertEquals(20, DelaySummary.nearestRank(sorted, 50));
        assertEquals(30, DelaySummary.nearestRank(sorted, 51));
        assertEquals(40, DelaySummary.nearestRank(sorted, 99));
        assertEquals(10, DelaySummary.nearestRank(sorted, 1));
        assertEquals(new DelaySummary(1, 7, 7, 7, 7), DelaySummary.of(new long[] {7}));
    }

    @Test
    void doesNotReorderTheCallersArray() {
        long[] delays = {3, 1, 2};
        DelaySummary.of(delays);
        assertEquals(3, delays[0]);
    }

    @Test
    void rejectsEmptyInputAndBadPercentiles() {
        assertThrows(IllegalArgumentException.class, () -> DelaySummary.of(new long[0]));
        assertThrows(IllegalArgumentException.class, () -> DelaySummary.nearestRank(new long[] {1}, 0));
        assertThrows(IllegalArgumentException.class, () -> DelaySummary.nearestRank(new long[] {1}, 101));
    }

    @Test
    void convertsToMilliseconds() {
        assertEquals(1.5, DelaySummary.toMillis(1_500_000));
    }
}
