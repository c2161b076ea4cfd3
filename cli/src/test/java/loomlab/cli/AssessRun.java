package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import loomlab.core.BadInput;
import loomlab.lab.load.locust.LocustInstall;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.report.Json;
import loomlab.lab.report.ResultsSchema;
import org.junit.jupiter.api.Assumptions;

/**
 * {@code loomlab assess} run in-process on the lab's test profile (the shortest that still runs
 * every part), with what it wrote read back, for the assessment's integration tests.
 */
record AssessRun(CliRun cli, Path out, JsonNode results) {
    static final Path SPRING = CliProcess.HOME.resolve("servers/spring/target/spring.jar");
    static final Path LOOMCAT = CliProcess.HOME.resolve("servers/loomcat/target/loomcat.jar");
    static final Path QUARKUS = CliProcess.HOME.resolve("servers/quarkus/target/quarkus-app/quarkus-run.jar");

    static void requireBuilt(Path artefact) {
        assumeTrue(Files.isRegularFile(artefact), artefact + " is not built: ./mvnw -DskipTests package");
    }

    /** Locust installed in the lab's own folder, as a run would; the test skips with pip's reason when it cannot be. */
    static void requireLocust() throws InterruptedException {
        try {
            new LocustInstall(CliProcess.HOME).ensure(new PrintStream(OutputStream.nullOutputStream()),
                    new ProcessSupervisor());
        } catch (BadInput missing) {
            Assumptions.abort(missing.getMessage());
        }
    }

    static AssessRun of(Path out, String... args) throws IOException {
        return withProperties(Map.of(AssessCommand.TEST_PROFILE_PROPERTY, "true"), out, args);
    }

    /**
     * The same with {@code steps} search steps: a test that asserts one arm led needs the ramp to
     * reach past the other's bracket, which three steps from a low start (a loaded machine's curve)
     * may not.
     */
    static AssessRun withSearchSteps(int steps, Path out, String... args) throws IOException {
        return withProperties(Map.of(AssessCommand.TEST_PROFILE_PROPERTY, "true", AssessCommand.TEST_STEPS_PROPERTY,
                Integer.toString(steps)), out, args);
    }

    private static AssessRun withProperties(Map<String, String> properties, Path out, String... args)
            throws IOException {
        List<String> all = new ArrayList<>(List.of("assess"));
        all.addAll(List.of(args));
        all.addAll(List.of("--out", out.toString()));
        // assess runs on JDK 21 and 25 unless told otherwise; these tests ask for both only where they mean it.
        boolean reachesJdks = all.contains("--jar") || all.stream().anyMatch(a -> a.contains("{java}"));
        if (reachesJdks && !all.contains("--jdk")) {
            all.addAll(List.of("--jdk", "25"));
        }
        Map<String, String> before = new HashMap<>();
        properties.keySet().forEach(key -> before.put(key, System.getProperty(key)));
        properties.forEach(System::setProperty);
        CliRun cli;
        try {
            cli = CliRun.of(all.toArray(String[]::new));
        } finally {
            before.forEach((key, value) -> {
                if (value == null) {
                    System.clearProperty(key);
                } else {
                    System.setProperty(key, value);
                }
            });
        }
        Path results = out.resolve("results.json");
        JsonNode json = null;
        if (Files.isRegularFile(results)) {
            ResultsSchema.assertValid(results);
            json = Json.mapper().readTree(results.toFile());
        }
        return new AssessRun(cli, out, json);
    }

    JsonNode arms() {
        JsonNode experiment = results.path("experiments").get(0);
        assertEquals("assess", experiment.path("name").asText());
        return experiment.path("arms");
    }

    JsonNode arm(String mode) {
        for (JsonNode arm : arms()) {
            if (arm.path("mode").asText().equals(mode)) {
                return arm;
            }
        }
        throw new AssertionError("no arm " + mode + " in " + arms());
    }

    /** The arm of that mode on the JDK whose runtime version starts with {@code jdk}, e.g. {@code 21.}. */
    JsonNode arm(String mode, String jdk) {
        for (JsonNode arm : arms()) {
            if (arm.path("mode").asText().equals(mode) && arm.path("jdk").asText().startsWith(jdk)) {
                return arm;
            }
        }
        throw new AssertionError("no arm " + mode + " on JDK " + jdk + " in " + arms());
    }

    String headline() {
        return results.path("experiments").get(0).path("headline").asText();
    }

    String verdict() {
        return results.path("experiments").get(0).path("verdict").asText();
    }

    /** Nothing the assessment started is left: no supervised child, no descendant running a server's jar. */
    static void nothingLeftBehind() {
        assertEquals(0, ProcessSupervisor.liveCount(), "supervised children");
        List<String> left = ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .map(p -> p.info().commandLine().orElse("")).filter(c -> c.contains(".jar")).toList();
        assertTrue(left.isEmpty(), "left running: " + left);
    }
}
