package loomlab.lab.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import loomlab.lab.process.JitThreads.Reading;
import org.junit.jupiter.api.Test;

class JitThreadsTest {
    /** A /proc/PID/task/TID/stat line whose utime and stime are the given ticks. */
    private static String stat(long tid, String comm, long utime, long stime) {
        return tid + " (" + comm + ") S 1 4242 4242 0 -1 1077936192 0 0 0 0 " + utime + " " + stime
                + " 0 0 20 0 31 0 1 0 0";
    }

    private static String[] thread(long tid, String comm, long utime, long stime) {
        return new String[] {comm + "\n", stat(tid, comm, utime, stime)};
    }

    @Test
    void onlyHotSpotsCompilerThreadsAreCountedByTheirNamesAsLinuxKeepsThem() {
        Reading reading = JitThreads.reading(Map.of(
                10L, thread(10, "C2 CompilerThre", 300, 20),
                11L, thread(11, "C1 CompilerThre", 40, 5),
                12L, thread(12, "http-nio-8080-e", 900, 100),
                13L, thread(13, "VM Thread", 50, 50))).orElseThrow();
        assertEquals(Map.of(10L, 3.20, 11L, 0.45), reading.secondsByThread());
        assertTrue(JitThreads.compilerThread("C2 CompilerThre"));
        assertFalse(JitThreads.compilerThread("GC Thread#0"));
    }

    @Test
    void aJvmWithoutCompilerThreadsGivesNoReadingRatherThanAQuietJit() {
        assertEquals(Optional.empty(), JitThreads.reading(Map.of(1L, thread(1, "java", 10, 1),
                2L, thread(2, "VM Thread", 5, 5))), "-Xint has no compiler threads");
        assertEquals(Optional.empty(), JitThreads.reading(Map.of(3L, new String[] {"C2 CompilerThre", "cut short"})),
                "a stat line that is not one");
        assertNull(JitThreads.between(Optional.empty(), Optional.of(new Reading(Map.of(1L, 0.05)))));
    }

    @Test
    void cpuBetweenReadingsCountsThreadsStartedSinceInFullAndNothingOfThoseStopped() {
        Reading earlier = new Reading(Map.of(10L, 3.00, 11L, 0.40, 14L, 0.90));
        // 10 used 1.5 s more; 11 none; 14 was stopped (its CPU since is lost); 15 started with 0.35 s.
        Reading later = new Reading(Map.of(10L, 4.50, 11L, 0.40, 15L, 0.35));
        assertEquals(1.85, later.secondsSince(earlier), 1e-9);
        assertEquals(1.85, JitThreads.between(Optional.of(earlier), Optional.of(later)), 1e-9);
        assertEquals(0.0, earlier.secondsSince(earlier), 0.0);
    }

    @Test
    void readsThisJvmsOwnCompilerThreads() {
        Optional<Reading> own = JitThreads.read(ProcessHandle.current().pid());
        if (!Files.isDirectory(Path.of("/proc/self/task"))) {
            assertTrue(own.isEmpty(), "off Linux: no reading");
            return;
        }
        assertTrue(own.isPresent(), "a JVM running tests has compiled something by now");
        assertFalse(own.get().secondsByThread().isEmpty());
        assertTrue(JitThreads.read(Long.MAX_VALUE).isEmpty(), "no such process");
    }
}
