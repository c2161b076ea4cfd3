package loomlab.lab.process;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A short command starts through the supervisor with the caller's settings, and is let go once it ends. */
class ProcessSupervisorCommandTest {
    @TempDir
    Path dir;

    @Test
    void aShortCommandRunsWithItsSettingsAndIsLetGoWhenItEnds() throws Exception {
        Process process = ProcessSupervisor.startCommand(List.of("sh", "-c", "pwd; echo oops >&2"),
                builder -> builder.directory(dir.toFile()).redirectErrorStream(true));
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(true, process.waitFor(10, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue());
        assertEquals(dir.toRealPath() + "\noops\n", output);
        assertEquals(0, ProcessSupervisor.runningCommands());
    }
}
