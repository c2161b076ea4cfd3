package loomlab.lab.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    @Test
    void theHelpListsEveryEngineWithWhatItDeclaresItCanDo() {
        String help = Engine.help();
        assertEquals("lab (default: open model, path mix, load), ab (where ab is installed), siege (where siege is"
                + " installed), wrk (where wrk is installed), locust (path mix, load, workers, Locust "
                + loomlab.lab.load.locust.LocustInstall.VERSION + ", installed by the lab on first use)", help);
        for (Engine engine : Engine.values()) {
            assertTrue(help.contains(engine.label() + " ("), engine + " is in the help");
        }
    }

    @Test
    void workersGoWithAnEngineThatRunsThemAndOnlyWithOne() {
        assertEquals(null, EngineChoice.of(Engine.WRK).workers());
        assertEquals(1, EngineChoice.of(Engine.LOCUST).workers().count());
        assertThrows(IllegalArgumentException.class, () -> new EngineChoice(Engine.LAB,
                loomlab.lab.load.locust.LocustWorkers.local(1)));
        assertThrows(IllegalArgumentException.class, () -> new EngineChoice(Engine.LOCUST, null));
    }
}
