package loomlab.lab.diagnose;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import loomlab.core.arm.DiagnosedJvm;
import loomlab.core.result.Environment;
import loomlab.core.result.RunResult;
import loomlab.lab.report.Json;
import loomlab.lab.report.JsonFormat;
import loomlab.lab.report.MarkdownFormat;
import loomlab.lab.report.ResultsSchema;
import loomlab.lab.report.files.ResultFiles;
import loomlab.lab.report.html.HtmlFormat;
import loomlab.lab.report.verdict.DiagnoseWords;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A diagnosis written by the lab's formats: results.json as its schema says, what broke first in summary.md and report.html. */
class DiagnoseResultsTest {
    private static final Environment ENVIRONMENT = new Environment("25.0.3+9-LTS", "Eclipse Adoptium", "OpenJDK 64-Bit",
            2, 24_000, "Linux", "amd64", "host", List.of(), List.of(), List.of(), "abc123", false,
            DiagnoseResults.NO_LOAD);

    @TempDir
    Path out;

    private RunResult written(String... dumps) throws IOException {
        DiagnoseRun run = new DiagnoseRun(new PrintWriter(java.io.Writer.nullWriter()));
        DiagnosedJvm jvm = run.offline(DiagnoseRun.checkOffline(List.of(dumps).stream().map(Fixtures::dump).toList(),
                null), null);
        RunResult result = DiagnoseResults.of(jvm, "loomlab diagnose " + String.join(" ", dumps), "2026-11-27T00:00:00Z",
                0.5, ENVIRONMENT);
        new ResultFiles(List.of(new JsonFormat(), new MarkdownFormat(), new HtmlFormat())).write(result, out);
        return result;
    }

    @Test
    void aHangIsWrittenAsTheSchemaSaysAndOpensEveryReport() throws IOException {
        RunResult result = written("libraries/jdk21/logback-console-1.json", "libraries/jdk21/logback-console-2.json");
        ResultsSchema.assertValid(out.resolve("results.json"));
        JsonNode experiment = Json.mapper().readTree(out.resolve("results.json").toFile()).path("experiments").get(0);
        String headline = DiagnoseWords.headline((DiagnosedJvm) result.experiments().getFirst().arms().getFirst());
        assertEquals(headline, experiment.path("headline").asText(), "the diagnosis is the verdict's key fact");
        assertTrue(headline.contains(" hung: "), headline);
        String verdict = experiment.path("verdict").asText();
        assertFalse(verdict.contains(headline), "the verdict goes on from its headline: " + verdict);
        assertTrue(verdict.contains("Evidence: "), verdict);
        JsonNode arm = experiment.path("arms").get(0);
        assertEquals("hung", arm.path("stillness").path("verdict").asText());
        assertTrue(arm.path("broke").asBoolean());
        JsonNode fixes = arm.path("found").get(0).path("known_fixes");
        assertTrue(fixes.toString().contains("\"id\":\"logback-lock-under-synchronized\""), fixes.toString());
        String summary = Files.readString(out.resolve("summary.md"));
        assertTrue(summary.indexOf("## What broke") < summary.indexOf("## diagnose"), summary);
        assertTrue(Files.readString(out.resolve("report.html")).contains("<section class=\"broke\">"));
    }

    @Test
    void nothingBrokeIsWrittenTooAndNamesNothingBroken() throws IOException {
        written("libraries/jdk25/logback-console-1.json", "libraries/jdk25/logback-console-2.json");
        ResultsSchema.assertValid(out.resolve("results.json"));
        String summary = Files.readString(out.resolve("summary.md"));
        assertFalse(summary.contains("## What broke"), summary);
        assertTrue(summary.contains("nothing broke"), summary);
        assertFalse(Files.readString(out.resolve("report.html")).contains("<section class=\"broke\">"));
    }
}
