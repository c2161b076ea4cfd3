package loomlab.core.finding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import loomlab.core.arm.ArmKey;
import org.junit.jupiter.api.Test;

/** What the core judges of the lab's own generator where the limit sat, so that the words only say it. */
class BottleneckTest {
    private static final ArmKey PLATFORM = FlaggedLeads.POOL_20;
    private static final ArmKey VIRTUAL = FlaggedLeads.VIRTUAL_20;

    private static Bottleneck shared(double platformLab, double virtualLab) {
        return new Bottleneck(PLATFORM, VIRTUAL, Bottleneck.Kind.SHARED_LIMIT,
                new Bottleneck.CpuAtCapacity(0.4, platformLab), new Bottleneck.CpuAtCapacity(0.4, virtualLab), 2, null,
                200);
    }

    @Test
    void theGeneratorMayBeTheSharedLimitFromHalfACoreAtEitherArmsCapacity() {
        Bottleneck busy = shared(0.9, 0.2);
        assertEquals(0.9, busy.generatorCores());
        assertTrue(busy.generatorMayLimit());
        // Reversed: below half a core on both arms, the figure rules the generator out.
        Bottleneck idle = shared(0.2, 0.49);
        assertEquals(0.49, idle.generatorCores());
        assertFalse(idle.generatorMayLimit());
    }

    @Test
    void theGeneratorsShareOfACpuLimitIsNotableFromAQuarterOfWhatTheMachineSpent() {
        assertTrue(new Bottleneck.CpuAtCapacity(1.2, 0.7).generatorNotable());
        assertTrue(shared(0.2, 0.4).generatorShareNotable(), "0.4 of 0.8 cores, on the virtual arm");
        // Reversed: the service spent the machine, the generator a tenth of it.
        assertFalse(new Bottleneck.CpuAtCapacity(1.8, 0.1).generatorNotable());
        assertFalse(shared(0.1, 0.1).generatorShareNotable());
    }

    @Test
    void aTargetOneRequestAloneMissedHasNoGeneratorFigure() {
        Bottleneck below = new Bottleneck(PLATFORM, VIRTUAL, Bottleneck.Kind.TARGET_BELOW_ONE_REQUEST, null, null, 2,
                250.0, 200);
        assertNull(below.generatorCores());
        assertFalse(below.generatorMayLimit());
        assertFalse(below.generatorShareNotable());
    }
}
