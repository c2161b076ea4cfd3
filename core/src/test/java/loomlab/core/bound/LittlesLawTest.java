package loomlab.core.bound;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import loomlab.core.bound.Pause;
import org.junit.jupiter.api.Test;

class LittlesLawTest {
    @Test
    void seed000BoundsAreUsersOverTheDownstreamDelay() {
        assertEquals(400.0, LittlesLaw.throughputBound(20, Integer.MAX_VALUE, 0.05), 1e-9);
        assertEquals(20.0, LittlesLaw.throughputBound(20, 1, 0.05), 1e-9);
        assertEquals(20.0, LittlesLaw.throughputBound(1, Integer.MAX_VALUE, 0.05), 1e-9);
    }

    @Test
    void seed002BoundsCountWholeWaves() {
        assertEquals(18.0, LittlesLaw.elapsedBound(60, 20, 10, 3.0), 1e-9);
        assertEquals(9.0, LittlesLaw.elapsedBound(60, 20, Integer.MAX_VALUE, 3.0), 1e-9);
        assertEquals(9.0, LittlesLaw.elapsedBound(600, 200, 200, 3.0), 1e-9);
        // 61 requests need a fourth wave even though the last one holds a single request.
        assertEquals(12.0, LittlesLaw.elapsedBound(61, 20, Integer.MAX_VALUE, 3.0), 1e-9);
    }

    @Test
    void aPauseBetweenRequestsSlowsEachUserButNotThePool() {
        // 100 users that pause 1 s after 50 ms answers offer 100 / 1.05 s; a pool of 10 could serve 200/s.
        assertEquals(100 / 1.05, LittlesLaw.throughputBound(100, 10, 0.05, pause(1.0)), 1e-9);
        // 20 users pausing 1 s after 1 s waits would offer 10/s, a pool of 5 allows 5/s.
        assertEquals(5.0, LittlesLaw.throughputBound(20, 5, 1.0, pause(1.0)), 1e-9);
        assertEquals(LittlesLaw.throughputBound(20, 10, 0.05), LittlesLaw.throughputBound(20, 10, 0.05, Pause.NONE), 1e-12);
    }

    @Test
    void withAPauseTheSlowerOfTheUsersRoundsAndTheServersWavesBounds() {
        // 200 requests by 100 users: 2 rounds of 50 ms with one 1 s pause between them.
        assertEquals(1.1, LittlesLaw.elapsedBound(200, 100, Integer.MAX_VALUE, 0.05, pause(1.0)), 1e-9);
        // 40 requests by 20 users through a pool of 10 waiting 1 s: 4 waves of 1 s beat 2 rounds and a pause.
        assertEquals(4.0, LittlesLaw.elapsedBound(40, 20, 10, 1.0, pause(1.0)), 1e-9);
        assertEquals(3.0, LittlesLaw.elapsedBound(40, 20, Integer.MAX_VALUE, 1.0, pause(1.0)), 1e-9);
        assertEquals(18.0, LittlesLaw.elapsedBound(60, 20, 10, 3.0, Pause.NONE), 1e-9);
    }

    @Test
    void efficiencyIsOneAtTheBoundForRatesAndForTimes() {
        assertEquals(0.5325, LittlesLaw.rateEfficiency(213, 400), 1e-12);
        assertEquals(0.5, LittlesLaw.timeEfficiency(18, 9), 1e-12);
        assertEquals(1.0, LittlesLaw.timeEfficiency(9, 9), 1e-12);
        assertNull(LittlesLaw.rateEfficiency(213, 0), "no bound: unknown, not NaN");
        assertNull(LittlesLaw.timeEfficiency(0, 9), "nothing measured: unknown");
    }

    @Test
    void rejectsMeaninglessInputs() {
        assertThrows(IllegalArgumentException.class, () -> LittlesLaw.throughputBound(0, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> LittlesLaw.throughputBound(1, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> LittlesLaw.elapsedBound(0, 1, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> pause(-0.5));
    }

    @Test
    void siegesRandomPauseBeforeEachRequestCountsHalfOnAverageAndOncePerRequest() {
        Pause siege = pause(1.0).withModel(Pause.Model.UNIFORM_BEFORE_REQUEST);
        assertEquals(20 / 2.5, LittlesLaw.throughputBound(20, Integer.MAX_VALUE, 2.0, siege), 1e-9);
        // 50 rounds per user of 2 s, each after a pause of 0.5 s on average.
        assertEquals(50 * 2.5, LittlesLaw.elapsedBound(1000, 20, Integer.MAX_VALUE, 2.0, siege), 1e-9);
        assertEquals(50 * 2.0 + 49 * 1.0, LittlesLaw.elapsedBound(1000, 20, Integer.MAX_VALUE, 2.0, pause(1.0)), 1e-9);
    }

    private static Pause pause(double seconds) {
        return Pause.fixed(Duration.ofNanos((long) (seconds * 1e9)));
    }
}
