package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import loomlab.lab.report.ResultsSchema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/** {@code loomlab jmh}: its answers to bad input, its wiring to the jmh experiment, and one quick real run. */
class JmhCommandIT {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "jmh --bogus          | Unknown option: '--bogus'",
            "jmh --quick --full   | mutually exclusive",
            "jmh extra            | Unmatched argument",
            "jmh --out            | Missing required parameter for option '--out'",
    })
    void answersBadInputWithOneLineAndExitCode2(String args, String expected) {
        CliRun run = CliRun.of(args.trim().split("\\s+"));
        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().contains(expected), run.err());
        assertTrue(run.err().contains("(see 'loomlab jmh --help')"), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
        assertFalse(run.err().contains("\tat "), run.err());
        assertTrue(run.out().isEmpty(), run.out());
    }

    @Test
    void isListedInTheHelpAndDescribesItsOptions() {
        CliRun top = CliRun.of("--help");
        assertEquals(0, top.exitCode());
        assertTrue(top.out().contains("jmh"), top.out());
        CliRun help = CliRun.of("jmh", "--help");
        assertEquals(0, help.exitCode(), help.err());
        for (String option : List.of("--quick", "--full", "--out=DIR")) {
            assertTrue(help.out().contains(option), help.out());
        }
    }

    @Test
    void runsTheJmhExperimentAsRunJmhWithTheGivenProfileAndFolder() {
        JmhCommand full = parsed("jmh", "--full", "--out", "/tmp/jmh-results");
        RunCommand run = full.asRun();
        assertEquals(List.of("jmh"), run.names);
        assertTrue(run.profileChoice.full);
        assertEquals(Path.of("/tmp/jmh-results"), run.out);

        RunCommand quick = parsed("jmh").asRun();
        assertNull(quick.profileChoice, "no profile named means the quick one, as for run");
        assertNull(quick.out);
    }

    /** One real quick run, with JMH's quick settings, in a JVM of its own. */
    @Test
    void aQuickRunWritesTheResultFilesWithEveryBenchmarkOfTheTable(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        Process cli = CliProcess.start(dir.resolve("cli.log"), "jmh", "--quick", "--out", out.toString());
        try {
            assertTrue(cli.waitFor(5, TimeUnit.MINUTES), "loomlab jmh --quick did not finish");
            assertEquals(0, cli.exitValue(), Files.readString(dir.resolve("cli.log")));
        } finally {
            cli.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
            cli.destroyForcibly();
        }
        for (String file : List.of("results.json", "summary.md", "report.html")) {
            assertTrue(Files.isRegularFile(out.resolve(file)), file);
        }
        ResultsSchema.assertValid(out.resolve("results.json"));
        JsonNode results = new ObjectMapper().readTree(out.resolve("results.json").toFile());
        assertEquals("loomlab jmh --quick --out " + out, results.get("command").asText(), "the command as typed");
        JsonNode experiment = results.get("experiments").get(0);
        assertEquals("jmh", experiment.get("name").asText());
        List<String> names = new ArrayList<>();
        for (JsonNode arm : experiment.get("arms")) {
            names.add(arm.get("name").asText());
            assertTrue(arm.get("throughput_ops_per_s").asDouble() > 0, arm.toString());
            assertEquals(1000, arm.get("tasks").asInt(), arm.toString());
        }
        assertEquals(List.of("per-task, platformThreadPerTask", "cached, platformThreadPool",
                "virtual, virtualThreadPerTask"), names);
    }

    private static JmhCommand parsed(String... args) {
        CommandLine cli = LoomLab.commandLine();
        CommandLine.ParseResult result = cli.parseArgs(args);
        return (JmhCommand) result.subcommand().commandSpec().userObject();
    }
}
