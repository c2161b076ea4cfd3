package loomlab.tasks.fairness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import loomlab.tasks.ProgramRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class FairnessProgramTest {

    @ParameterizedTest
    @EnumSource(value = FairnessMode.class, names = "VIRTUAL_PARALLELISM", mode = EnumSource.Mode.EXCLUDE)
    void recordsEveryLightDelayInEachMode(FairnessMode mode) {
        JsonNode result = ProgramRun.of("fairness", "--mode", mode.label(), "--heavy-tasks", "50", "--light-tasks", "50",
                "--rounds", "1", "--heavy-iterations", "200", "--yield-every", "10", "--offload-threads", "2").json();
        assertEquals("fairness", result.get("program").asText());
        assertEquals(mode.label(), result.get("mode").asText());
        assertEquals(50, result.get("light_delays_recorded").asInt());
        assertEquals(100, result.get("tasks").asInt());
        assertEquals(1, result.get("round_light_delay_sum_ms").size());
        assertEquals(200, result.get("heavy_result").asLong(), "every heavy task adds one 200 times");
        JsonNode delay = result.get("light_delay_ms");
        assertEquals(List.of("sum", "p50", "p99", "max"), fieldNames(delay));
        double p50 = delay.get("p50").asDouble();
        double p99 = delay.get("p99").asDouble();
        double max = delay.get("max").asDouble();
        assertTrue(0 <= p50 && p50 <= p99 && p99 <= max, result::toString);
        assertTrue(delay.get("sum").asDouble() >= max);
        assertTrue(result.get("heavy_done_ms").asDouble() > 0);
        assertTrue(result.get("heavy_task_ms").asDouble() > 0, result::toString);
        int peak = result.get("peak_heavy_running").asInt();
        assertTrue(peak >= 1 && peak <= 50, "between one and every heavy task: " + peak);
        assertTrue(result.get("platform_start_us").asDouble() > 0, result::toString);
        assertTrue(result.get("carrier_parallelism").asInt() >= 1);
        assertEquals(mode == FairnessMode.VIRTUAL_YIELD, result.get("yield_every").isInt());
        assertEquals(mode == FairnessMode.VIRTUAL_OFFLOAD, result.get("offload_threads").isInt());
    }

    @Test
    void sumsRoundsSeparately() {
        JsonNode result = ProgramRun.of("fairness", "--mode", "platform", "--heavy-tasks", "0", "--light-tasks", "20",
                "--rounds", "3").json();
        assertEquals(60, result.get("light_delays_recorded").asInt());
        assertEquals(3, result.get("round_light_delay_sum_ms").size());
        double roundSum = 0;
        for (JsonNode sum : result.get("round_light_delay_sum_ms")) {
            roundSum += sum.asDouble();
        }
        assertEquals(result.get("light_delay_ms").get("sum").asDouble(), roundSum, 0.01);
    }

    private static List<String> fieldNames(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void parallelismModeNeedsTheSchedulerProperty() {
        if (CarrierParallelism.requested() == null) {
            ProgramRun.of("fairness", "--mode", "virtual-parallelism")
                    .assertUsageError("needs -Djdk.virtualThreadScheduler.parallelism=K");
        }
    }
}
