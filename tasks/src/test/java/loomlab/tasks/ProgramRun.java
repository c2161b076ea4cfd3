package loomlab.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Runs a task program in this JVM and captures what it prints. */
public record ProgramRun(int exitCode, String stdout, String stderr) {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    public static ProgramRun of(List<TaskProgram> programs, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = TasksMain.run(programs, args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new ProgramRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    public static ProgramRun of(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = TasksMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new ProgramRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The single JSON line of a successful run. */
    public JsonNode json() {
        assertEquals(0, exitCode, () -> "exit code; stderr: " + stderr);
        return parseSingleLine(stdout);
    }

    public static JsonNode parseSingleLine(String stdout) {
        assertEquals(1, stdout.lines().count(), () -> "expected exactly one line on stdout: " + stdout);
        try {
            return MAPPER.readTree(stdout);
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + stdout, e);
        }
    }

    /** Asserts a usage error: exit code 2, nothing on stdout, one line on stderr. */
    public void assertUsageError(String expectedFragment) {
        assertEquals(2, exitCode, () -> "exit code; stderr: " + stderr);
        assertEquals("", stdout);
        assertEquals(1, stderr.lines().count(), () -> "one stderr line expected: " + stderr);
        if (!stderr.contains(expectedFragment)) {
            throw new AssertionError("stderr lacks '" + expectedFragment + "': " + stderr);
        }
    }
}
