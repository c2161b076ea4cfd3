package loomlab.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs the CLI in-process and keeps what it printed and its exit code. */
record CliRun(int exitCode, String out, String err) {
    static CliRun of(String... args) {
        CommandLine cli = LoomLab.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return new CliRun(code, out.toString(), err.toString());
    }

    /** A command line split at its spaces, as a table of bad input writes it. */
    static CliRun ofLine(String line) {
        return of(line.trim().split("\\s+"));
    }

    /** Bad input, refused as the lab refuses it: exit code 2 and one line that says {@code expected}, no stack trace. */
    CliRun assertRefused(String expected) {
        org.junit.jupiter.api.Assertions.assertEquals(2, exitCode, err);
        org.junit.jupiter.api.Assertions.assertTrue(err.contains(expected), err);
        org.junit.jupiter.api.Assertions.assertEquals(1, err.lines().count(), err);
        org.junit.jupiter.api.Assertions.assertFalse(err.contains("\tat "), err);
        return this;
    }
}
