package loomlab.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** With a real recording in this JVM: the line comes once its file is written, and only then. */
class RecordingAnnouncerTest {
    @TempDir
    Path dir;

    @Test
    void announcesARecordingOnceItsFileIsWritten() throws Exception {
        Path file = dir.resolve("pins.jfr");
        List<Long> sizeWhenAnnounced = new ArrayList<>();
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        RecordingAnnouncer announcer = new RecordingAnnouncer(new PrintStream(printed, true, StandardCharsets.UTF_8) {
            @Override
            public void println(String line) {
                sizeWhenAnnounced.add(size(file));
                super.println(line);
            }
        });
        FlightRecorder.addListener(announcer);
        try (Recording recording = new Recording()) {
            recording.setDestination(file);
            recording.start();
            assertEquals("", printed.toString(StandardCharsets.UTF_8), "nothing while it runs");
            recording.stop();
        } finally {
            FlightRecorder.removeListener(announcer);
        }
        assertEquals(RecordingAnnouncer.WRITTEN + file + System.lineSeparator(), printed.toString(StandardCharsets.UTF_8));
        assertEquals(1, sizeWhenAnnounced.size());
        assertTrue(sizeWhenAnnounced.getFirst() > 0, "the file was written before the line");
        assertEquals(Files.size(file), sizeWhenAnnounced.getFirst(), "and nothing was added to it after");
    }

    @Test
    void saysNothingOfARecordingWithoutAFile() throws Exception {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        RecordingAnnouncer announcer = new RecordingAnnouncer(new PrintStream(printed, true, StandardCharsets.UTF_8));
        FlightRecorder.addListener(announcer);
        try (Recording recording = new Recording()) {
            recording.start();
            recording.stop();
        } finally {
            FlightRecorder.removeListener(announcer);
        }
        assertEquals("", printed.toString(StandardCharsets.UTF_8));
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return -1;
        }
    }
}
