package loomlab.core.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Costs at the common rate: the first step's figures, the last step's verdict. */
class RateCostsTest {
    private static final CapacitySearch SEARCH = new CapacitySearch(new SearchSettings(100, 1, 10_000, 2, 0.05, 1, 30),
            200);

    private static CapacityStep step(double rate, double p99Ms, double cpuMsPerRequest) {
        long requests = Math.round(rate * 1.5);
        return new CapacityStep(rate, p99Ms, p99Ms, null, 0, requests, 1.5, null, null,
                new CapacityStep.StepUsage(cpuMsPerRequest * requests / 1000, 0.1, 300.0), List.of());
    }

    @Test
    void aFirstStepMeasuredAgainGivesItsFiguresAndTheSecondItsVerdict() {
        // WebFlux: 200 req/s missed at first (113 ms, 5.73 ms a request), then passed (75.8 ms, 4.56 ms):
        // its costs are the first step's, taken where every other arm's were (a quick reactive run's
        // steps: docs/measurements.md, "Test fixtures taken from runs").
        RateCosts costs = RateCosts.at(200, List.of(step(200, 113.2, 5.73), step(200, 75.8, 4.56),
                step(400, 68.2, 3.56)), SEARCH);
        assertEquals(5.73, costs.cpuPerRequestMs(), 1e-9);
        assertTrue(costs.passed());
        RateCosts reversed = RateCosts.at(200, List.of(step(200, 75.8, 4.56), step(200, 113.2, 5.73)), SEARCH);
        assertEquals(4.56, reversed.cpuPerRequestMs(), 1e-9);
        assertFalse(reversed.passed(), "the rate failed when measured last");
    }

    /** Issue 41, item 5: the collector's pauses at the common rate come from that step's window. */
    @Test
    void item5TheCostsAtTheCommonRateCarryTheCollectorsPausesInsideThatStepsWindow() {
        java.time.Instant t0 = java.time.Instant.parse("2026-11-27T10:00:00Z");
        CapacityStep at = new CapacityStep(200, 60.0, 60.0, null, 0, 300, 1.5, null, null,
                new CapacityStep.StepUsage(0.5, 0.1, 300.0, new CapacityStep.Served(300, 0, 0, 0),
                        new CapacityStep.Window(t0, t0.plusMillis(1500)), new CapacityStep.Recorded(3, 6.0, 0)),
                List.of());
        RateCosts costs = RateCosts.at(200, List.of(at, step(400, 68.2, 3.56)), SEARCH);
        assertEquals(20.0, costs.gcMsPerThousandRequests(), 1e-9, "6 ms over 300 requests");
        assertEquals(0.004, costs.gcShareOfWall(), 1e-12, "6 ms of 1.5 s");
        RateCosts unread = RateCosts.at(200, List.of(step(200, 60, 1.0)), SEARCH);
        assertNull(unread.gcMsPerThousandRequests(), "reversed: no recording read there, unknown");
        assertNull(unread.gcShareOfWall());
    }

    @Test
    void noStepNearTheRateNoCosts() {
        assertNull(RateCosts.at(200, List.of(step(400, 68.2, 3.56)), SEARCH));
        assertEquals(205, RateCosts.at(200, List.of(step(205, 68.2, 3.0)), SEARCH).rateRps(), "within 5 %");
    }

    /**
     * assess of the Spring jar: the virtual arm's search goes up to 19,281 req/s before its step at the
     * common 190 req/s, so that step's memory is read after the higher rates; the pool's first step is
     * the common rate, read before any higher one (a quick assess's steps: docs/measurements.md, "Test
     * fixtures taken from runs").
     */
    @Test
    void aCommonRateStepAfterHigherRatesSaysSoAndOneBeforeThemDoesNot() {
        RateCosts after = RateCosts.at(190, List.of(step(603, 56.5, 0.3), step(19_281, 641, 0.1), step(190, 54.2, 0.8)),
                SEARCH);
        assertEquals(19_281, after.offeredBeforeRps(), 1e-9);
        assertTrue(after.afterHigherRates());
        RateCosts first = RateCosts.at(190, List.of(step(190, 54.2, 0.8), step(380, 60, 0.7)), SEARCH);
        assertEquals(0, first.offeredBeforeRps(), 1e-9);
        assertFalse(first.afterHigherRates());
        RateCosts nearlyAsHigh = RateCosts.at(190, List.of(step(195, 80, 0.8), step(190, 54.2, 0.8)), SEARCH);
        assertFalse(nearlyAsHigh.afterHigherRates(), "195 req/s is within 5 % of 190");
    }
}
