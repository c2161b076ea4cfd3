package loomlab.lab.diagnose;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import loomlab.lab.jfr.PinningRecording;

/**
 * A flight recording of {@code jdk.VirtualThreadPinned} in the target for the diagnosis window, started
 * and stopped with the target's jcmd under a name of the lab's own: only that event (settings
 * {@code none}), at the JDK's own threshold of 20 ms so that a recording the target already runs with
 * the JDK's settings records nothing it would not have, kept in memory ({@code disk=false}). Stopping it
 * writes it to a file and removes it from the JVM; if the lab is interrupted first, a shutdown hook stops
 * and discards it, so the target is left running no recording of the lab's.
 */
final class PinnedRecording implements AutoCloseable {
    static final double THRESHOLD_MS = 20;

    private final TargetJcmd jcmd;
    private final String name;
    private final Thread hook;
    private boolean running;

    private PinnedRecording(TargetJcmd jcmd, String name) {
        this.jcmd = jcmd;
        this.name = name;
        this.hook = new Thread(this::discard, "loomlab-diagnose-stop-recording");
    }

    /** Started, or why not (JFR disabled in the target, a JVM that did not answer). */
    static Started start(TargetJcmd jcmd, String name) throws InterruptedException {
        PinnedRecording recording = new PinnedRecording(jcmd, name);
        // Registered before the start, so that an interrupt between the two still stops it.
        Runtime.getRuntime().addShutdownHook(recording.hook);
        recording.running = true;
        TargetJcmd.Result result = jcmd.run("JFR.start", "name=" + name, "settings=none", "disk=false",
                "+" + PinningRecording.EVENT + "#enabled=true", "+" + PinningRecording.EVENT + "#stackTrace=true",
                "+" + PinningRecording.EVENT + "#threshold=" + (int) THRESHOLD_MS + "ms");
        if (!result.ok() || !result.output().contains("Started recording")) {
            recording.running = false;
            recording.removeHook();
            return new Started(null, "JFR.start failed: " + (result.ok() ? lastLine(result.output()) : result.problem()));
        }
        return new Started(recording, null);
    }

    record Started(PinnedRecording recording, String problem) {
    }

    String name() {
        return name;
    }

    /** Stops the recording, written to {@code file} (by the target, so the path must be one it can write). */
    Optional<String> stopInto(Path file) throws InterruptedException {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            return Optional.of("cannot replace " + file + ": " + e.getMessage());
        }
        TargetJcmd.Result result = jcmd.run("JFR.stop", "name=" + name, "filename=" + file.toAbsolutePath());
        running = !result.ok() && !result.output().contains("Stopped recording");
        if (running) {
            discard();
        }
        removeHook();
        if (!result.ok()) {
            return Optional.of("JFR.stop failed: " + result.problem());
        }
        return Files.isRegularFile(file) ? Optional.empty()
                : Optional.of("JFR.stop wrote no file: " + lastLine(result.output()));
    }

    /** Stops it without a file: on interrupt, or when stopping into one failed. */
    private synchronized void discard() {
        if (!running) {
            return;
        }
        running = false;
        try {
            jcmd.undo("JFR.stop", "name=" + name);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        discard();
        removeHook();
    }

    private void removeHook() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook is running or has run
        }
    }

    private static String lastLine(String output) {
        return output.lines().map(String::strip).filter(l -> !l.isEmpty()).reduce((a, b) -> b).orElse("");
    }
}
