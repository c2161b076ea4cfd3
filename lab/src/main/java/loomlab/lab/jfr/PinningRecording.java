package loomlab.lab.jfr;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * A server under test's flight recording of pinned virtual threads: the JVM flag that starts it
 * (written to a file when the server exits, so the server must be stopped politely, which the lab
 * always does first) and the count and total duration of its {@code jdk.VirtualThreadPinned} events.
 */
public final class PinningRecording {
    public static final String EVENT = "jdk.VirtualThreadPinned";
    private static final String SETTINGS_RESOURCE = "pinning.jfc";

    /** What the recording counted. */
    public record Pinning(long events, double totalMs) {
    }

    private PinningRecording() {
    }

    /**
     * The flag that records pinning into {@code recording}; the settings file is written beside it
     * once, since the JVM reads settings from a file.
     */
    public static String startFlag(Path recording) {
        Path settings = recording.resolveSibling(SETTINGS_RESOURCE);
        writeSettingsOnce(settings);
        return "-XX:StartFlightRecording:filename=" + recording + ",settings=" + settings + ",dumponexit=true";
    }

    /** The pinning the recording holds; empty when the server left no readable recording (it was killed). */
    public static Optional<Pinning> read(Path recording) {
        if (recording == null || !Files.isRegularFile(recording)) {
            return Optional.empty();
        }
        try {
            List<RecordedEvent> events = RecordingFile.readAllEvents(recording);
            List<RecordedEvent> pinned = events.stream().filter(e -> e.getEventType().getName().equals(EVENT)).toList();
            double totalMs = pinned.stream().mapToLong(e -> e.getDuration().toNanos()).sum() / 1e6;
            return Optional.of(new Pinning(pinned.size(), totalMs));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static void writeSettingsOnce(Path settings) {
        if (Files.isRegularFile(settings)) {
            return;
        }
        try (InputStream in = PinningRecording.class.getResourceAsStream(SETTINGS_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(SETTINGS_RESOURCE + " is missing from the lab's resources");
            }
            Files.createDirectories(settings.toAbsolutePath().getParent());
            Path partial = Files.createTempFile(settings.toAbsolutePath().getParent(), "pinning", ".jfc.tmp");
            Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
            Files.move(partial, settings, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + settings, e);
        }
    }
}
