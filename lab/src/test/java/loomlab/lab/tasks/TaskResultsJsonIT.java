package loomlab.lab.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmMode;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.TaskArmPlan;
import loomlab.core.arm.TaskProgram;
import loomlab.core.experiment.Experiment;
import loomlab.core.experiment.Profile;
import loomlab.core.finding.Finding;
import loomlab.core.result.Environment;
import loomlab.lab.process.JavaLauncher;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.report.ResultsSchema;
import loomlab.lab.report.files.ResultFiles;
import loomlab.lab.run.ArmRunners;
import loomlab.lab.run.ExperimentRunner;
import loomlab.lab.run.RunContext;
import loomlab.lab.servers.Servers;
import loomlab.threads.Threads;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The keys issue 3 promises in results.json, read back from a file the runner wrote after tiny
 * real runs of every task program, one child JVM per arm.
 */
class TaskResultsJsonIT {
    private static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    static Path out;

    private static JsonNode results;

    /** Stands for an experiment of the lab with its arms made tiny; the verdict is not under test. */
    private record Tiny(String name, List<ArmPlan> arms) implements Experiment {
        @Override
        public String question() {
            return "a stand-in's question";
        }

        @Override
        public String summary() {
            return "tiny arms of " + name;
        }

        @Override
        public List<ArmPlan> plan(Profile profile) {
            return arms;
        }

        @Override
        public List<Finding> findings(List<ArmResult> ran) {
            return List.of();
        }
    }

    @BeforeAll
    static void runTinyArmsAndReadResultsJson() throws Exception {
        JavaLauncher launcher = new JavaLauncher(HOME, Path.of(System.getProperty("java.home"), "bin", "java"));
        ProcessSupervisor processes = new ProcessSupervisor();
        RunContext context = new RunContext(Profile.QUICK, out, launcher, processes,
                Servers.standard(launcher, processes), new PrintStream(OutputStream.nullOutputStream()), false);
        List<Experiment> experiments = List.of(
                new Tiny("fairness", List.of(
                        arm(TaskProgram.FAIRNESS, ArmMode.named("platform", Threads.PLATFORM), List.of(), "--mode", "platform", "--heavy-tasks", "20",
                                "--light-tasks", "20", "--rounds", "1"),
                        arm(TaskProgram.FAIRNESS, ArmMode.named("virtual-offload", Threads.VIRTUAL), List.of(), "--mode", "virtual-offload",
                                "--heavy-tasks", "20", "--light-tasks", "20", "--rounds", "1"))),
                new Tiny("task-throughput", List.of(arm(TaskProgram.TASK_THROUGHPUT, ArmMode.named("virtual", Threads.VIRTUAL), List.of(),
                        "--executor", "virtual", "--tasks", "200", "--sleep-ms", "10"))),
                new Tiny("thread-limit", List.of(arm(TaskProgram.THREAD_LIMIT, ArmMode.named("platform", Threads.PLATFORM), List.of("-Xmx64m"),
                        "--threads", "platform", "--cap", "100"))),
                new Tiny("structured-concurrency", List.of(
                        arm(TaskProgram.STRUCTURED_CONCURRENCY, ArmMode.named("scope", Threads.VIRTUAL), List.of(), "--cases", "inventory-fails",
                                "--styles", "scope", "--slow-ms", "300", "--fail-ms", "10"),
                        arm(TaskProgram.STRUCTURED_CONCURRENCY, ArmMode.named("executor", Threads.PLATFORM), List.of(), "--cases", "inventory-fails",
                                "--styles", "executor", "--slow-ms", "300", "--fail-ms", "10"))));
        Environment environment = new Environment("25", "vendor", "vm", 2, 1024, "Linux", "amd64", "host", List.of(),
                List.of(), List.of(), null, null, "lab");
        new ExperimentRunner(new ArmRunners().register(loomlab.core.arm.TaskArmPlan.class,
                new loomlab.lab.tasks.TaskArmRunner()), ResultFiles.standard()).run(experiments, context, environment,
                "tiny task arms");
        ResultsSchema.assertValid(out.resolve("results.json"));
        results = new ObjectMapper().readTree(Files.readString(out.resolve("results.json")));
    }

