package loomlab.tasks.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ProcParsingTest {
    /** A real stat line whose command name holds a space and a closing parenthesis. */
    private static final String STAT = "12345 (java (x) y) S 1 12345 12345 0 -1 4194560 120311 0 12 0 "
            + "731 142 0 0 20 0 27 0 2051833 4806238208 82314 18446744073709551615 1 1 0 0 0 0 4 0 16800975 0 0 0 17 1 0 0 0 0 0";

    private static final String STATUS = """
            Name:\tjava
            Umask:\t0022
            State:\tS (sleeping)
            VmPeak:\t 4693592 kB
            VmHWM:\t  334900 kB
            VmRSS:\t  329256 kB
            Threads:\t27
            """;

    @Test
    void readsUserAndSystemTicksFromFields14And15() {
        CpuTicks ticks = CpuTicks.parseStat(STAT);
        assertEquals(new CpuTicks(731, 142), ticks);
        assertEquals(7.31, ticks.userSeconds(100), 1e-9);
        assertEquals(1.42, ticks.systemSeconds(100), 1e-9);
    }

    @Test
    void rejectsTruncatedStatLines() {
        assertThrows(IllegalArgumentException.class, () -> CpuTicks.parseStat("12345 java S 1"));
        assertThrows(IllegalArgumentException.class, () -> CpuTicks.parseStat("12345 (java) S 1 2 3"));
    }

    @Test
    void readsCurrentAndPeakResidentMemory() {
        MemoryStatus memory = MemoryStatus.parseStatus(STATUS);
        assertEquals(new MemoryStatus(329256, 334900), memory);
        assertEquals(334900 / 1024.0, memory.peakRssMb(), 1e-9);
    }

    @Test
    void rejectsMissingOrOddMemoryLines() {
        assertThrows(IllegalArgumentException.class, () -> MemoryStatus.parseStatus("Name:\tjava\nVmHWM:\t1 kB\n"));
        assertThrows(IllegalArgumentException.class, () -> MemoryStatus.parseStatus("VmRSS:\t1 MB\nVmHWM:\t1 kB\n"));
    }

    @Test
    void readsThisProcessOnLinux() throws Exception {
        if (ProcSelf.unavailableReason() != null) {
            assertTrue(!System.getProperty("os.name").toLowerCase().contains("linux")
                    || ProcSelf.unavailableReason().contains("not readable"));
            return;
        }
        assertNull(ProcSelf.unavailableReason());
        MemoryStatus memory = ProcSelf.memory();
        assertTrue(memory.rssKb() > 0 && memory.peakRssKb() >= memory.rssKb());
        assertTrue(ProcSelf.cpuTicks().user() >= 0);
        assertTrue(ProcSelf.clockTicks().perSecond() > 0);
    }
}
