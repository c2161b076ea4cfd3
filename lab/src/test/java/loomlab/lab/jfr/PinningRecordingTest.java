package loomlab.lab.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

class PinningRecordingTest {
    @Test
    void hiddenClassesLoseTheAddressTheJvmGaveThemSoOneSiteStaysOneSite() {
        assertEquals("loomlab.loomcat.Pinning$SleepingInitializer", PinningRecording.withoutHiddenSuffix(
                "loomlab.loomcat.Pinning$SleepingInitializer+0x0000000100167c00.1794071200"), "JDK 21's spelling");
        assertEquals("loomlab.loomcat.Pinning$SleepingInitializer", PinningRecording.withoutHiddenSuffix(
                "loomlab.loomcat.Pinning$SleepingInitializer.0x0000000028091400"), "JDK 25's spelling");
        assertEquals("loomlab.loomcat.Endpoints$$Lambda", PinningRecording.withoutHiddenSuffix(
                "loomlab.loomcat.Endpoints$$Lambda/0x0000000100149fe0"));
        assertEquals("com.example.Orders", PinningRecording.withoutHiddenSuffix("com.example.Orders"));
        assertEquals("com.example.Ox0", PinningRecording.withoutHiddenSuffix("com.example.Ox0"));
    }

    @Test
    void theWrittenLineNamesTheRecordingsFileInWhateverFormThePathTakes() {
        Pattern line = PinningRecording.writtenLine(Path.of("/tmp/out/logs/pinning-loomcat_virtual-loomcat.jfr"));
        assertTrue(line.matcher("listening on http://127.0.0.1:1\n"
                + "flight recording written: /tmp/out/logs/pinning-loomcat_virtual-loomcat.jfr\n").find());
        assertTrue(line.matcher("flight recording written: /private/tmp/out/logs/pinning-loomcat_virtual-loomcat.jfr")
                .find(), "a real path the JVM resolved");
        assertFalse(line.matcher("flight recording written: /tmp/out/logs/other.jfr\n").find(), "another recording");
        assertFalse(line.matcher("flight recording written: /tmp/out/logs/pinning-loomcat_virtual-loomcat.jfr.part")
                .find());
        assertFalse(line.matcher("GET /pinning-loomcat_virtual-loomcat.jfr\n").find(), "the line, not the name alone");
    }
}
