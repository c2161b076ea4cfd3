package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code assess --extracted} on the project's Spring Boot fat jar: each thread model runs again from the
 * jar that Spring Boot's own tool extracts into the arm's scratch folder, side by side with the fat jar's
 * arms, and nothing of the extraction outlives its arm, in the results folder or in /tmp.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class AssessExtractedIT {
    private static final Path TMP = Path.of("/tmp");

    @TempDir
    Path out;

    @Test
    void theExtractedArmsRunFromTheExtractedJarBesideTheFatOnesAndLeaveNothing() throws Exception {
        AssessRun.requireBuilt(AssessRun.SPRING);
        Set<Path> before = entries(TMP);
        // Spring's startup line names the jar the application ran from: the lab's server keeps it quiet unless
        // asked, as here.
        AssessRun run = AssessRun.of(out, "--jar", AssessRun.SPRING.toString(), "--path", "/blocking-ms/50",
                "--pool", "10", "--slo-p99", "300", "--extracted", "--jvm-arg=-Dspring.main.log-startup-info=true",
                "--jvm-arg=-Dlogging.level.loomlab.spring=INFO");
        assertEquals(0, run.cli().exitCode(), run.cli().err());
        assertEquals(4, run.arms().size(), run.arms().toString());

        for (String mode : List.of("platform:10", "virtual")) {
            JsonNode fat = named(run, mode, false);
            JsonNode extracted = named(run, mode, true);
            assertEquals(fat.path("switched_by").path("arguments"), extracted.path("switched_by").path("arguments"),
                    "the same switches: the jar's form is the one difference");
            assertTrue(extracted.path("switched_by").path("notes").toString().contains("the extracted jar"),
                    extracted.path("switched_by").toString());
            assertFalse(fat.path("switched_by").path("notes").toString().contains("the extracted jar"));
            assertTrue(extracted.path("capacity_rps").asDouble() > 0, extracted.toString());
            // Where each ran from, in its own words: the extracted application jar, or the fat jar given.
            String extractedLog = serviceLog(extracted);
            assertTrue(extractedLog.contains("-tmp/extracted/spring.jar started by"), extractedLog);
            String fatLog = serviceLog(fat);
            assertTrue(fatLog.contains(AssessRun.SPRING + " started by"), fatLog);
            assertFalse(fatLog.contains("extracted/spring.jar"));
        }
        List<JsonNode> effects = new ArrayList<>();
        run.results().path("experiments").get(0).path("findings").forEach(f -> {
            if (f.path("kind").asText().equals("ExtractionEffect")) {
                effects.add(f);
            }
        });
        assertEquals(2, effects.size(), "one per thread model");
        assertTrue(run.verdict().contains("The extracted jar (--extracted) on virtual threads"), run.verdict());
        assertFalse(run.verdict().contains("the extracted jar carried more"), "one run names no lead: "
                + run.verdict());

        // The scratch folders went with their services, the extracted jars with them; /tmp holds nothing new of it.
        try (Stream<Path> logs = Files.list(out.resolve("logs"))) {
            List<Path> left = logs.filter(p -> p.getFileName().toString().endsWith("-tmp")).toList();
            assertEquals(List.of(), left, "scratch folders left");
        }
        try (Stream<Path> all = Files.walk(out)) {
            assertEquals(List.of(), all.filter(p -> p.getFileName().toString().equals("spring.jar")).toList(),
                    "no copy of the jar kept in the results folder");
        }
        List<Path> leftInTmp = new ArrayList<>();
        for (Path entry : entries(TMP)) {
            if (!before.contains(entry) && !entry.startsWith(out) && !out.startsWith(entry) && ours(entry)) {
                leftInTmp.add(entry);
            }
        }
        assertEquals(List.of(), leftInTmp, "left in /tmp");
        AssessRun.nothingLeftBehind();
    }

    private static JsonNode named(AssessRun run, String mode, boolean extracted) {
        for (JsonNode arm : run.arms()) {
            if (arm.path("mode").asText().equals(mode) && arm.path("name").asText().contains("extracted") == extracted) {
                return arm;
            }
        }
        throw new AssertionError("no arm " + mode + (extracted ? ", extracted" : "") + " in " + run.arms());
    }

    /** The arm's service log, named as the lab names it: {@code assess-virtual_extracted_JDK_25-service.log}. */
    private String serviceLog(JsonNode arm) throws IOException {
        String stem = ("assess-" + arm.path("name").asText() + "-service").replaceAll("[^A-Za-z0-9._-]+", "_");
        return Files.readString(out.resolve("logs").resolve(stem + ".log"));
    }

    /** What the assessment's services or Spring Boot's tool would write to a temporary folder. */
    private static boolean ours(Path entry) {
        String name = entry.getFileName().toString();
        return name.startsWith("tomcat") || name.contains("extracted") || name.contains("spring");
    }

    private static Set<Path> entries(Path folder) {
        try (Stream<Path> list = Files.list(folder)) {
            return Set.copyOf(list.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
