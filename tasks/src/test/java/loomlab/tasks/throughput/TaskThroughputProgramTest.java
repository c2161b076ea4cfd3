package loomlab.tasks.throughput;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import loomlab.tasks.ProgramRun;
import loomlab.tasks.os.ProcSelf;
import loomlab.threads.ExecutorMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TaskThroughputProgramTest {

    @ParameterizedTest
    @ValueSource(strings = {"virtual", "virtual:20", "cached", "per-task", "platform:50"})
    void completesEveryTask(String executor) {
        JsonNode result = ProgramRun.of("task-throughput", "--executor", executor, "--tasks", "200", "--sleep-ms", "10").json();
        assertEquals("task-throughput", result.get("program").asText());
        assertEquals(executor, result.get("executor").asText());
        assertEquals(200, result.get("tasks").asInt());
        assertEquals(200, result.get("completed").asInt());
        assertFalse(result.get("prints_each_task").asBoolean());
        double inProcess = result.get("in_process_s").asDouble();
        double floor = result.get("floor_s").asDouble();
        assertTrue(floor >= 0.01, "at least one sleep: " + floor);
        assertTrue(inProcess >= floor, "no run beats its floor: " + inProcess + " < " + floor);
        assertTrue(result.get("submit_s").asDouble() <= inProcess);
        if (ProcSelf.unavailableReason() == null) {
            assertTrue(result.get("cpu_user_s").asDouble() >= 0);
            assertTrue(result.get("cpu_sys_s").asDouble() >= 0);
            assertTrue(result.get("peak_rss_mb").asDouble() > 0);
        } else {
            assertTrue(result.get("peak_rss_mb").isNull());
            assertFalse(result.get("os_usage_unavailable").asText().isEmpty());
        }
    }

    @Test
    void aBoundedPoolSleepsInWaves() {
        assertEquals(1.0, TaskThroughputProgram.floorSeconds(ExecutorMode.virtual(), 100_000, 1000));
        assertEquals(50.0, TaskThroughputProgram.floorSeconds(ExecutorMode.platform(2_000), 100_000, 1000));
        assertEquals(0.03, TaskThroughputProgram.floorSeconds(ExecutorMode.platform(50), 101, 10));
    }
}
