package loomlab.lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import loomlab.core.assess.CapacityStep;
import org.junit.jupiter.api.Test;

/** A step's window reaches results.json wherever it is written from, a finding's steps included. */
class JsonInstantTest {
    @Test
    void aWindowIsWrittenAsIsoInstants() throws Exception {
        CapacityStep.Window window = new CapacityStep.Window(Instant.parse("2026-11-27T10:00:00Z"),
                Instant.parse("2026-11-27T10:00:01.500Z"));
        JsonNode node = Json.mapper().readTree(Json.mapper().writeValueAsString(window));
        assertEquals("2026-11-27T10:00:00Z", node.get("opened").asText());
        assertEquals("2026-11-27T10:00:01.500Z", node.get("closed").asText());
    }
}
