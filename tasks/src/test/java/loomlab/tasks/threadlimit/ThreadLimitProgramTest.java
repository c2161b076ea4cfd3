package loomlab.tasks.threadlimit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class ThreadLimitProgramTest {
    @Test
    void memoryPerThreadIsTheGrowthOverTheThreadsThatParkedNotThoseStarted() {
        // 10,000 started, 8,000 parked, 80,000 KB grown: 10 KB each of the parked, not 8.
        assertEquals(10.0, ThreadLimitProgram.perThreadKb(100_000, 180_000, 8_000));
        assertEquals(0.5, ThreadLimitProgram.perThreadKb(1_000, 1_001, 2));
        assertNull(ThreadLimitProgram.perThreadKb(100_000, 180_000, 0), "none parked: no figure, not infinity");
    }
}
