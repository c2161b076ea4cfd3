package loomlab.lab.assess;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SteadyWarmupTest {
    @Test
    void aWindowFindsTheMachineFullFromEightyFivePercentOfItsCoresBusy() {
        // 2 cores, a 3 s window: 5.1 busy seconds is 1.7 cores, 85 %.
        assertTrue(SteadyWarmup.machineFull(5.1, 3, 2));
        assertTrue(SteadyWarmup.machineFull(6.0, 3, 2));
        assertFalse(SteadyWarmup.machineFull(5.0, 3, 2), "1.67 cores of 2: room left");
        assertFalse(SteadyWarmup.machineFull(5.1, 3, 4), "the same busy seconds on 4 cores");
        assertFalse(SteadyWarmup.machineFull(5.1, 0, 2), "no window, no reading");
    }
}
