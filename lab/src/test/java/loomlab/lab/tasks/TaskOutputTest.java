package loomlab.lab.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.DelayMs;
import loomlab.core.arm.FairnessArmResult;
import loomlab.core.arm.HandleOrderArmResult;
import loomlab.core.arm.JmhArmResult;
import loomlab.core.arm.ParamValue;
import loomlab.core.arm.Published;
import loomlab.core.arm.TaskArmPlan;
import loomlab.core.arm.TaskProgram;
import loomlab.core.arm.TaskThroughputArmResult;
import loomlab.threads.Threads;
import org.junit.jupiter.api.Test;

/** Reading programs' output into result records, from fixed text. */
class TaskOutputTest {
    private final ObjectMapper mapper = new ObjectMapper();
    private final TaskArmRunner runner = new TaskArmRunner();

    private static TaskArmPlan plan(TaskProgram program, Published published) {
        return new TaskArmPlan(ArmKey.program(Threads.VIRTUAL).withParam("case", ParamValue.named("arm")), program, List.of(), List.of(), Duration.ofSeconds(1),
                published);
    }

    @Test
    void takesTheLastResultLineAmongJvmWarningsAndFillsTheRecord() throws IOException {
        String log = """
                [0.2s][warning][os,thread] Failed to start thread "Unknown thread"
                {"program":"task-throughput","executor":"virtual","tasks":100,"completed":99,"sleep_ms":10,"floor_s":0.01,\
                "in_process_s":0.5,"submit_s":0.1,"cpu_user_s":null,"cpu_sys_s":0.2,"peak_rss_mb":80.5,"warmup_rounds":0,\
                "note":"x"}
                """;
        ObjectNode figures = TaskOutput.fromLog(TaskProgram.TASK_THROUGHPUT, log, mapper);
        figures.put(TaskArmRunner.WALL_SECONDS, 0.9);
        Published seed = new Published(2.62, "s", "seed");
        TaskThroughputArmResult result = assertInstanceOf(TaskThroughputArmResult.class,
                runner.toResult(plan(TaskProgram.TASK_THROUGHPUT, seed), figures));
        assertEquals(new TaskThroughputArmResult(ArmKey.program(Threads.VIRTUAL).withParam("case", ParamValue.named("arm")), 100, 99, 10, 0.01, 0.9, 0.5, 0.1,
                null, 0.2, 80.5, 0, seed), result);
    }

    @Test
    void readsTheLightDelaySummaryOfFairness() throws IOException {
        String log = "{\"program\":\"fairness\",\"mode\":\"platform\",\"rounds\":5,\"heavy_tasks\":1000,\"light_tasks\":1000,"
                + "\"light_delays_recorded\":5000,\"light_delay_ms\":{\"sum\":560.5,\"p50\":0.09,\"p99\":0.46,\"max\":3.9},"
                + "\"heavy_done_ms\":118.4,\"carrier_parallelism\":2}\n";
        FairnessArmResult result = assertInstanceOf(FairnessArmResult.class,
                runner.toResult(plan(TaskProgram.FAIRNESS, null), TaskOutput.fromLog(TaskProgram.FAIRNESS, log, mapper)));
        assertEquals(new DelayMs(560.5, 0.09, 0.46, 3.9), result.lightDelayMs());
        assertEquals(118.4, result.heavyDoneMs());
        assertEquals(5000, result.lightDelaysRecorded());
        assertNull(result.published());
        assertNull(result.heavyTaskMs(), "an older program's output without the key reads as unknown");
    }

    @Test
    void unwrapsTheSingleHandleOrderResult() throws IOException {
        String log = "{\"program\":\"structured-concurrency\",\"results\":[{\"case\":\"inventory-fails\",\"style\":\"scope\","
                + "\"answer_ms\":101.5,\"outcome\":\"failure\",\"exception\":\"FailedException\",\"cause\":\"SimulatedFailure\","
                + "\"sibling_cancelled\":true,\"subtasks_cancelled\":1,\"leaked\":0,\"inventory\":\"failed\",\"order\":\"cancelled\"}]}";
        HandleOrderArmResult result = assertInstanceOf(HandleOrderArmResult.class, runner.toResult(
                plan(TaskProgram.STRUCTURED_CONCURRENCY, null), TaskOutput.fromLog(TaskProgram.STRUCTURED_CONCURRENCY, log, mapper)));
        assertEquals(new HandleOrderArmResult(ArmKey.program(Threads.VIRTUAL).withParam("case", ParamValue.named("arm")), "inventory-fails", "scope", 101.5,
                "failure",
                "FailedException", "SimulatedFailure", true, 1, 0, "failed", "cancelled"), result);
        assertThrows(IOException.class, () -> TaskOutput.fromLog(TaskProgram.STRUCTURED_CONCURRENCY,
                "{\"program\":\"structured-concurrency\",\"results\":[]}", mapper));
    }

    @Test
    void saysSoWhenThereIsNoResultLine() {
        IOException error = assertThrows(IOException.class, () -> TaskOutput.fromLog(TaskProgram.FAIRNESS,
                "Exception in thread \"main\" java.lang.OutOfMemoryError\n", mapper));
        assertEquals("no result line in the program's output", error.getMessage());
    }

    @Test
    void readsBothModesOfAJmhResultsFile() throws IOException {
        String json = """
                [{"benchmark":"loomlab.jmh.LoomBenchmark.virtualThreadPerTask","mode":"thrpt","threads":2,
                  "params":{"sleepMs":"100","tasks":"1000"},
                  "primaryMetric":{"score":19.2,"scoreError":"NaN","scoreUnit":"ops/s"}},
                 {"benchmark":"loomlab.jmh.LoomBenchmark.virtualThreadPerTask","mode":"avgt","threads":2,
                  "params":{"sleepMs":"100","tasks":"1000"},
                  "primaryMetric":{"score":0.114,"scoreError":0.004,"scoreUnit":"s/op"}}]
                """;
        JmhArmResult result = assertInstanceOf(JmhArmResult.class,
                runner.toResult(plan(TaskProgram.JMH, null), TaskOutput.fromJmh(json, mapper)));
        assertEquals(new JmhArmResult(ArmKey.program(Threads.VIRTUAL).withParam("case", ParamValue.named("arm")), 1000, 100, 19.2, null, 0.114, 0.004, null),
                result);
        // JMH says how many JVMs it ran: the lead's rule reads it.
        String forked = json.replace("\"threads\":2,", "\"threads\":2,\"forks\":3,");
        JmhArmResult threeForks = assertInstanceOf(JmhArmResult.class,
                runner.toResult(plan(TaskProgram.JMH, null), TaskOutput.fromJmh(forked, mapper)));
        assertEquals(3, threeForks.forks());
        IOException error = assertThrows(IOException.class, () -> TaskOutput.fromJmh("[]", mapper));
        assertTrue(error.getMessage().contains("no results"));
    }
}
