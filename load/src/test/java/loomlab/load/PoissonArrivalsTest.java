package loomlab.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PoissonArrivalsTest {

    @Test
    void theScheduleIsAFunctionOfRateSeedAndIndexAlone() {
        PoissonArrivals forwards = new PoissonArrivals(500, 42);
        PoissonArrivals backwards = new PoissonArrivals(500, 42);
        long[] offsets = new long[2_000];
        for (int i = 0; i < offsets.length; i++) {
            offsets[i] = forwards.offsetNanos(i);
        }
        for (int i = offsets.length - 1; i >= 0; i--) {
            assertEquals(offsets[i], backwards.offsetNanos(i), "index " + i);
        }
        assertEquals(0, offsets[0], "the first arrival is at the start");
        assertNotEquals(offsets[1_999], new PoissonArrivals(500, 43).offsetNanos(1_999), "another seed, other arrivals");
    }

    @Test
    void offsetsNeverDecreaseAndAreSumsOfTheGaps() {
        PoissonArrivals arrivals = new PoissonArrivals(1_000, 7);
        long sum = 0;
        for (int i = 1; i < 5_000; i++) {
            sum += arrivals.gapNanos(i - 1);
            assertEquals(sum, arrivals.offsetNanos(i));
            assertTrue(arrivals.offsetNanos(i) >= arrivals.offsetNanos(i - 1));
        }
    }

    @Test
    void gapsAreExponentialWithTheRatesMean() {
        PoissonArrivals arrivals = new PoissonArrivals(200, 1);
        int n = 200_000;
        double meanS = arrivals.offsetNanos(n) / 1e9 / n;
        assertEquals(1 / 200.0, meanS, 0.02 / 200, "mean gap 1 / rate");
        // An exponential gap exceeds the mean with probability 1/e, and twice the mean with 1/e^2.
        int overMean = 0;
        int overTwice = 0;
        for (int i = 0; i < n; i++) {
            long gap = arrivals.gapNanos(i);
            overMean += gap > 5_000_000 ? 1 : 0;
            overTwice += gap > 10_000_000 ? 1 : 0;
        }
        assertEquals(Math.exp(-1), overMean / (double) n, 0.005);
        assertEquals(Math.exp(-2), overTwice / (double) n, 0.005);
    }

    @Test
    void arrivalsAtARateAreCountedLikeTheEvenOnesOverALongWindow() {
        ArrivalSchedule poisson = new Arrivals.Poisson(3).at(100);
        long inTenMinutes = poisson.firstIndexAtOrAfter(600_000_000_000L);
        assertEquals(60_000, inTenMinutes, 60_000 * 0.02);
        assertEquals(60_000, Arrivals.EVEN.at(100).firstIndexAtOrAfter(600_000_000_000L));
    }

    @Test
    void aRateThatIsNotPositiveIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new PoissonArrivals(0, 1));
        assertThrows(IllegalArgumentException.class, () -> new PoissonArrivals(Double.POSITIVE_INFINITY, 1));
        assertThrows(IllegalArgumentException.class, () -> new PoissonArrivals(10, 1).offsetNanos(-1));
    }
}
