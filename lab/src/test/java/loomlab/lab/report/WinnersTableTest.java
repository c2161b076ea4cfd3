package loomlab.lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.ServerId;
import loomlab.core.experiment.Pinning;
import loomlab.core.experiment.Reactive;
import loomlab.core.experiment.ReactiveFixtures;
import loomlab.core.result.ExperimentResult;
import org.junit.jupiter.api.Test;

class WinnersTableTest {
    private static ExperimentResult reactive(List<ArmResult> arms) {
        Reactive experiment = new Reactive();
        return new ExperimentResult(Reactive.NAME, "s", "q?", "quick", arms, experiment.findings(arms), experiment);
    }

    @Test
    void aRowPerWorkloadACellPerMetricWithItsWinnerAndTheReverse() {
        Table table = WinnersTable.of(reactive(List.of(
                fourTimes(ReactiveFixtures.arm(ServerId.SPRING, "virtual", 1000, 1100, 1.0, 600, 50, 0)),
                fourTimes(ReactiveFixtures.arm(ServerId.WEBFLUX, "reactive", 700, 800, 1.5, 400, 80,
                        0)))))
                .orElseThrow();
        assertEquals(List.of("workload", "capacity", "CPU per request at 200 req/s", "peak RSS",
                "worst path's p99 at 200 req/s"), table.headers());
        // WebFlux's lower peak memory came under a lighter load than virtual threads' (its search stopped at
        // 800 req/s, theirs at 1,100): that cell names no winner.
        assertEquals(List.of(ReactiveFixtures.WORKLOAD, "Spring MVC virtual", "Spring MVC virtual", "no clear winner"
                + " (WebFlux 400 MB under up to 800 req/s against Spring MVC virtual 600 MB under up to 1,100 req/s)",
                "Spring MVC virtual"), table.rows().getFirst());
        Table reversed = WinnersTable.of(reactive(List.of(
                fourTimes(ReactiveFixtures.arm(ServerId.SPRING, "virtual", 700, 800, 1.5, 400, 80, 0)),
                fourTimes(ReactiveFixtures.arm(ServerId.WEBFLUX, "reactive", 1000, 1100, 1.0, 600, 50,
                        0)))))
                .orElseThrow();
        assertEquals(List.of(ReactiveFixtures.WORKLOAD, "WebFlux", "WebFlux", "no clear winner (Spring MVC virtual"
                + " 400 MB under up to 800 req/s against WebFlux 600 MB under up to 1,100 req/s)", "WebFlux"),
                reversed.rows().getFirst());
        Table lessUnderMore = WinnersTable.of(reactive(List.of(
                fourTimes(ReactiveFixtures.arm(ServerId.SPRING, "virtual", 1000, 1100, 1.0, 400, 50, 0)),
                fourTimes(ReactiveFixtures.arm(ServerId.WEBFLUX, "reactive", 700, 800, 1.5, 600, 80,
                        0)))))
                .orElseThrow();
        Table once = WinnersTable.of(reactive(List.of(
                ReactiveFixtures.arm(ServerId.SPRING, "virtual", 1000, 1100, 1.0, 400, 50, 0),
                ReactiveFixtures.arm(ServerId.WEBFLUX, "reactive", 700, 800, 1.5, 600, 80, 0))))
                .orElseThrow();
        assertEquals("no winner named (one run: spread not measured; Spring MVC virtual 1,000-1,100 and WebFlux 700-800"
                + " req/s)", once.rows().getFirst().get(1), "one run names no winner");
        assertEquals("Spring MVC virtual", lessUnderMore.rows().getFirst().get(3),
                "less memory under the heavier load wins");
    }

    /** The same run four times: a range as narrow as its brackets, over the fewest runs that name a winner. */
    private static ArmResult fourTimes(loomlab.core.arm.AssessArmResult run) {
        return loomlab.core.repeat.RepeatedRuns.combine(List.of(run, run, run, run));
    }

    @Test
    void eachArmsPathsAtTheCommonRateWithTheirTails() {
        Table paths = WinnersTable.paths(reactive(List.of(
                ReactiveFixtures.arm(ServerId.SPRING, "virtual", 1000, 1100, 1.0, 600, 50, 0),
                ReactiveFixtures.arm(ServerId.WEBFLUX, "reactive", 700, 800, 1.5, 400, 80, 2))))
                .orElseThrow();
        assertEquals(2, paths.rows().size());
        assertEquals(List.of("webflux reactive, downstream call", "/downstream?delay=50", "200", "1,200", "80.0",
                "80.0", "80.0", "2"), paths.rows().get(1));
    }

    @Test
    void otherExperimentsHaveNeither() {
        ExperimentResult other = new ExperimentResult("pinning", "s", "q?", "quick", List.of(), List.of(),
                new Pinning());
        assertTrue(WinnersTable.of(other).isEmpty());
        assertTrue(WinnersTable.paths(other).isEmpty());
    }
}
