package loomlab.tasks.structured;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * One full run of the program (4 cases x 3 styles) with a 2 s slow sibling; assertions compare
 * styles with generous ratios, never absolute tight timings.
 */
class StructuredConcurrencyProgramTest {
    private static final long SLOW_MS = 600;
    private static JsonNode output;
    private static final Map<String, JsonNode> RESULTS = new HashMap<>();

    @BeforeAll
    static void runProgramOnce() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = StructuredMain.run(new String[] {"--work-ms", "20", "--fail-ms", "20", "--slow-ms", String.valueOf(SLOW_MS),
                "--interrupt-ms", "50"}, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        String stdout = out.toString(StandardCharsets.UTF_8);
        assertEquals(1, stdout.lines().count(), stdout);
        output = new ObjectMapper().readTree(stdout);
        for (JsonNode result : output.get("results")) {
            RESULTS.put(result.get("case").asText() + "/" + result.get("style").asText(), result);
        }
    }

    private static JsonNode result(String orderCase, String style) {
        JsonNode result = RESULTS.get(orderCase + "/" + style);
        assertTrue(result != null, "no result for " + orderCase + "/" + style);
        return result;
    }

    @Test
    void reportsEveryCaseInEveryStyle() {
        assertEquals("structured-concurrency", output.get("program").asText());
        assertEquals(12, output.get("results").size());
        assertEquals(12, RESULTS.size());
        for (JsonNode result : output.get("results")) {
            assertTrue(result.get("answer_ms").asDouble() >= 0);
        }
    }

    @Test
    void everyStyleSucceedsWhenBothUpdatesDo() {
        for (String style : new String[] {"scope", "executor", "shared-executor"}) {
            JsonNode result = result("both-succeed", style);
            assertEquals("success", result.get("outcome").asText());
            assertEquals(0, result.get("leaked").asInt());
            assertFalse(result.get("sibling_cancelled").asBoolean());
            assertEquals("succeeded", result.get("inventory").asText());
            assertEquals("succeeded", result.get("order").asText());
        }
    }

    @Test
    void scopeCancelsTheSlowSiblingWhenInventoryFailsAndAnswersFirst() {
        JsonNode scope = result("inventory-fails", "scope");
        JsonNode executor = result("inventory-fails", "executor");
        assertEquals("failure", scope.get("outcome").asText());
        assertEquals("FailedException", scope.get("exception").asText());
        assertEquals("SimulatedFailure", scope.get("cause").asText());
        assertTrue(scope.get("sibling_cancelled").asBoolean());
        assertEquals("cancelled", scope.get("order").asText());
        assertEquals(0, scope.get("leaked").asInt());

        assertEquals("failure", executor.get("outcome").asText());
        assertEquals("ExecutionException", executor.get("exception").asText());
        assertFalse(executor.get("sibling_cancelled").asBoolean());
        assertEquals("succeeded", executor.get("order").asText());
        assertTrue(scope.get("answer_ms").asDouble() < executor.get("answer_ms").asDouble() / 2, RESULTS::toString);
        assertTrue(executor.get("answer_ms").asDouble() >= SLOW_MS * 0.9, "close() waits for the slow order update");
    }

    @Test
    void sharedExecutorAnswersFastButLeavesTheSiblingRunning() {
        JsonNode shared = result("inventory-fails", "shared-executor");
        assertEquals("failure", shared.get("outcome").asText());
        assertEquals(1, shared.get("leaked").asInt());
        assertFalse(shared.get("sibling_cancelled").asBoolean());
        assertTrue(shared.get("answer_ms").asDouble() < SLOW_MS / 2.0);
    }

    @Test
    void executorBlocksOnTheSlowInventoryWhenOrderFails() {
        JsonNode scope = result("order-fails-inventory-slow", "scope");
        assertTrue(scope.get("sibling_cancelled").asBoolean());
        assertEquals("cancelled", scope.get("inventory").asText());
        for (String style : new String[] {"executor", "shared-executor"}) {
            JsonNode result = result("order-fails-inventory-slow", style);
            assertEquals("failure", result.get("outcome").asText());
            assertFalse(result.get("sibling_cancelled").asBoolean());
            assertTrue(scope.get("answer_ms").asDouble() < result.get("answer_ms").asDouble() / 2, RESULTS::toString);
        }
    }

    @Test
    void interruptingTheCallerCancelsScopeSubtasksButLeaksSharedExecutorWork() {
        JsonNode scope = result("caller-interrupted", "scope");
        assertEquals("interrupted", scope.get("outcome").asText());
        assertEquals(2, scope.get("subtasks_cancelled").asInt());
        assertEquals(0, scope.get("leaked").asInt());

        JsonNode shared = result("caller-interrupted", "shared-executor");
        assertEquals("interrupted", shared.get("outcome").asText());
        assertEquals(2, shared.get("leaked").asInt());
        assertEquals(0, shared.get("subtasks_cancelled").asInt());

        JsonNode executor = result("caller-interrupted", "executor");
        assertEquals("interrupted", executor.get("outcome").asText());
        assertEquals(0, executor.get("leaked").asInt());
        assertTrue(scope.get("answer_ms").asDouble() < executor.get("answer_ms").asDouble() / 2, RESULTS::toString);
    }
}
