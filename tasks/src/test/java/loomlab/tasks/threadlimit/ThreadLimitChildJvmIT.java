package loomlab.tasks.threadlimit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import loomlab.tasks.ProgramRun;
import loomlab.tasks.TasksMain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The program as the lab runs it: a child JVM that prints one line and exits despite its parked threads. */
class ThreadLimitChildJvmIT {
    @TempDir
    Path dir;

    @Test
    void platformRunStopsAtTheCapAndExits() throws Exception {
        JsonNode result = ProgramRun.parseSingleLine(runChild(0, "thread-limit", "--threads", "platform", "--cap", "500"));
        assertEquals(500, result.get("threads_started").asInt());
        assertEquals("cap", result.get("stopped_by").asText());
        assertEquals(500, result.get("parked").asInt(), "memory is read once every started thread has parked");
        assertTrue(result.get("error").isNull());
        assertTrue(result.get("elapsed_s").asDouble() >= 0);
        if (!result.get("rss_per_thread_kb").isNull()) {
            assertTrue(result.get("rss_after_mb").asDouble() >= result.get("rss_before_mb").asDouble() - 1);
        }
    }

    @Test
    void virtualRunStopsAtTheCapAndExits() throws Exception {
        JsonNode result = ProgramRun.parseSingleLine(runChild(0, "thread-limit", "--threads", "virtual", "--cap", "500"));
        assertEquals(500, result.get("threads_started").asInt());
        assertEquals("cap", result.get("stopped_by").asText());
        assertEquals(500, result.get("parked").asInt(), "memory is read once every started thread has parked");
        if (!result.get("rss_per_thread_kb").isNull()) {
            // 500 parked virtual threads take a few MB at most; the probe's own reserve must not count.
            double grown = result.get("rss_after_mb").asDouble() - result.get("rss_before_mb").asDouble();
            assertTrue(grown < 16, "RSS grew by " + grown + " MB");
        }
    }

    @Test
    void badArgumentsExitWithTwo() throws Exception {
        assertEquals("", runChild(2, "thread-limit", "--threads", "both"));
    }

    /** Runs TasksMain in a child JVM, asserts its exit code within a minute, returns its stdout. */
    private String runChild(int expectedExit, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-cp", System.getProperty("java.class.path"), TasksMain.class.getName()));
        command.addAll(List.of(args));
        File out = dir.resolve("out.txt").toFile();
        File err = dir.resolve("err.txt").toFile();
        Process child = new ProcessBuilder(command).redirectOutput(out).redirectError(err).start();
        try {
            assertTrue(child.waitFor(1, TimeUnit.MINUTES), "child JVM did not exit");
            String stderr = Files.readString(err.toPath(), StandardCharsets.UTF_8);
            assertEquals(expectedExit, child.exitValue(), stderr);
            if (expectedExit == TasksMain.EXIT_USAGE) {
                assertEquals(1, stderr.lines().count(), stderr);
            }
            return Files.readString(out.toPath(), StandardCharsets.UTF_8);
        } finally {
            child.destroyForcibly();
        }
    }
}
