package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code loomlab compare} as a build gate: 0 when nothing regressed, 1 when something did, 2 for bad input. */
class CompareCommandTest {
    @TempDir
    Path dir;

    private Path before;
    private Path after;

    @BeforeEach
    void writeRuns() throws Exception {
        before = write("a", run(400, 390, 410, 55));
        after = write("b", run(340, 330, 350, 58));
        Files.createDirectories(dir.resolve("other"));
        Files.writeString(dir.resolve("other").resolve("results.json"), """
                {"schema": "loomlab.results/5", "experiments": [{"name": "x", "arms": [{"name": "y",
                 "key": {"server": null, "mode": "y", "mode_kind": "word", "threads": null, "users": null, "pool": null, "jdk": null, "params": {}},
                 "throughput_rps": 1}]}]}""");
        Files.writeString(dir.resolve("broken.json"), "{\"schema\": \"loomlab.results/5\", ");
    }

    @Test
    void aRunComparedWithItselfHasNoRegression() {
        CliRun run = CliRun.of("compare", before.toString(), before.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("1 arm(s) compared by throughput_rps (higher is better), threshold 10%:"
                + " no regression."), run.out());
    }

    @Test
    void aThroughputDropBeyondTheThresholdFailsTheGate() {
        CliRun run = CliRun.of("compare", before.toString(), after.toString());
        assertEquals(1, run.exitCode(), run.out());
        assertTrue(run.out().contains("-15.0%"), run.out());
        assertTrue(run.out().contains("regressed"), run.out());
        assertTrue(run.out().contains("yes"), "beyond the spread of the repeats: " + run.out());
    }

    @Test
    void theThresholdAndTheMetricAreChosen() {
        assertEquals(0, CliRun.of("compare", before.toString(), after.toString(), "--threshold", "20").exitCode());
        CliRun p99 = CliRun.of("compare", before.toString(), after.toString(), "--metric", "p99");
        assertEquals(0, p99.exitCode(), p99.out());
        assertTrue(p99.out().contains("+5.5%"), p99.out());
        assertEquals(1, CliRun.of("compare", before.toString(), after.toString(), "--metric", "p99",
                "--threshold", "5").exitCode());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "missing                  | nope.json: no such file or run folder",
            "corrupt                  | broken.json is not valid JSON",
            "nothing-in-common        | the two runs have no arm in common",
            "metric                   | unknown metric 'rps'; choose from: throughput_rps, p99, elapsed_s, capacity_rps",
            "threshold                | --threshold 'lots' is not a number of percent",
            "negative-threshold       | --threshold '-3' must be zero or a positive number of percent",
            "one-run                  | Missing required parameter: 'B'",
    })
    void badInputGetsOneLineAndExitCode2(String kind, String expected) {
        String a = before.toString();
        String[] args = switch (kind) {
            case "missing" -> new String[] {"compare", a, dir.resolve("nope.json").toString()};
            case "corrupt" -> new String[] {"compare", a, dir.resolve("broken.json").toString()};
            case "nothing-in-common" -> new String[] {"compare", a, dir.resolve("other").toString()};
            case "metric" -> new String[] {"compare", a, a, "--metric", "rps"};
            case "threshold" -> new String[] {"compare", a, a, "--threshold", "lots"};
            case "negative-threshold" -> new String[] {"compare", a, a, "--threshold", "-3"};
            default -> new String[] {"compare", a};
        };
        CliRun run = CliRun.of(args);
        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().contains(expected), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
        assertFalse(run.err().contains("\tat "), run.err());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "run --sweep threads=1,2                      | --sweep: unknown parameter 'threads'; choose from: users, pool, delay",
            "run --sweep users=0,10                       | --sweep users: 0 is not a whole number from 1 to 10000",
            "run --sweep users                            | --sweep takes PARAMETER=V1,V2,...",
            "run service-to-service --sweep pool=1,x      | --sweep pool: 'x' is not a whole number",
            "run --repeat 0                               | '0' must be a whole number from 1",
    })
    void badSweepsAndRepeatsGetOneLineBeforeAnythingRuns(String args, String expected) {
        CliRun.ofLine(args).assertRefused(expected);
    }

    private Path write(String name, String json) throws Exception {
        Path folder = Files.createDirectories(dir.resolve(name));
        Files.writeString(folder.resolve("results.json"), json);
        return folder;
    }

    private static String run(double throughput, double low, double high, double p99) {
        return """
                {"schema": "loomlab.results/5", "experiments": [{"name": "service-to-service", "arms": [
                  {"name": "virtual, 20 users", "throughput_rps": %s,
                   "key": {"server": "loomcat", "mode": "virtual", "mode_kind": "executor", "threads": "virtual", "users": 20, "pool": null, "jdk": 25, "params": {}}, "elapsed_s": 5.0, "latency_ms": {"p99": %s},
                   "repeats": {"runs": 3, "throughput_rps": {"median": %s, "min": %s, "max": %s}}}]}]}
                """.formatted(throughput, p99, throughput, low, high);
    }
}
