package loomlab.lab.diagnose;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import loomlab.core.BadInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A dump file read with its time and process, or refused in one line. */
class DumpFileTest {
    @TempDir
    Path dir;

    @Test
    void aFixtureWithItsProcess() {
        DumpFile file = DumpFile.read(Fixtures.dump("jdk21/carrier-deadlock-1.json"));
        assertTrue(file.pid() > 0);
        assertEquals("21.0.8+9-LTS", file.dump().runtimeVersion());
    }

    @Test
    void whatIsNotAThreadDumpIsBadInput() throws IOException {
        Path missing = dir.resolve("missing.json");
        assertEquals(missing + ": no such file", assertThrows(BadInput.class, () -> DumpFile.read(missing)).getMessage());
        Path notJson = Files.writeString(dir.resolve("notes.txt"), "hello");
        assertTrue(assertThrows(BadInput.class, () -> DumpFile.read(notJson)).getMessage()
                .startsWith(notJson + ": not a JSON thread dump"));
        Path otherJson = Files.writeString(dir.resolve("other.json"), "{\"threads\": []}");
        assertTrue(assertThrows(BadInput.class, () -> DumpFile.read(otherJson)).getMessage()
                .contains("no threadDump.threadContainers"));
    }
}
