package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ctrl-C in the middle of a run stops the servers the run started; nothing outlives it. */
class InterruptedRunIT {
    @TempDir
    Path dir;

    @Test
    void ctrlCDuringAnArmLeavesNoProcessBehind() throws Exception {
        CliProcess.assumeCtrlCReachesChildren();
        Path out = dir.resolve("out");
        Process lab = CliProcess.start(dir.resolve("lab.log"), "run", "service-to-service", "--quick", "--out",
                out.toString());
        try {
            List<ProcessHandle> children = awaitServersListening(lab, out);
            assertFalse(children.isEmpty(), "the run started no server");
            new ProcessBuilder("kill", "-INT", Long.toString(lab.pid())).start().waitFor();
            assertTrue(lab.waitFor(60, TimeUnit.SECONDS), "the lab did not stop on SIGINT");
            for (ProcessHandle child : children) {
                child.onExit().get(30, TimeUnit.SECONDS);
                assertFalse(child.isAlive(), "left behind: " + child.info().commandLine().orElse("?"));
            }
        } finally {
            lab.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
            lab.destroyForcibly();
        }
    }

    @Test
    void ctrlCDuringTheConnectionsRampLeavesNoProcessAndNoNamespace() throws Exception {
        CliProcess.assumeCtrlCReachesChildren();
        org.junit.jupiter.api.Assumptions.assumeTrue(loomlab.lab.connections.Namespace.unavailable().isEmpty(),
                () -> loomlab.lab.connections.Namespace.unavailable().orElse(""));
        Path out = dir.resolve("out");
        // A slow ramp (5,000 connections at 500 per second) keeps the arm opening connections when Ctrl-C comes.
        Process lab = CliProcess.start(dir.resolve("lab.log"), "run", "connections", "--quick", "--connections",
                "5000", "--connect-rate", "500", "--out", out.toString());
        try {
            List<ProcessHandle> children = awaitLogLine(lab, out, "phase=ramp");
            assertFalse(children.isEmpty(), "the run started no process");
            new ProcessBuilder("kill", "-INT", Long.toString(lab.pid())).start().waitFor();
            assertTrue(lab.waitFor(60, TimeUnit.SECONDS), "the lab did not stop on SIGINT");
            for (ProcessHandle child : children) {
                child.onExit().get(30, TimeUnit.SECONDS);
                assertFalse(child.isAlive(), "left behind: " + child.info().commandLine().orElse("?"));
            }
            Process list = new ProcessBuilder("ip", "netns", "list").redirectErrorStream(true).start();
            String namespaces = new String(list.getInputStream().readAllBytes());
            list.waitFor();
            assertFalse(namespaces.contains("loomlab-conn-" + lab.pid() + "-"), "namespace left: " + namespaces);
        } finally {
            lab.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
            lab.destroyForcibly();
        }
    }

    /** Waits until a log of the run holds {@code text}; returns the lab's processes then. */
    private static List<ProcessHandle> awaitLogLine(Process lab, Path out, String text) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline && lab.isAlive()) {
            Path logs = out.resolve("logs");
            if (Files.isDirectory(logs)) {
                try (Stream<Path> files = Files.list(logs)) {
                    if (files.anyMatch(f -> contains(f, text))) {
                        return lab.toHandle().descendants().toList();
                    }
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no log said '" + text + "'; lab alive=" + lab.isAlive());
    }

    /** Waits until both the downstream service and loomcat of the first arm say they listen. */
    private static List<ProcessHandle> awaitServersListening(Process lab, Path out) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline && lab.isAlive()) {
            Path logs = out.resolve("logs");
            if (Files.isDirectory(logs)) {
                try (Stream<Path> files = Files.list(logs)) {
                    long listening = files.filter(f -> contains(f, "listening on")).count();
                    if (listening >= 2) {
                        return lab.toHandle().descendants().toList();
                    }
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the servers never listened; lab alive=" + lab.isAlive());
    }

    private static boolean contains(Path file, String text) {
        try {
            return Files.readString(file).contains(text);
        } catch (java.io.IOException e) {
            return false;
        }
    }
}
