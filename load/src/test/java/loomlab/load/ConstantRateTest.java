package loomlab.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ConstantRateTest {

    @Test
    void integralRateSpacesArrivalsExactly() {
        ConstantRate schedule = new ConstantRate(200);
        for (long i = 0; i < 10_000; i++) {
            assertEquals(i * 5_000_000L, schedule.offsetNanos(i));
        }
    }

    @Test
    void offsetsAreRoundedFromTheIndexNotAccumulated() {
        ConstantRate schedule = new ConstantRate(3);
        assertEquals(0, schedule.offsetNanos(0));
        assertEquals(333_333_333L, schedule.offsetNanos(1));
        assertEquals(666_666_667L, schedule.offsetNanos(2));
        assertEquals(1_000_000_000L, schedule.offsetNanos(3));
        assertEquals(1_000_000_000_000L, schedule.offsetNanos(3_000)); // no drift after thousands of steps
    }

    @Test
    void fractionalRatesSpaceArrivalsBeyondASecond() {
        ConstantRate schedule = new ConstantRate(0.5);
        assertEquals(2_000_000_000L, schedule.offsetNanos(1));
        assertEquals(14_000_000_000L, schedule.offsetNanos(7));
    }

    @Test
    void firstIndexAtOrAfterCountsTheArrivalsBeforeAnOffset() {
        ConstantRate schedule = new ConstantRate(200);
        assertEquals(0, schedule.firstIndexAtOrAfter(0));
        assertEquals(1, schedule.firstIndexAtOrAfter(1));
        assertEquals(200, schedule.firstIndexAtOrAfter(1_000_000_000L));
        assertEquals(201, schedule.firstIndexAtOrAfter(1_000_000_001L));
        assertEquals(12_000, schedule.firstIndexAtOrAfter(60_000_000_000L));
    }

    @Test
    void firstIndexAtOrAfterWorksForAnyNonDecreasingSchedule() {
        ArrivalSchedule quadratic = index -> index * index;
        assertEquals(0, quadratic.firstIndexAtOrAfter(0));
        assertEquals(4, quadratic.firstIndexAtOrAfter(16));
        assertEquals(5, quadratic.firstIndexAtOrAfter(17));
        assertEquals(1_000, quadratic.firstIndexAtOrAfter(999_999));
    }

    @Test
    void rejectsRatesThatCannotSchedule() {
        assertThrows(IllegalArgumentException.class, () -> new ConstantRate(0));
        assertThrows(IllegalArgumentException.class, () -> new ConstantRate(-1));
        assertThrows(IllegalArgumentException.class, () -> new ConstantRate(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> new ConstantRate(Double.POSITIVE_INFINITY));
    }
}
