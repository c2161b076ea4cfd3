package loomlab.tasks.structured;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class StructuredOptionsTest {

    private static String usageError(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = StructuredMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(2, code);
        assertEquals("", out.toString(StandardCharsets.UTF_8));
        String stderr = err.toString(StandardCharsets.UTF_8);
        assertEquals(1, stderr.lines().count(), stderr);
        return stderr;
    }

    @Test
    void rejectsUnknownCasesStylesAndInconsistentTimings() {
        assertTrue(usageError("--cases", "both-succeed,meltdown").contains("unknown case 'meltdown'"));
        assertTrue(usageError("structured-concurrency", "--styles", "actors").contains("unknown style 'actors'"));
        assertTrue(usageError("--slow-ms", "10", "--fail-ms", "50").contains("slow one longer"));
        assertTrue(usageError("--executor", "fixed").contains("unknown executor mode"));
    }

    @Test
    void parsesLabelsAndClassifiesOutcomes() {
        assertEquals(OrderCase.CALLER_INTERRUPTED, OrderCase.parse("caller-interrupted"));
        assertEquals(StyleChoice.SHARED_EXECUTOR, StyleChoice.parse("shared-executor"));
        assertThrows(IllegalArgumentException.class, () -> OrderCase.parse("x"));
        assertEquals("success", HandleOrderExperiment.outcome(null));
        assertEquals("interrupted", HandleOrderExperiment.outcome(new InterruptedException()));
        assertEquals("failure", HandleOrderExperiment.outcome(new SimulatedFailure("order")));
    }

    @Test
    void casesPlanTheSeedsSituations() {
        CaseTimings t = new CaseTimings(5, 10, 1000, 20);
        assertEquals(SubtaskPlan.failAfter(10), OrderCase.INVENTORY_FAILS.inventory(t));
        assertEquals(SubtaskPlan.succeedAfter(1000), OrderCase.INVENTORY_FAILS.order(t));
        assertEquals(SubtaskPlan.failAfter(10), OrderCase.ORDER_FAILS_INVENTORY_SLOW.order(t));
        assertEquals(20, OrderCase.CALLER_INTERRUPTED.interruptAfter(t).getAsLong());
        assertTrue(OrderCase.BOTH_SUCCEED.interruptAfter(t).isEmpty());
    }
}
