package loomlab.lab.diagnose;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import loomlab.lab.process.ProcessSupervisor;

/**
 * The target JVM's own {@code jcmd}, each call bounded so that a JVM too far gone to answer never holds
 * the diagnosis, and each call kept in order: the list is exactly what the lab did to the JVM.
 */
final class TargetJcmd {
    static final Duration LIMIT = Duration.ofSeconds(15);

    private final Path jcmd;
    private final long pid;
    private final List<String> calls = Collections.synchronizedList(new ArrayList<>());

    TargetJcmd(Path jcmd, long pid) {
        this.jcmd = jcmd;
        this.pid = pid;
    }

    Path path() {
        return jcmd;
    }

    long pid() {
        return pid;
    }

    /** What jcmd printed (its first line, {@code PID:}, dropped) and whether it succeeded. */
    record Result(String output, String problem) {
        boolean ok() {
            return problem == null;
        }
    }

    /** One command, bounded; the problem says what went wrong in one line. */
    Result run(String... command) throws InterruptedException {
        return run(false, command);
    }

    /** The same for a command that undoes what the lab did (JFR.stop): it runs while the lab stops too. */
    Result undo(String... command) throws InterruptedException {
        return run(true, command);
    }

    private Result run(boolean undo, String... command) throws InterruptedException {
        List<String> words = new ArrayList<>(List.of(jcmd.toString(), Long.toString(pid)));
        words.addAll(List.of(command));
        calls.add("jcmd " + pid + " " + String.join(" ", command));
        // Into a file, not a pipe: a pipe holds 64 KiB, and jcmd blocks on a full one until it is read, so a
        // Thread.print of a grown pool (200 threads) never ended within the limit while it waited unread.
        Path written;
        Process process;
        try {
            written = Files.createTempFile("loomlab-jcmd-", ".txt");
        } catch (IOException e) {
            return new Result("", "cannot make a file for jcmd's output: " + e.getMessage());
        }
        try {
            UnaryOperator<ProcessBuilder> settings = builder -> builder.redirectErrorStream(true)
                    .redirectOutput(written.toFile());
            process = undo ? ProcessSupervisor.startUndo(words, settings)
                    : ProcessSupervisor.startCommand(words, settings);
        } catch (IOException e) {
            deleteQuietly(written);
            return new Result("", "cannot run " + jcmd + ": " + e.getMessage());
        }
        try {
            process.getOutputStream().close();
            if (!process.waitFor(LIMIT.toSeconds(), TimeUnit.SECONDS)) {
                return new Result("", "jcmd " + String.join(" ", command) + " did not answer within "
                        + LIMIT.toSeconds() + " s");
            }
            String output = new String(Files.readAllBytes(written), StandardCharsets.UTF_8);
            String body = output.replaceFirst("^" + pid + ":\\R", "");
            if (process.exitValue() != 0 || body.contains("Exception") && body.lines().count() <= 3) {
                return new Result(body, lastLine(body, "jcmd exited with " + process.exitValue()));
            }
            return new Result(body, null);
        } catch (IOException e) {
            return new Result("", "jcmd " + String.join(" ", command) + ": " + e.getMessage());
        } finally {
            process.destroyForcibly();
            deleteQuietly(written);
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a few bytes left in the temporary folder
        }
    }

    /** Every call so far, as {@code jcmd PID COMMAND ...}. */
    List<String> calls() {
        synchronized (calls) {
            return List.copyOf(calls);
        }
    }

    private static String lastLine(String output, String otherwise) {
        return output.lines().map(String::strip).filter(l -> !l.isEmpty()).reduce((a, b) -> b).orElse(otherwise);
    }
}
