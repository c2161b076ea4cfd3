package loomlab.lab.assess;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 41, item 5: the service tree's CPU is a counter a window's two readings subtract, so a process
 * of the tree that ends between them must not take its CPU with it (a script that ran a busy child).
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class ProcessTreeIT {
    @Test
    void item5ACpuReadingKeepsWhatAChildThatEndedSpent() throws Exception {
        // A busy child the shell waits for, then the shell becomes a sleep: the child is gone, its CPU reaped.
        Process root = new ProcessBuilder("sh", "-c",
                "( i=0; while [ $i -lt 3000000 ]; do i=$((i+1)); done ); exec sleep 60").start();
        try {
            double during = 0;
            while (!sleeping(root.pid())) {
                during = Math.max(during, ProcessTree.cpuSeconds(root.pid()).orElse(0));
                Thread.sleep(20);
            }
            assertTrue(during >= 0.2, "the child spent CPU while it ran: " + during + " s");
            double after = ProcessTree.cpuSeconds(root.pid()).orElseThrow();
            assertTrue(after >= during, "the child ended, and its " + during + " s stayed in the tree's reading: "
                    + after + " s");
        } finally {
            root.destroyForcibly();
            root.waitFor();
        }
    }

    @Test
    void item5ReversedATreeThatOnlySleepsSpendsNextToNothing() throws Exception {
        Process root = new ProcessBuilder("sleep", "60").start();
        try {
            Thread.sleep(200);
            assertTrue(ProcessTree.cpuSeconds(root.pid()).orElseThrow() < 0.2, "a sleep's own CPU, no more");
        } finally {
            root.destroyForcibly();
            root.waitFor();
        }
    }

    private static boolean sleeping(long pid) throws Exception {
        Path cmdline = Path.of("/proc", String.valueOf(pid), "cmdline");
        return Files.readString(cmdline).startsWith("sleep");
    }
}
