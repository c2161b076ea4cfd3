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
    void killingAChildThatIgnoresSigtermEndsItWithoutThePoliteWait() throws Exception {
        ChildProcess child = supervisor.start("deaf", List.of("sh", "-c", "trap '' TERM; echo started; sleep 60 & wait"),
                dir.resolve("deaf.log"));
        child.awaitLine(Pattern.compile("started"), Duration.ofSeconds(30));
        long start = System.nanoTime();
        child.kill();
        assertFalse(child.alive());
        child.close();
        double tookS = (System.nanoTime() - start) / 1e9;
        // The polite stop alone would have waited its 5 s for a SIGTERM this child ignores.
        assertTrue(tookS < 4, "kill and close took " + tookS + " s");
        assertEquals(0, ProcessSupervisor.liveCount());
    }

    /**
     * A child that says it is done as it begins its polite exit, then lingers (as HotSpot does for up
     * to 300 ms after its shutdown hooks): it is ended at its line, not when it would have exited.
     * The line must come after the SIGTERM: the same line printed before it does not end the wait.
     */
    @Test
    void closingOnceLoggedEndsAChildAtItsLineAfterTheSigterm() throws Exception {
        ChildProcess child = supervisor.start("lingerer", List.of("sh", "-c",
                "trap 'echo done for good; sleep 4; exit 0' TERM; echo done early; echo started;"
                        + " while true; do sleep 0.05; done"), dir.resolve("lingerer.log"));
        child.awaitLine(Pattern.compile("started"), Duration.ofSeconds(30));
        long start = System.nanoTime();
        child.closeOnceLogged(Pattern.compile("^done", Pattern.MULTILINE));
        double tookS = (System.nanoTime() - start) / 1e9;
        assertFalse(child.alive());
        assertTrue(child.readLog().contains("done for good"));
        assertTrue(tookS < 3, "ended " + tookS + " s after the SIGTERM; its trap lingers 4 s");
        assertEquals(0, ProcessSupervisor.liveCount());
    }

    /** One that never says so exits politely, as {@link ChildProcess#close} would have it. */
    @Test
    void closingOnceLoggedLetsAChildThatSaysNothingExitByItself() throws Exception {
        ChildProcess child = supervisor.start("quiet", List.of("sh", "-c",
                "trap 'sleep 0.3; echo bye; exit 0' TERM; echo started; while true; do sleep 0.05; done"),
                dir.resolve("quiet.log"));
        child.awaitLine(Pattern.compile("started"), Duration.ofSeconds(30));
        child.closeOnceLogged(Pattern.compile("never printed"));
        assertFalse(child.alive());
        assertEquals(0, child.exitCode(), "it ran its own exit to the end");
        assertTrue(child.readLog().contains("bye"));
    }

    /**
     * A JVM that jcmd attached to and that had to be killed (its shutdown hook never ends, as a hung
     * server's may not) cannot delete its attach socket; the lab does, once it is gone.
     */
    @Test
    void aJvmKilledAfterJcmdAttachedLeavesNoAttachSocketInTmp() throws Exception {
        Path source = dir.resolve("Stubborn.java");
        java.nio.file.Files.writeString(source, """
                public class Stubborn {
                    public static void main(String[] args) throws Exception {
                        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                            try {
                                Thread.sleep(600_000);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        }));
                        System.out.println("ready");
                        Thread.sleep(600_000);
                    }
                }
                """);
        Path bin = Path.of(System.getProperty("java.home"), "bin");
        ChildProcess child = supervisor.start("stubborn", List.of(bin.resolve("java").toString(), source.toString()),
                dir.resolve("stubborn.log"));
        child.awaitLine(Pattern.compile("ready"), Duration.ofSeconds(60));
        Process jcmd = new ProcessBuilder(bin.resolve("jcmd").toString(), Long.toString(child.pid()), "VM.version")
                .redirectErrorStream(true).redirectOutput(dir.resolve("jcmd.log").toFile()).start();
        assertTrue(jcmd.waitFor(60, java.util.concurrent.TimeUnit.SECONDS) && jcmd.exitValue() == 0,
                java.nio.file.Files.readString(dir.resolve("jcmd.log")));
        Path socket = ChildProcess.attachSocket(child.pid());
        assertTrue(java.nio.file.Files.exists(socket), "jcmd's attach made " + socket);
        child.close();
        assertFalse(child.alive());
        assertFalse(java.nio.file.Files.exists(socket), "the killed JVM's attach socket was removed");
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
