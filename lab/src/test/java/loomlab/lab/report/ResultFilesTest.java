package loomlab.lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.DistributedLoad;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.HttpMeasurement;
import loomlab.core.result.ExperimentResult;
import loomlab.core.result.RunResult;
import loomlab.lab.report.files.ResultFiles;
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
        assertEquals(3.0, countArm.get("bound_elapsed_s").asDouble(), 1e-9);
        assertEquals(3.05, countArm.get("elapsed_s").asDouble(), 1e-9);
        for (String key : List.of("jdk", "cores", "os", "lab_jvm_flags", "server_jvm_flags", "git_commit")) {
            assertTrue(root.get("environment").has(key), key);
        }
    }

    @Test
    void anArmMeasuredByLocustRecordsItsWorkersAndHowLocustDiffers() throws Exception {
        RunResult fixed = FixedRun.run();
        ExperimentResult first = fixed.experiments().getFirst();
        HttpArmResult lab = (HttpArmResult) first.arms().getFirst();
        HttpMeasurement m = lab.measured();
        DistributedLoad workers = new DistributedLoad(2, List.of(
                new DistributedLoad.WorkerLoad("local-1", "lab-host", 49, 0, 5.01, 0.2, true),
                new DistributedLoad.WorkerLoad("web-1", "web-1", 49, 1, 5.02, null, false)), "Locust differs.");
        HttpMeasurement locust = new HttpMeasurement(m.requests(), m.elapsedS(), m.throughputRps(), m.latencyMs(),
                m.uncorrectedLatencyMs(), m.errorsByKind(), m.warmupRequests(), 0, m.generator(), List.of(), "locust",
                m.loadModel(), workers);
        List<ArmResult> arms = new java.util.ArrayList<>(first.arms());
        arms.set(0, new HttpArmResult(lab.key(), lab.load(), locust, lab.check(), lab.server(), lab.extras()));
        RunResult run = new RunResult(fixed.schema(), fixed.startedAt(), fixed.elapsedS(), fixed.command(),
                fixed.profile(), fixed.environment(), List.of(new ExperimentResult(first.name(), first.summary(),
                first.question(), first.profile(), arms, first.findings(), first.ranking())));
        ResultFiles.standard().write(run, dir);
        JsonNode arm = Json.mapper().readTree(dir.resolve("results.json").toFile()).get("experiments").get(0)
                .get("arms").get(0);
        assertEquals("locust", arm.get("engine").asText());
        assertEquals(2, arm.get("workers").asInt());
        assertEquals("web-1", arm.get("per_worker").get(1).get("name").asText());
        assertEquals(49, arm.get("per_worker").get(1).get("requests").asLong());
        assertTrue(arm.get("per_worker").get(1).get("cpu_s").isNull());
        assertEquals("Locust differs.", arm.get("engine_note").asText());
        JsonNode other = Json.mapper().readTree(dir.resolve("results.json").toFile()).get("experiments").get(0)
                .get("arms").get(1);
        assertTrue(!other.has("workers") && !other.has("per_worker"), "arms of one-process engines keep their keys");
        assertTrue(Files.readString(dir.resolve("summary.md")).contains("measured by locust with 2 worker(s)"));
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
