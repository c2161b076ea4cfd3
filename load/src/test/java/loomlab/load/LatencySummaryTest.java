package loomlab.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencySummaryTest {

    /** HdrHistogram with 3 significant digits keeps values to within 0.1 %. */
    private static void assertMillis(double expected, double actual) {
        assertEquals(expected, actual, expected * 0.001);
    }

    @Test
    void summarisesNanosecondsAsMilliseconds() {
        Histogram histogram = Histograms.create();
        for (int millis = 1; millis <= 1_000; millis++) {
            histogram.recordValue(millis * 1_000_000L);
        }
        LatencySummary summary = LatencySummary.of(histogram);
        assertMillis(500.5, summary.mean());
        assertMillis(500, summary.p50());
        assertMillis(900, summary.p90());
        assertMillis(990, summary.p99());
        assertMillis(999, summary.p999());
        assertMillis(1_000, summary.max());
    }

    @Test
    void aSingleOutlierShowsOnlyInTheHighestPercentiles() {
        Histogram histogram = Histograms.create();
        histogram.recordValueWithCount(2_000_000, 999);
        histogram.recordValue(3_000_000_000L);
        LatencySummary summary = LatencySummary.of(histogram);
        assertMillis(2, summary.p50());
        assertMillis(2, summary.p99());
        assertMillis(2, summary.p999());
        assertMillis(3_000, summary.max());
        assertMillis((999 * 2 + 3_000) / 1_000.0, summary.mean());
    }

    @Test
    void anEmptyHistogramSummarisesToZeros() {
        assertEquals(LatencySummary.EMPTY, LatencySummary.of(Histograms.create()));
    }
}
