package loomlab.lab.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import loomlab.core.BadInput;
import loomlab.lab.load.engines.StandardEngines;
import loomlab.lab.load.locust.Locust;
import loomlab.lab.process.ProcessSupervisor;
import org.junit.jupiter.api.Test;

/**
 * Each engine declares what it can do; a check asks for the capability, and its refusal names who can.
 * The engines come from one list, and an engine added to it passes the same checks and joins the help
 * with no other edit.
 */
class EngineCapabilitiesTest {
    private static final Engines ENGINES = StandardEngines.of(Path.of("/lab"));
    private static final Engine LOCUST = ENGINES.parse("locust");

    private static List<String> labels(List<Engine> engines) {
        return engines.stream().map(Engine::label).toList();
    }

    @Test
    void onlyTheLabsGeneratorOffersTheOpenModelAndOnlyLocustRunsWorkers() {
        assertEquals(List.of("lab"), labels(ENGINES.thatCan(Capability.OPEN_MODEL)));
        assertEquals(List.of("locust"), labels(ENGINES.thatCan(Capability.DISTRIBUTED)));
        assertEquals(List.of("lab", "locust"), labels(ENGINES.thatCan(Capability.PATH_MIX)));
        assertEquals(List.of("lab", "locust"), labels(ENGINES.thatCan(Capability.STANDALONE)));
        for (Engine seedsTool : List.of(Engines.AB, Engines.SIEGE, Engines.WRK)) {
            for (Capability capability : Capability.values()) {
                assertEquals(false, seedsTool.can(capability), seedsTool.label() + " " + capability);
            }
        }
        assertSame(Engines.LAB, ENGINES.defaultEngine());
    }

    @Test
    void requireReturnsACapableEngineAndRefusesAnotherNamingTheEnginesThatCan() {
        assertSame(LOCUST, ENGINES.require(LOCUST, Capability.DISTRIBUTED, "--workers"));
        assertSame(Engines.LAB, ENGINES.require(Engines.LAB, Capability.OPEN_MODEL, "--rate"));
        assertEquals("assess needs --engine lab or locust (the siege engine cannot mix weighted paths)",
                assertThrows(BadInput.class, () -> ENGINES.require(Engines.SIEGE, Capability.PATH_MIX, "assess"))
                        .getMessage());
        assertEquals("--max-in-flight needs --engine lab (the locust engine cannot offer arrivals at a fixed rate, the"
                + " open model)", assertThrows(BadInput.class,
                () -> ENGINES.require(LOCUST, Capability.OPEN_MODEL, "--max-in-flight")).getMessage());
    }

    @Test
    void theHelpListsEveryEngineWithWhatItDeclaresItCanDo() {
        String help = ENGINES.help();
        assertEquals("lab (default: open model, path mix, load), ab (where ab is installed), siege (where siege is"
                + " installed), wrk (where wrk is installed), locust (path mix, load, workers, Locust "
                + loomlab.lab.load.locust.LocustInstall.VERSION + ", installed by the lab on first use)", help);
        for (Engine engine : ENGINES.all()) {
            assertTrue(help.contains(engine.label() + " ("), engine.label() + " is in the help");
        }
        assertEquals(List.of("locust"), ENGINES.installs().stream().map(OwnInstall::name).toList());
    }

    @Test
    void workersArePlacedOnlyByAnEngineThatRunsThem() {
        assertEquals(1, ((Locust) LOCUST).workers().count(), "one local worker by default");
        Locust placed = (Locust) LOCUST.placed(new WorkerPlacement(3, null, null, null, null, null));
        assertEquals(3, placed.workers().local());
        assertEquals(null, placed.serverAddress(), "local workers: the servers stay on loopback");
        assertThrows(UnsupportedOperationException.class, () -> Engines.WRK.placed(WorkerPlacement.DEFAULT));
    }

    /** An engine of the test's own: on the list, it is chosen, checked and described as the lab's are. */
    @Test
    void anEngineOnTheListIsChosenCheckedAndDescribedWithNoOtherEdit() {
        Engine gatling = new Engine() {
            @Override
            public String label() {
                return "gatling";
            }

            @Override
            public Set<Capability> capabilities() {
                return EnumSet.of(Capability.OPEN_MODEL, Capability.DISTRIBUTED);
            }

            @Override
            public Engine requireInstalled(String path) {
                return this;
            }

            @Override
            public LoadEngine create(PrintStream console, boolean live, ProcessSupervisor processes,
                                     Path histogramLog, Path toolDir) {
                throw new UnsupportedOperationException();
            }

            @Override
            public String description() {
                return "gatling";
            }
        };
        Engines engines = new Engines(List.of(Engines.LAB, gatling, LOCUST));
        assertSame(gatling, engines.parse("gatling"));
        assertEquals(List.of("gatling", "locust"), labels(engines.thatCan(Capability.DISTRIBUTED)));
        assertEquals("--workers needs --engine gatling or locust (the lab engine cannot run its users in several"
                + " worker processes or on other machines)", assertThrows(BadInput.class,
                () -> engines.require(Engines.LAB, Capability.DISTRIBUTED, "--workers")).getMessage());
        assertTrue(engines.help().contains("gatling (open model, workers)"), engines.help());
    }
}
