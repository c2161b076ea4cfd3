package loomlab.lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.AssessArmResult;
import loomlab.core.arm.ServerId;
import loomlab.core.experiment.Reactive;
import loomlab.core.experiment.ReactiveFixtures;
import loomlab.core.repeat.RepeatedRuns;
import loomlab.core.result.ExperimentResult;
import loomlab.core.result.RunResult;
import org.junit.jupiter.api.Test;

/** The reactive experiment's arms in results.json: what served them, on which threads, and the key that matches them. */
class ReactiveJsonTest {

    @Test
    void eachArmNamesItsSpringStackAndThreadsWhileItsKeyKeepsTheCommandLineName() throws Exception {
        List<ArmResult> arms = List.of(
                ReactiveFixtures.arm(ServerId.SPRING, "virtual", 1000, 1100, 1.0, 600, 50, 0),
                ReactiveFixtures.arm(ServerId.WEBFLUX, "reactive", 700, 800, 1.5, 400, 80, 0));
        Reactive experiment = new Reactive();
        ExperimentResult reactive = new ExperimentResult(Reactive.NAME, "s", "q?", "quick", arms,
                experiment.findings(arms), experiment);
        RunResult run = new RunResult(RunResult.SCHEMA, "2026-01-02T03:04:05Z", 1.0, "loomlab run reactive", "quick",
                FixedRun.run().environment(), List.of(reactive));
        String json = new JsonFormat().render(run);
        ResultsSchema.assertValid(json, "the reactive run");
        JsonNode written = Json.mapper().readTree(json).path("experiments").get(0).path("arms");

        assertEquals("spring-mvc", written.get(0).path("server").asText());
        assertEquals("virtual", written.get(0).path("threads").asText());
        assertEquals("spring", written.get(0).path("key").path("server").asText());
        assertEquals("spring-webflux", written.get(1).path("server").asText());
        assertEquals("event-loop", written.get(1).path("threads").asText());
        assertEquals("webflux", written.get(1).path("key").path("server").asText());
        assertFalse(written.get(1).has("framework"), "the server says it: no second name for the same fact");
        assertTrue(written.get(0).path("repeats").isNull(), "ran once");
    }

    /** Repeated: the median run's figures flat, the span the findings compared, and every run in full. */
    @Test
    void aRepeatedArmKeepsEveryRunAndTheSpanItWasComparedBy() throws Exception {
        AssessArmResult repeated = (AssessArmResult) RepeatedRuns.combine(List.of(
                ReactiveFixtures.arm(ServerId.SPRING, "virtual", 1000, 1100, 1.0, 600, 50, 0),
                ReactiveFixtures.arm(ServerId.SPRING, "virtual", 650, 700, 1.6, 610, 55, 0),
                ReactiveFixtures.arm(ServerId.SPRING, "virtual", 1050, 1200, 1.1, 590, 45, 0)));
        List<ArmResult> arms = List.of(repeated);
        Reactive experiment = new Reactive();
        ExperimentResult reactive = new ExperimentResult(Reactive.NAME, "s", "q?", "quick", arms,
                experiment.findings(arms), experiment);
        RunResult run = new RunResult(RunResult.SCHEMA, "2026-01-02T03:04:05Z", 1.0, "loomlab run reactive --repeat 3",
                "quick", FixedRun.run().environment(), List.of(reactive));
        String json = new JsonFormat().render(run);
        ResultsSchema.assertValid(json, "the repeated reactive run");
        JsonNode arm = Json.mapper().readTree(json).path("experiments").get(0).path("arms").get(0);
        assertEquals(1000, arm.path("capacity_rps").asDouble(), "the median run's");
        JsonNode repeats = arm.path("repeats");
        assertEquals(3, repeats.path("runs").asInt());
        assertEquals("[650.0,1200.0]", repeats.path("capacity_bracket_over_runs").toString());
        assertEquals("bracketed", repeats.path("capacity_kind_over_runs").asText());
        assertEquals(3, repeats.path("each_run").size());
        assertEquals(650, repeats.path("each_run").get(1).path("capacity_rps").asDouble(), "in the order they ran");
        assertEquals(4, repeats.path("each_run").get(1).path("capacity_steps").size(), "each run in full");
        String table = ArmTables.of(reactive).toText();
        assertTrue(table.contains("1,000-1,100; 3 runs: 650-1,200"), table);
    }
}
