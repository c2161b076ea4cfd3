package loomlab.lab.run;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The rest of the lone probes are worth their time only for a fast request. */
class UnloadedLatencyTest {
    @Test
    void aFastRequestGetsEveryProbe() {
        assertTrue(UnloadedLatency.moreProbes(UnloadedLatency.FIRST_PROBES, 0.4));
        assertTrue(UnloadedLatency.moreProbes(UnloadedLatency.FIRST_PROBES, UnloadedLatency.SLOW_MS - 0.1));
    }

    @Test
    void aSlowRequestOrAnUnansweredProbeStopsAtTheFirst() {
        assertFalse(UnloadedLatency.moreProbes(UnloadedLatency.FIRST_PROBES, 120));
        assertFalse(UnloadedLatency.moreProbes(UnloadedLatency.FIRST_PROBES, UnloadedLatency.SLOW_MS));
        assertFalse(UnloadedLatency.moreProbes(UnloadedLatency.FIRST_PROBES - 1, 0.4));
    }
}
