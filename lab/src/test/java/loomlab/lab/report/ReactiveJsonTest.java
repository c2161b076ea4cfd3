package loomlab.lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.ServerId;
import loomlab.core.assess.Threads;
import loomlab.core.experiment.Reactive;
import loomlab.core.experiment.ReactiveFixtures;
import loomlab.core.result.ExperimentResult;
import loomlab.core.result.RunResult;
import org.junit.jupiter.api.Test;

/** The reactive experiment's arms in results.json: what served them, on which threads, and the key that matches them. */
class ReactiveJsonTest {

    @Test
    void eachArmNamesItsSpringStackAndThreadsWhileItsKeyKeepsTheCommandLineName() throws Exception {
        List<ArmResult> arms = List.of(
                ReactiveFixtures.arm(ServerId.SPRING, "virtual", Threads.VIRTUAL, 1000, 1100, 1.0, 600, 50, 0),
                ReactiveFixtures.arm(ServerId.WEBFLUX, "reactive", Threads.EVENT_LOOP, 700, 800, 1.5, 400, 80, 0));
        ExperimentResult reactive = new ExperimentResult(Reactive.NAME, "s", "q?", "quick", arms,
                new Reactive().findings(arms), "", "");
        RunResult run = new RunResult(RunResult.SCHEMA, "2026-01-02T03:04:05Z", 1.0, "loomlab run reactive", "quick",
                null, List.of(reactive));
        JsonNode written = Json.mapper().readTree(new JsonFormat().render(run)).path("experiments").get(0).path("arms");

        assertEquals("spring-mvc", written.get(0).path("server").asText());
        assertEquals("virtual", written.get(0).path("threads").asText());
        assertEquals("spring", written.get(0).path("key").path("server").asText());
        assertEquals("spring-webflux", written.get(1).path("server").asText());
        assertEquals("event-loop", written.get(1).path("threads").asText());
        assertEquals("webflux", written.get(1).path("key").path("server").asText());
        assertFalse(written.get(1).has("framework"), "the server says it: no second name for the same fact");
    }
}
