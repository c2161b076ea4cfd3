package loomlab.lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A pin that never ended is in no JFR count: the tables add what the thread dumps showed. */
class DumpedPinsTest {
    @Test
    void carriersTheDumpsShowedPinnedAreAddedToJfrsCount() {
        assertEquals("; dumps: 2 carriers pinned", ArmTables.dumpedPins(2, false));
        assertEquals("dumps: 1 carrier pinned", ArmTables.dumpedPins(1, true));
    }

    @Test
    void noDumpOrNoPinnedCarrierAddsNothing() {
        assertEquals("", ArmTables.dumpedPins(null, false));
        assertEquals("", ArmTables.dumpedPins(0, false));
    }
}