    @AfterEach
    void nothingIsLeftRunning() {
        assertEquals(0, ProcessSupervisor.liveCount());
    }

    private static TaskArmPlan arm(TaskProgram program, ArmMode mode, List<String> jvmArgs, String... args) {
        return new TaskArmPlan(ArmKey.program(mode).withParam("case",
                loomlab.core.arm.ParamValue.named(program.name().toLowerCase())), program, jvmArgs, List.of(args),
                Duration.ofMinutes(1), null);
    }

    private static List<JsonNode> arms(String experiment) {
        List<JsonNode> arms = new ArrayList<>();
        for (JsonNode node : results.get("experiments")) {
            if (node.get("name").asText().equals(experiment)) {
                node.get("arms").forEach(arms::add);
            }
        }
        assertTrue(!arms.isEmpty(), "no arms of " + experiment + " in " + results);
        return arms;
    }

    private static void assertNumbers(JsonNode arm, String... keys) {
        for (String key : keys) {
            assertTrue(arm.path(key).isNumber(), key + " in " + arm);
        }
    }

    private static Set<String> keys(JsonNode object) {
        Set<String> keys = new java.util.LinkedHashSet<>();
        object.fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    @Test
    void fairnessArmsHaveTheLightDelaySummaryAndWhenTheHeavyTasksWereDoneAndNameTheMitigationInTheirMode() {
        List<JsonNode> arms = arms("fairness");
        assertEquals(List.of("platform", "virtual-offload"), arms.stream().map(a -> a.get("mode").asText()).toList());
        for (JsonNode arm : arms) {
            JsonNode delay = arm.get("light_delay_ms");
            assertEquals(Set.of("sum", "p50", "p99", "max"), keys(delay), arm.toString());
            assertNumbers(delay, "sum", "p50", "p99", "max");
            assertTrue(delay.get("p50").asDouble() <= delay.get("max").asDouble(), delay.toString());
            assertNumbers(arm, "heavy_done_ms");
            assertEquals(20, arm.get("light_delays_recorded").asInt());
        }
    }

    @Test
    void taskThroughputArmsHaveWallTimeFromOutsideBesideTheInProcessTimeCpuAndRss() {
        JsonNode arm = arms("task-throughput").get(0);
        assertEquals("virtual", arm.get("mode").asText());
        assertEquals(200, arm.get("tasks").asInt());
        assertNumbers(arm, "wall_s", "in_process_s", "cpu_user_s", "cpu_sys_s", "peak_rss_mb");
        assertTrue(arm.get("wall_s").asDouble() > arm.get("in_process_s").asDouble(),
                "the process lives longer than its measured loop: " + arm);
    }

    @Test
    void threadLimitArmsHaveTheCountWhatStoppedItAndMemoryPerThread() {
        JsonNode arm = arms("thread-limit").get(0);
        assertEquals(100, arm.get("threads_started").asInt());
        assertEquals("cap", arm.get("stopped_by").asText());
        assertNumbers(arm, "rss_per_thread_kb");
    }

    @Test
    void structuredConcurrencyArmsHaveTheirCaseAndStyleWithTheAnswerTimeCancellationAndLeaks() {
        List<JsonNode> arms = arms("structured-concurrency");
        assertEquals(List.of("scope", "executor"), arms.stream().map(a -> a.get("style").asText()).toList());
        for (JsonNode arm : arms) {
            assertEquals("inventory-fails", arm.get("case").asText(), arm.toString());
            assertNumbers(arm, "answer_ms", "leaked");
            assertTrue(arm.get("sibling_cancelled").isBoolean(), arm.toString());
            assertTrue(!arm.has("case_name"), arm.toString());
        }
        assertTrue(arms.get(0).get("sibling_cancelled").asBoolean(), "the scope cancels the slow order update");
        assertTrue(!arms.get(1).get("sibling_cancelled").asBoolean(), "the closed executor waits for it instead");
    }
}
