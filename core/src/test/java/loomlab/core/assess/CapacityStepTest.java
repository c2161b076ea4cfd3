package loomlab.core.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class CapacityStepTest {
    /** A step of 2 s whose service, lab and database spent what is given, on a machine busy {@code machine}. */
    private static CapacityStep step(Double serviceS, Double labS, Double databaseS, CapacityStep.MachineCpu machine) {
        return new CapacityStep(1_000, 50.0, 60.0, null, 0, 2_000, 2.0, null, null,
                new CapacityStep.StepUsage(serviceS, labS, 400.0, null, null, null, databaseS, null, machine), List.of());
    }

    @Test
    void theOtherWorkIsWhatTheMachineSpentBeyondTheServiceTheLabAndTheDatabase() {
        CapacityStep step = step(2.4, 0.6, null, new CapacityStep.MachineCpu(3.6, 0.2));
        assertEquals(0.3, step.otherCores(), 1e-9, "(3.6 - 2.4 - 0.6) / 2 s");
        assertEquals(0.1, step.stealCores(), 1e-9, "0.2 / 2 s");
        assertEquals(0.1, step(2.4, 0.6, 0.4, new CapacityStep.MachineCpu(3.6, 0.2)).otherCores(), 1e-9,
                "the database's CPU is its own, not the machine's other work");
    }

    @Test
    void aReadingBelowTheSumIsNoOtherWorkAndAnUnreadPartIsUnknown() {
        assertEquals(0.0, step(2.4, 0.6, null, new CapacityStep.MachineCpu(2.95, 0)).otherCores(), 1e-9,
                "the edges are read one after another: a little below the sum is none");
        assertNull(step(2.4, 0.6, null, null).otherCores(), "the machine unread");
        assertNull(step(2.4, 0.6, null, null).stealCores());
        assertNull(step(2.4, null, null, new CapacityStep.MachineCpu(3.6, 0.2)).otherCores(),
                "the lab unread: its CPU would read as the machine's other work");
        assertNull(step(null, 0.6, null, new CapacityStep.MachineCpu(3.6, 0.2)).otherCores());
    }

    @Test
    void theStealIsPartOfTheBusyAndNeitherIsNegative() {
        assertThrows(IllegalArgumentException.class, () -> new CapacityStep.MachineCpu(1, 2));
        assertThrows(IllegalArgumentException.class, () -> new CapacityStep.MachineCpu(-1, 0));
        assertThrows(IllegalArgumentException.class, () -> new CapacityStep.MachineCpu(Double.NaN, 0));
    }
}
