package loomlab.lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.FailedArm;
import loomlab.core.breakage.Outcome;
import loomlab.threads.Threads;
import org.junit.jupiter.api.Test;

/** A failed arm's status and outcome are written as they are spelled (Spelled's ids), never as Java names. */
class FailedArmJsonTest {
    @Test
    void aServerThatDiedIsWrittenFailedAndDiedAndASkippedArmHasNoOutcome() throws Exception {
        ArmResult died = new FailedArm(ArmKey.program(Threads.VIRTUAL), FailedArm.Status.FAILED, "exit 1", Outcome.DIED);
        JsonNode node = Json.mapper().readTree(Json.mapper().writeValueAsString(died));
        assertEquals("failed", node.path("status").asText(), node.toString());
        assertEquals("died", node.path("outcome").asText(), node.toString());
        // Reversed: a skipped arm ran nothing, so nothing ended it.
        JsonNode skipped = Json.mapper().readTree(Json.mapper().writeValueAsString(
                new FailedArm(ArmKey.program(Threads.VIRTUAL), FailedArm.Status.SKIPPED, "no database")));
        assertEquals("skipped", skipped.path("status").asText());
        assertTrue(skipped.path("outcome").isNull() || skipped.path("outcome").isMissingNode(), skipped.toString());
    }
}
