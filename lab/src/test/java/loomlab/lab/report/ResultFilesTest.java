package loomlab.lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultFilesTest {
    @TempDir
    Path dir;

    @Test
    void writesEveryFormatAndLeavesNoTemporaryFiles() throws Exception {
        ResultFiles.standard().write(FixedRun.run(), dir.resolve("run"));
        try (Stream<Path> files = Files.list(dir.resolve("run"))) {
            assertEquals(List.of("report.html", "results.json", "summary.md"),
                    files.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void resultsJsonHasTheDocumentedKeys() throws Exception {
        ResultFiles.standard().write(FixedRun.run(), dir);
        JsonNode root = Json.mapper().readTree(dir.resolve("results.json").toFile());
        JsonNode arm = root.get("experiments").get(0).get("arms").get(3);
        for (String key : List.of("name", "mode", "users", "requests", "throughput_rps", "latency_ms", "errors",
                "bound_rps", "efficiency")) {
            assertTrue(arm.has(key), key);
        }
        for (String key : List.of("mean", "p50", "p90", "p99", "p999", "max")) {
            assertTrue(arm.get("latency_ms").has(key), key);
        }
        assertEquals("virtual", arm.get("mode").asText());
        assertEquals(2, arm.get("errors").asLong());
        JsonNode countArm = root.get("experiments").get(1).get("arms").get(0);
        assertEquals(6.0, countArm.get("bound_elapsed_s").asDouble(), 1e-9);
        assertEquals(6.1, countArm.get("elapsed_s").asDouble(), 1e-9);
        for (String key : List.of("jdk", "cores", "os", "lab_jvm_flags", "server_jvm_flags", "git_commit")) {
            assertTrue(root.get("environment").has(key), key);
        }
    }

    @Test
    void rewritingReplacesTheFileWhole() throws Exception {
        Path target = dir.resolve("x.txt");
        ResultFiles.writeAtomically(target, "first, longer text");
        ResultFiles.writeAtomically(target, "second");
        assertEquals("second", Files.readString(target));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(1, files.count());
        }
    }
}
