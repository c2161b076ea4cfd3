package loomlab.lab.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import loomlab.core.assess.CapacityStep.MachineCpu;
import org.junit.jupiter.api.Test;

class ProcStatTest {
    @Test
    void cpuTimeIsUserPlusSystemTicksEvenWhenTheCommandHasSpacesAndParens() {
        String stat = "4242 (java (main) x) S 1 4242 4242 0 -1 4194560 9132 0 0 0 250 120 0 0 20 0 31 0 1 0 0";
        assertEquals(3.70, ProcStat.cpuSecondsFromStat(stat).getAsDouble(), 1e-9);
    }

    @Test
    void aTruncatedStatLineGivesNoReading() {
        assertTrue(ProcStat.cpuSecondsFromStat("4242 (java) S 1 2").isEmpty());
        assertTrue(ProcStat.cpuSecondsFromStat("garbage").isEmpty());
    }

    @Test
    void statusFieldsAreReadByName() {
        String status = "Name:\tjava\nVmPeak:\t 3000 kB\nVmHWM:\t  204800 kB\nVmRSS:\t  102400 kB\nThreads:\t31\n";
        assertEquals(204800, ProcStat.statusField(status, "VmHWM").getAsLong());
        assertEquals(31, ProcStat.statusField(status, "Threads").getAsLong());
        assertTrue(ProcStat.statusField(status, "VmSwap").isEmpty());
    }

    @Test
    void readsThisProcess() {
        long pid = ProcessHandle.current().pid();
        if (!java.nio.file.Files.exists(java.nio.file.Path.of("/proc/self/stat"))) {
            assertTrue(ProcStat.cpuSeconds(pid).isEmpty());
            return;
        }
        assertTrue(ProcStat.cpuSeconds(pid).getAsDouble() > 0);
        assertTrue(ProcStat.peakRssMb(pid).getAsDouble() > 1);
        assertTrue(ProcStat.threads(pid).getAsLong() >= 1);
    }

    @Test
    void theMachineIsBusyForUserNiceSystemIrqSoftirqAndStealTicksNotIdleOrIowait() {
        String stat = "cpu  100 20 30 5000 400 6 7 8 50 0\ncpu0 50 10 15 2500 200 3 3 4 25 0\nintr 1 2 3\n";
        assertEquals(1.71, ProcStat.machineBusyFromStat(stat).getAsDouble(), 1e-9); // (100+20+30+6+7+8)/100
        assertTrue(ProcStat.machineBusyFromStat("cpu0 1 2 3 4 5 6 7 8\n").isEmpty(), "the all-cores line comes first");
        assertTrue(ProcStat.machineBusyFromStat("cpu 1 2 x 4 5 6 7 8\n").isEmpty());
        assertTrue(ProcStat.machineBusyFromStat("cpu 1 2 3\n").isEmpty());
        assertTrue(ProcStat.machineBusySeconds().isPresent(), "read on Linux");
    }

    @Test
    void theStealIsTheEighthFieldAndPartOfTheBusy() {
        String stat = "cpu  100 20 30 5000 400 6 7 8 50 0\n";
        MachineCpu machine = ProcStat.machineFromStat(stat).orElseThrow();
        assertEquals(1.71, machine.busyS(), 1e-9);
        assertEquals(0.08, machine.stealS(), 1e-9);
        assertTrue(ProcStat.machine().isPresent(), "read on Linux");
    }

    @Test
    void betweenTwoReadingsIsTheirDifferenceOrUnknown() {
        MachineCpu between = ProcStat.between(Optional.of(new MachineCpu(10, 1)), Optional.of(new MachineCpu(13.5, 1.25)));
        assertEquals(3.5, between.busyS(), 1e-9);
        assertEquals(0.25, between.stealS(), 1e-9);
        assertNull(ProcStat.between(Optional.empty(), Optional.of(new MachineCpu(13.5, 1.25))), "one edge unread");
        assertNull(ProcStat.between(Optional.of(new MachineCpu(13.5, 1)), Optional.of(new MachineCpu(10, 1))),
                "a counter that went back (another boot) is no reading");
    }
}
