package loomlab.lab.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import loomlab.core.BadInput;
import org.junit.jupiter.api.Test;

/** Each engine declares what it can do; a check asks for the capability, and its refusal names who can. */
class EngineCapabilitiesTest {
    @Test
    void onlyTheLabsGeneratorOffersTheOpenModelAndOnlyLocustRunsWorkers() {
        assertEquals(List.of(Engine.LAB), Engine.thatCan(Capability.OPEN_MODEL));
        assertEquals(List.of(Engine.LOCUST), Engine.thatCan(Capability.DISTRIBUTED));
        assertEquals(List.of(Engine.LAB, Engine.LOCUST), Engine.thatCan(Capability.PATH_MIX));
        assertEquals(List.of(Engine.LAB, Engine.LOCUST), Engine.thatCan(Capability.STANDALONE));
        for (Engine seedsTool : List.of(Engine.AB, Engine.SIEGE, Engine.WRK)) {
            for (Capability capability : Capability.values()) {
                assertEquals(false, seedsTool.can(capability), seedsTool + " " + capability);
            }
        }
    }

    @Test
    void requireReturnsACapableEngineAndRefusesAnotherNamingTheEnginesThatCan() {
        assertSame(Engine.LOCUST, Engine.LOCUST.require(Capability.DISTRIBUTED, "--workers"));
        assertSame(Engine.LAB, Engine.LAB.require(Capability.OPEN_MODEL, "--rate"));
        assertEquals("assess needs --engine lab or locust (the siege engine cannot mix weighted paths)",
                assertThrows(BadInput.class, () -> Engine.SIEGE.require(Capability.PATH_MIX, "assess")).getMessage());
        assertEquals("--max-in-flight needs --engine lab (the locust engine cannot offer arrivals at a fixed rate, the"
                + " open model)", assertThrows(BadInput.class,
                () -> Engine.LOCUST.require(Capability.OPEN_MODEL, "--max-in-flight")).getMessage());
    }
}
