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

    /**
     * Issue 41, item 5: the recording's collections and compilations carry their starts on the wall clock
     * the lab's windows use, so a step's own are read inside its window.
     */
    @Test
    void item5CollectionsAndCompilationsAreReadWithTheirStartsOnTheLabsWallClock(@org.junit.jupiter.api.io.TempDir
                                                                                  Path dir) throws Exception {
        Path file = dir.resolve("timed.jfr");
        java.time.Instant before;
        java.time.Instant after;
        try (jdk.jfr.Recording recording = new jdk.jfr.Recording()) {
            recording.enable(PinningRecording.GC_EVENT).withThreshold(java.time.Duration.ZERO);
            recording.enable(PinningRecording.COMPILATION_EVENT).withThreshold(java.time.Duration.ZERO);
            recording.start();
            before = java.time.Instant.now();
            System.gc();
            after = java.time.Instant.now();
            recording.stop();
            recording.dump(file);
        }
        PinningRecording.Pinning read = PinningRecording.read(file).orElseThrow();
        java.time.Instant opened = before;
        java.time.Instant closed = after.plusMillis(1);
        assertTrue(read.timed().collections().stream().anyMatch(gc -> !gc.at().isBefore(opened.minusMillis(5))
                && gc.at().isBefore(closed)), "the collection asked for, inside its window: " + read.timed()
                .collections() + " in " + opened + " to " + closed);
        assertEquals(read.timed().collections().size(), read.gcPauses());
        assertTrue(read.gcPauseMs() > 0);
        assertTrue(read.timed().compilations().stream().allMatch(c -> c.ms() >= 0));
    }

    @Test
    void theSettingsRecordCompilationsBesideCollectionsAndPins(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        String flag = PinningRecording.startFlag(dir.resolve("a.jfr"));
        String settings = java.nio.file.Files.readString(dir.resolve("pinning.jfc"));
        assertTrue(flag.contains("settings=" + dir.resolve("pinning.jfc")), flag);
        assertTrue(settings.contains("jdk.Compilation") && settings.contains("jdk.GarbageCollection")
                && settings.contains("jdk.VirtualThreadPinned"), settings);
        java.nio.file.Files.writeString(dir.resolve("pinning.jfc"), "an earlier lab's settings");
        PinningRecording.startFlag(dir.resolve("b.jfr"));
        assertEquals(settings, java.nio.file.Files.readString(dir.resolve("pinning.jfc")), "stale settings replaced");
    }
}
