package loomlab.lab.process;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A process the lab started, with its output in a log file. Closing it stops it and everything it
 * started, politely first (SIGTERM), then by force.
 */
public final class ChildProcess implements AutoCloseable {
    private static final Duration POLITE_STOP = Duration.ofSeconds(5);
    private static final Duration SAYS_DONE_POLL = Duration.ofMillis(5);

    private final String label;
    private final Process process;
    private final Path log;
    private final Runnable onClose;

    ChildProcess(String label, Process process, Path log, Runnable onClose) {
        this.label = label;
        this.process = process;
        this.log = log;
        this.onClose = onClose;
    }

    public String label() {
        return label;
    }

    public long pid() {
        return process.pid();
    }

    public Path log() {
        return log;
    }

    public boolean alive() {
        return process.isAlive();
    }

    /**
     * Waits until the log shows a line matching {@code pattern} and returns the match; throws
     * {@link ChildDied} with the log's tail when the process ends first or the time runs out.
     */
    public Matcher awaitLine(Pattern pattern, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Matcher found = pattern.matcher(readLog());
            if (found.find()) {
                return found;
            }
            if (!process.isAlive()) {
                throw new ChildDied(label + " exited with code " + process.exitValue() + " before it was ready; "
                        + tailMessage());
            }
            if (System.nanoTime() > deadline) {
                throw new ChildDied(label + " was not ready within " + timeout.toSeconds() + " s; " + tailMessage());
            }
            Thread.sleep(20);
        }
    }

    /** Waits for the process to end by itself; returns false when it was still running at the deadline. */
    public boolean waitFor(Duration timeout) throws InterruptedException {
        return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    public int exitCode() {
        return process.exitValue();
    }

    /** The whole log: for programs whose output is their result. */
    public String readLog() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    public String logTail(int lines) {
        List<String> all = readLog().lines().toList();
        return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    }

    /** Throws {@link ChildDied} with the log's tail when the process is no longer running. */
    public void requireAlive() {
        if (!process.isAlive()) {
            throw new ChildDied(label + " died (exit code " + process.exitValue() + "); " + tailMessage());
        }
    }

    private String tailMessage() {
        return "last lines of " + log + ":\n" + logTail(15).indent(4).stripTrailing();
    }

    @Override
    public void close() {
        try {
            stop(process.toHandle());
        } finally {
            onClose.run();
        }
    }

    /**
     * Stops the process as {@link #close} does, but by force as soon as its log shows a line that
     * matches {@code last} after the SIGTERM: for a JVM whose shutdown hooks say that what the lab
     * reads from it is written (its flight recording). HotSpot would otherwise wait up to 300 ms more
     * for its threads blocked in native code before exiting. A process that never says so exits as
     * with {@link #close}.
     */
    public void closeOnceLogged(Pattern last) {
        try {
            long logged = logSize();
            stop(process.toHandle(), POLITE_STOP, () -> last.matcher(logSince(logged)).find());
        } finally {
            onClose.run();
        }
    }

    private long logSize() {
        try {
            return Files.size(log);
        } catch (IOException e) {
            return 0;
        }
    }

    /** What the log gained after its first {@code from} bytes. */
    private String logSince(long from) {
        try (SeekableByteChannel channel = Files.newByteChannel(log)) {
            long size = channel.size();
            if (size <= from) {
                return "";
            }
            ByteBuffer added = ByteBuffer.allocate((int) Math.min(size - from, Integer.MAX_VALUE - 8));
            channel.position(from);
            while (added.hasRemaining() && channel.read(added) > 0) {
                // reads until the buffer is full or the file ends
            }
            return new String(added.array(), 0, added.position(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    /**
     * Stops the process at once (SIGKILL) and the processes it started, for one with nothing left to
     * write as it exits; {@link #close} still follows, and finds it gone. A connection server's
     * thousands of platform threads, ending together as its client's connections close, can hold a
     * SIGTERM off past the polite stop (docs/measurements.md, "Start-up: what an arm's start and stop
     * cost").
     */
    public void kill() {
        stop(process.toHandle(), Duration.ZERO, null);
    }

    static void stop(ProcessHandle handle) {
        stop(handle, POLITE_STOP, null);
    }

    /**
     * SIGTERM, SIGKILL when it has not ended within {@code polite} (at once for zero) or as soon as
     * {@code saysDone} (when not null) is true, then its descendants.
     */
    private static void stop(ProcessHandle handle, Duration polite, BooleanSupplier saysDone) {
        List<ProcessHandle> descendants = handle.descendants().toList();
        boolean interrupted = false;
        if (!polite.isZero()) {
            handle.destroy();
            if (saysDone == null) {
                try {
                    handle.onExit().get(polite.toMillis(), TimeUnit.MILLISECONDS);
                } catch (Exception notYet) {
                    // not ended within the polite stop (or interrupted): ended by force below
                }
            } else {
                interrupted = awaitExitOrDone(handle, polite, saysDone);
            }
        }
        handle.destroyForcibly();
        descendants.forEach(ProcessHandle::destroyForcibly);
        removeAttachSockets(Stream.concat(Stream.of(handle), descendants.stream()).toList());
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits until the process ends, says it is done, or {@code limit} passes; true when interrupted. */
    private static boolean awaitExitOrDone(ProcessHandle handle, Duration limit, BooleanSupplier saysDone) {
        long deadline = System.nanoTime() + limit.toNanos();
        try {
            while (handle.isAlive() && System.nanoTime() < deadline && !saysDone.getAsBoolean()) {
                Thread.sleep(SAYS_DONE_POLL.toMillis());
            }
            return false;
        } catch (InterruptedException e) {
            return true;
        }
    }

    /**
     * A JVM that jcmd attached to (the watchdog's thread dumps) listens on {@code /tmp/.java_pid<pid>} and
     * deletes it as it exits; one stopped by force cannot, and would leave it in /tmp. Each is deleted
     * once its process is gone (one still alive after a second keeps its own).
     */
    public static void removeAttachSockets(List<ProcessHandle> stopped) {
        for (ProcessHandle process : stopped) {
            try {
                process.onExit().get(1, TimeUnit.SECONDS);
                Files.deleteIfExists(attachSocket(process.pid()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (Exception stillThereOrUnreadable) {
                // alive after its SIGKILL's second, or the file could not be deleted: leave it
            }
        }
    }

    /** Where HotSpot's attach listener listens on Linux: the system's /tmp, whatever java.io.tmpdir says. */
    static Path attachSocket(long pid) {
        return Path.of("/tmp", ".java_pid" + pid);
    }
}
