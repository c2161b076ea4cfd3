package loomlab.lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import loomlab.core.result.RunResult;
import org.junit.jupiter.api.Test;

/**
 * An assessment whose arm was not steady writes results.json: the finding carries the arm's warm-up as the
 * arm itself does (its rule's window in seconds), where a plain mapping of the record met a Duration it
 * could not write and lost the whole file.
 */
class NotSteadyJsonTest {
    @Test
    void aNotSteadyFindingIsWrittenWithItsWarmupAsTheArmWritesIt() throws Exception {
        RunResult run = AssessRun.notSteady();
        String json = Json.mapper().writeValueAsString(run);
        ResultsSchema.assertValid(json, "a not-steady assessment");
        JsonNode findings = Json.mapper().readTree(json).path("experiments").get(0).path("findings");
        JsonNode notSteady = null;
        for (JsonNode finding : findings) {
            if (finding.path("kind").asText().equals("NotSteady")) {
                notSteady = finding;
            }
        }
        assertTrue(notSteady != null, findings.toString());
        assertEquals(3.0, notSteady.path("evidence").path("rule").path("window_s").asDouble());
        assertEquals(false, notSteady.path("evidence").path("steady").asBoolean());
        JsonNode lead = null;
        for (JsonNode finding : findings) {
            if (finding.path("kind").asText().equals("CapacityLead")) {
                lead = finding;
            }
        }
        assertEquals("NOT_STEADY", lead.path("why").asText());
        // Reversed: every arm steady, the same windows name the lead.
        JsonNode steady = Json.mapper().readTree(Json.mapper().writeValueAsString(AssessRun.run()))
                .path("experiments").get(0).path("findings");
        boolean led = false;
        for (JsonNode finding : steady) {
            led |= finding.path("kind").asText().equals("CapacityLead") && finding.path("leader").asText()
                    .equals("FIRST");
        }
        assertTrue(led, steady.toString());
    }
}
