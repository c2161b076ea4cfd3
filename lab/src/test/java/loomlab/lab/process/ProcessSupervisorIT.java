package loomlab.lab.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessSupervisorIT {
    @TempDir
    Path dir;

    private final ProcessSupervisor supervisor = new ProcessSupervisor();

    @Test
    void closingAChildStopsItAndTheProcessesItStarted() throws Exception {
        ChildProcess child = supervisor.start("sleeper", List.of("sh", "-c", "sleep 60 & echo started; wait"),
                dir.resolve("sleeper.log"));
        child.awaitLine(Pattern.compile("started"), Duration.ofSeconds(30));
        List<ProcessHandle> tree = ProcessHandle.of(child.pid()).orElseThrow().descendants().toList();
        assertFalse(tree.isEmpty());
        child.close();
        assertFalse(child.alive());
        for (ProcessHandle descendant : tree) {
            descendant.onExit().get(10, java.util.concurrent.TimeUnit.SECONDS);
            assertFalse(descendant.isAlive());
        }
        assertEquals(0, ProcessSupervisor.liveCount());
    }

    @Test
    void aChildsScratchFolderIsMadeBeforeItStartsAndDeletedOnceItHasStopped() throws Exception {
        Path scratch = dir.resolve("server-tmp");
        ChildProcess child = supervisor.start("writer", List.of("sh", "-c",
                "mkdir \"$0/work\" && echo left > \"$0/work/file\" && echo written && sleep 60", scratch.toString()),
                dir.resolve("writer.log"), java.util.Map.of(), scratch);
        child.awaitLine(Pattern.compile("written"), Duration.ofSeconds(30));
        assertTrue(java.nio.file.Files.isRegularFile(scratch.resolve("work/file")));
        child.close();
        assertFalse(java.nio.file.Files.exists(scratch), "what the child wrote went with it");
        assertTrue(java.nio.file.Files.isRegularFile(dir.resolve("writer.log")), "its log stays");
    }

    @Test
    void aChildThatDiesBeforeItIsReadyIsReportedWithItsLogTail() throws Exception {
        ChildProcess child = supervisor.start("doomed", List.of("sh", "-c", "echo first words; echo last words; exit 3"),
                dir.resolve("doomed.log"));
        ChildDied died = assertThrows(ChildDied.class,
                () -> child.awaitLine(Pattern.compile("listening on"), Duration.ofSeconds(30)));
        assertTrue(died.getMessage().contains("exited with code 3"), died.getMessage());
        assertTrue(died.getMessage().contains("last words"), died.getMessage());
        child.close();
    }

    @Test
    void requireAliveNamesTheExitCode() throws Exception {
        try (ChildProcess child = supervisor.start("quick", List.of("sh", "-c", "echo bye; exit 7"),
                dir.resolve("quick.log"))) {
            assertTrue(child.waitFor(Duration.ofSeconds(30)));
            ChildDied died = assertThrows(ChildDied.class, child::requireAlive);
            assertTrue(died.getMessage().contains("exit code 7"), died.getMessage());
            assertTrue(died.getMessage().contains("bye"), died.getMessage());
        }
    }
}
