package loomlab.lab.jfr;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;
import loomlab.core.assess.RecordedEvents;
import loomlab.core.pinning.PinnedEvent;

/**
 * A server under test's flight recording: the JVM flag that starts it (written to a file when the
 * server exits, so the server must be stopped politely, which the lab always does first), the line
 * that says it is written, and what
 * it holds: every {@code jdk.VirtualThreadPinned} event with its stack, and, each with its start on
 * the wall clock, the garbage collector's pauses and the JIT's compilations, so that a figure that
 * compares arms is read inside one window of the run ({@link RecordedEvents#in}), not added up over it.
 */
public final class PinningRecording {
    public static final String EVENT = "jdk.VirtualThreadPinned";
    static final String GC_EVENT = "jdk.GarbageCollection";
    static final String COMPILATION_EVENT = "jdk.Compilation";
    private static final Pattern HIDDEN_SUFFIX = Pattern.compile(
            "[+./]0x[0-9a-fA-F]+([./]\\d+)?$");
    private static final String SETTINGS_RESOURCE = "pinning.jfc";
    /** What {@code loomlab.http.RecordingAnnouncer.WRITTEN} prints before the recording's path. */
    static final String WRITTEN = "flight recording written: ";

    /**
     * What the recording held.
     *
     * @param pinned every pinned event, top frame first
     * @param timed  the collections and compilations, each with its start
     */
    public record Pinning(List<PinnedEvent> pinned, RecordedEvents timed) {
        public Pinning {
            pinned = List.copyOf(pinned);
        }

        /** The garbage collections over the whole recording, start-up to exit. */
        public long gcPauses() {
            return timed.collections().size();
        }

        /** Their pauses added up over the whole recording, start-up to exit. */
        public double gcPauseMs() {
            return timed.gcPauseMs();
        }

        /** Both recordings together (a command whose script starts more than one JVM). */
        public Pinning plus(Pinning other) {
            List<PinnedEvent> both = new ArrayList<>(pinned);
            both.addAll(other.pinned);
            return new Pinning(both, timed.plus(other.timed));
        }

        public long events() {
            return pinned.size();
        }

        public double totalMs() {
            return pinned.stream().mapToDouble(PinnedEvent::durationMs).sum();
        }
    }

    private PinningRecording() {
    }

    /**
     * The flag that records into {@code recording}; the settings file is written beside it once,
     * since the JVM reads settings from a file.
     */
    public static String startFlag(Path recording) {
        Path settings = recording.resolveSibling(SETTINGS_RESOURCE);
        writeSettingsOnce(settings);
        return "-XX:StartFlightRecording:filename=" + recording + ",settings=" + settings + ",dumponexit=true";
    }

    /**
     * The line a server the lab builds prints once {@code recording} is written
     * ({@code loomlab.http.RecordingAnnouncer}), whichever form of its path the JVM prints: the lab
     * may end the server there.
     */
    public static Pattern writtenLine(Path recording) {
        return Pattern.compile("^" + Pattern.quote(WRITTEN) + ".*"
                + Pattern.quote(recording.getFileName().toString()) + "$",
                Pattern.MULTILINE);
    }

    /** What the recording holds; empty when the server left no readable recording (it was killed). */
    public static Optional<Pinning> read(Path recording) {
        if (recording == null || !Files.isRegularFile(recording)) {
            return Optional.empty();
        }
        try {
            List<PinnedEvent> pinned = new ArrayList<>();
            List<RecordedEvents.Timed> collections = new ArrayList<>();
            List<RecordedEvents.Timed> compilations = new ArrayList<>();
            for (RecordedEvent event : RecordingFile.readAllEvents(recording)) {
                String name = event.getEventType().getName();
                if (name.equals(EVENT)) {
                    pinned.add(new PinnedEvent(event.getDuration().toNanos() / 1e6, frames(event.getStackTrace())));
                } else if (name.equals(GC_EVENT)) {
                    collections.add(new RecordedEvents.Timed(event.getStartTime(),
                            event.getDuration("sumOfPauses").toNanos() / 1e6));
                } else if (name.equals(COMPILATION_EVENT)) {
                    compilations.add(new RecordedEvents.Timed(event.getStartTime(),
                            event.getDuration().toNanos() / 1e6));
                }
            }
            return Optional.of(new Pinning(pinned, new RecordedEvents(collections, compilations)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Frames written {@code class.method:line}, top first; JFR keeps no file names. */
    static List<String> frames(RecordedStackTrace stack) {
        if (stack == null) {
            return List.of();
        }
        return stack.getFrames().stream().map(PinningRecording::frame).toList();
    }

    private static String frame(RecordedFrame frame) {
        String method = withoutHiddenSuffix(frame.getMethod().getType().getName()) + "." + frame.getMethod().getName();
        return frame.getLineNumber() > 0 ? method + ":" + frame.getLineNumber() : method;
    }

    /**
     * A hidden class's name without the address the JVM gave it ({@code Outer$Lambda+0x0000…/123}
     * on JDK 21, {@code Outer$Init.0x0000…} on JDK 25, as JFR spells them), so that the same code
     * in classes defined again and again (lambdas, per-request hidden classes) is one pinning site.
     */
    static String withoutHiddenSuffix(String className) {
        return HIDDEN_SUFFIX.matcher(className).replaceFirst("");
    }

    /** Written when missing or different: an earlier lab's settings left in a reused folder would record less. */
    private static void writeSettingsOnce(Path settings) {
        try (InputStream in = PinningRecording.class.getResourceAsStream(SETTINGS_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(SETTINGS_RESOURCE + " is missing from the lab's resources");
            }
            byte[] wanted = in.readAllBytes();
            if (Files.isRegularFile(settings) && Arrays.equals(Files.readAllBytes(settings), wanted)) {
                return;
            }
            Files.createDirectories(settings.toAbsolutePath().getParent());
            Path partial = Files.createTempFile(settings.toAbsolutePath().getParent(), "pinning", ".jfc.tmp");
            Files.write(partial, wanted);
            Files.move(partial, settings, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + settings, e);
        }
    }
}
