package loomlab.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class GeneratorLoopsTest {
    @Test
    void aSmallMachineKeepsOneLoopAndALargeOneGrowsAQuarterOfItsCores() {
        assertEquals(1, GeneratorLoops.forCores(1));
        assertEquals(1, GeneratorLoops.forCores(2));
        assertEquals(1, GeneratorLoops.forCores(7));
        assertEquals(2, GeneratorLoops.forCores(8));
        assertEquals(4, GeneratorLoops.forCores(16));
        assertEquals(16, GeneratorLoops.forCores(64));
        assertEquals(LoadSpec.MAX_IO_THREADS, GeneratorLoops.forCores(1024));
    }

    @Test
    void noCoresIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> GeneratorLoops.forCores(0));
    }
}
