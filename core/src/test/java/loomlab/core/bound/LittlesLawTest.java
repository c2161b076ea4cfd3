package loomlab.core.bound;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
    void efficiencyIsOneAtTheBoundForRatesAndForTimes() {
        assertEquals(0.5325, LittlesLaw.rateEfficiency(213, 400), 1e-12);
        assertEquals(0.5, LittlesLaw.timeEfficiency(18, 9), 1e-12);
        assertEquals(1.0, LittlesLaw.timeEfficiency(9, 9), 1e-12);
    }

    @Test
    void rejectsMeaninglessInputs() {
        assertThrows(IllegalArgumentException.class, () -> LittlesLaw.throughputBound(0, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> LittlesLaw.throughputBound(1, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> LittlesLaw.elapsedBound(0, 1, 1, 1));
    }
}
