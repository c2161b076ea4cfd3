package loomlab.lab.database;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import loomlab.lab.process.ProcessSupervisor;

/** Runs the PostgreSQL tools to completion, output appended to one log, with a time limit. */
final class Commands {
    private Commands() {
    }

    /** Runs {@code command} in {@code directory}; returns its exit code, or fails with the log's last line. */
    static int run(List<String> command, Path directory, Path log, Duration limit) throws DatabaseUnavailable {
        String name = Path.of(programOf(command)).getFileName().toString();
        Process process;
        try {
            process = ProcessSupervisor.startCommand(command, builder -> builder
                    .directory(directory.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))));
        } catch (IOException e) {
            throw new DatabaseUnavailable("cannot run " + name, e);
        }
        try {
            if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new DatabaseUnavailable(name + " did not finish within " + limit.toSeconds() + " s");
            }
            return process.exitValue();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new DatabaseUnavailable("interrupted while " + name + " ran");
        }
    }

    /** Like {@link #run} but a non-zero exit is a failure, explained by the last line of the log. */
    static void require(String what, List<String> command, Path directory, Path log, Duration limit)
            throws DatabaseUnavailable {
        int exit = run(command, directory, log, limit);
        if (exit != 0) {
            throw new DatabaseUnavailable(what + " failed (exit " + exit + "): " + lastLine(log));
        }
    }

    static String lastLine(Path log) {
        try {
            List<String> lines = Files.readAllLines(log).stream().filter(line -> !line.isBlank()).toList();
            return lines.isEmpty() ? "no output" : lines.getLast().strip();
        } catch (IOException e) {
            return "no log";
        }
    }

    /** The PostgreSQL program in a command line that may start with an account switch. */
    private static String programOf(List<String> command) {
        return command.stream().filter(part -> part.startsWith("/")).findFirst().orElse(command.getFirst());
    }
}
