package loomlab.core.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Warming read from a search's steps: the lab's own quick run, and the same figures reversed. */
class WarmingTest {
    private static final SearchSettings SETTINGS = new SearchSettings(100, 1, 10_000, 2, 0.05, 1, 30);
    private static final CapacitySearch SEARCH = new CapacitySearch(SETTINGS, 200);

    /** A step of 1.5 s at {@code rate}, its p99 and its CPU per request. */
    private static CapacityStep step(double rate, double p99Ms, double cpuMsPerRequest) {
        long requests = Math.round(rate * 1.5);
        return new CapacityStep(rate, p99Ms, p99Ms, null, 0, requests, 1.5, null, null,
                new CapacityStep.StepUsage(cpuMsPerRequest * requests / 1000, 0.1, 280.0), List.of());
    }

    private static Capacity capacity(CapacityStep... steps) {
        return SEARCH.result(new ArrayList<>(List.of(steps)));
    }

    @Test
    void aFailureCostlierThanALaterPassAtALowerRateCameWhileTheServiceWarmed() {
        // Spring MVC on virtual threads, quick reactive run at e2beb0e: 400 req/s failed at 3.78 ms a
        // request; 336 req/s passed later at 2.49 ms.
        Capacity virtual = capacity(step(200, 73.3, 5.31), step(400, 121.6, 3.78), step(283, 64.8, 2.81),
                step(336, 57.8, 2.49), step(367, 82.8, 3.04));
        assertEquals(Capacity.Kind.BRACKETED, virtual.kind());
        Warming warming = Warming.of(virtual, 2).orElseThrow();
        assertEquals(400, warming.failedRps());
        assertEquals(283, warming.laterRps(), "the first later pass below it that was cheaper by 1.25x");
        assertEquals(3.78 / 2.81, warming.ratio(), 1e-9);
        Capacity open = virtual.warmingAbove();
        assertEquals(Capacity.Kind.AT_LEAST, open.kind());
        assertEquals(Capacity.Limit.WARMING, open.limit());
        assertEquals(367.0, open.rps());
    }

    @Test
    void reversedTheLaterStepsCostAsMuchAndTheFailureStands() {
        Capacity steady = capacity(step(200, 73.3, 3.10), step(400, 121.6, 2.49), step(283, 64.8, 2.81),
                step(336, 57.8, 2.60), step(367, 82.8, 2.55));
        assertEquals(Capacity.Kind.BRACKETED, steady.kind());
        assertEquals(Optional.empty(), Warming.of(steady, 2), "a steady service costs more per request at lower rates");
    }

    @Test
    void onlyTheFailureAtTheBracketsUpperEndCountsAndOnlyAPassAfterIt() {
        // A costly failure at 800, above the bracket's end (519), says nothing of the bracket.
        Capacity capacity = capacity(step(200, 50, 3.0), step(400, 60, 2.5), step(800, 300, 6.0),
                step(566, 250, 2.4), step(476, 80, 2.3), step(519, 210, 2.2), step(497, 90, 2.3), step(497, 95, 2.3));
        assertEquals(java.util.Arrays.asList(497.0, 519.0), capacity.bracket());
        assertTrue(Warming.of(capacity, 2).isEmpty(), "519 failed at 2.2 ms, no later pass is 1.25x cheaper");
        // A cheap pass measured before the failure does not show warming.
        Capacity before = capacity(step(200, 50, 1.0), step(400, 300, 3.0), step(283, 80, 2.9));
        assertTrue(Warming.of(before, 2).isEmpty(), before.toString());
    }

    @Test
    void aFailureWithCoresToSpareIsNotTheCpusAndNotWarming() {
        // The same costs, but at a tenth of the rates: the failure at 40 req/s used 0.15 of 2 cores, so
        // something else (a pool, a downstream call) held the service there.
        Capacity poolBound = capacity(step(20, 73.3, 5.31), step(40, 121.6, 3.78), step(28.3, 64.8, 2.81),
                step(33.6, 57.8, 2.49), step(36.7, 82.8, 3.04));
        assertEquals(Capacity.Kind.BRACKETED, poolBound.kind());
        assertTrue(Warming.of(poolBound, 2).isEmpty());
        assertTrue(Warming.of(capacity(step(200, 73.3, 5.31), step(400, 121.6, 3.78), step(283, 64.8, 2.81),
                step(336, 57.8, 2.49), step(367, 82.8, 3.04)), 4).isEmpty(),
                "on 4 cores the same step's 1.6 cores are under 60 % of them");
    }

    @Test
    void aCapacityWithoutAnUpperEndHasNoFailureToExcuse() {
        Capacity atLeast = capacity(step(200, 50, 5.0), step(400, 60, 2.0), step(800, 70, 1.0), step(800, 70, 1.0));
        assertEquals(Capacity.Kind.AT_LEAST, atLeast.kind());
        assertTrue(Warming.of(atLeast, 2).isEmpty());
        assertEquals(atLeast, atLeast.warmingAbove());
    }
}
