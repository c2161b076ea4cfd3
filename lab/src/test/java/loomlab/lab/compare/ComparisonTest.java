package loomlab.lab.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import loomlab.core.BadInput;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmMode;
import loomlab.lab.compare.Comparison.Outcome;
import loomlab.threads.Threads;
import org.junit.jupiter.api.Test;

class ComparisonTest {
    /** An arm named by its threads, or by a letter that names no thread model. */
    private static ArmKey key(String name) {
        return Threads.spelledBy(name).map(ArmKey::program).orElseGet(() -> ArmKey.program(ArmMode.label(name)));
    }

    private static ArmFigure arm(String name, Double value) {
        return new ArmFigure("s2s", name, key(name), value, null, null);
    }

    private static ArmFigure repeated(String name, double value, double low, double high) {
        return new ArmFigure("s2s", name, key(name), value, low, high);
    }

    @Test
    void aDropInThroughputBeyondTheThresholdIsARegression() {
        Comparison comparison = Comparison.of(List.of(arm("virtual", 400.0), arm("platform", 20.0)),
                List.of(arm("virtual", 340.0), arm("platform", 19.0)), Metric.THROUGHPUT_RPS, 10);
        Comparison.Row virtual = comparison.rows().get(0);
        assertEquals(-15.0, virtual.changePercent(), 1e-9);
        assertEquals(Outcome.REGRESSED, virtual.outcome());
        assertEquals(Outcome.WITHIN, comparison.rows().get(1).outcome());
        assertEquals(List.of(virtual), comparison.regressions());
        assertEquals("2 arm(s) compared by throughput_rps (higher is better), threshold 10%: 1 regressed:"
                + " s2s / virtual (-15.0%).", comparison.summary());
    }

    private static ArmFigure loaded(String name, double value, String load) {
        return new ArmFigure("s2s", name, key(name), value, null, null, load);
    }

    @Test
    void armsThatRanUnderAnotherLoadAreNotComparedAndNeverRegress() {
        Comparison comparison = Comparison.of(
                List.of(loaded("a", 20.0, "quick profile, 1 s wait"), loaded("b", 400.0, "quick profile, 0.05 s wait"),
                        arm("c", 100.0)),
                List.of(loaded("a", 6.7, "full profile, 3 s wait"), loaded("b", 300.0, "quick profile, 0.05 s wait"),
                        loaded("c", 50.0, "full profile")),
                Metric.THROUGHPUT_RPS, 10);
        assertEquals(List.of(Outcome.DIFFERENT_LOAD, Outcome.REGRESSED, Outcome.REGRESSED),
                comparison.rows().stream().map(Comparison.Row::outcome).toList());
        assertNull(comparison.rows().get(0).changePercent());
        assertEquals("different load (A: quick profile, 1 s wait; B: full profile, 3 s wait)",
                comparison.table().rows().get(0).get(5));
        assertEquals("2 arm(s) compared by throughput_rps (higher is better), threshold 10%: 2 regressed:"
                + " s2s / b (-25.0%); s2s / c (-50.0%). 1 arm(s) not compared: they ran under another load in each"
                + " run.", comparison.summary());
    }

    @Test
    void runsWhoseEveryCommonArmRanUnderAnotherLoadAreBadInput() {
        BadInput error = assertThrows(BadInput.class, () -> Comparison.of(
                List.of(loaded("a", 20.0, "quick profile, 1 s wait")),
                List.of(loaded("a", 6.7, "full profile, 3 s wait")), Metric.THROUGHPUT_RPS, 10));
        assertEquals("the two runs loaded their arms differently (A: quick profile, 1 s wait; B: full profile, 3 s"
                + " wait), so their figures do not compare: compare runs of one profile and the same options",
                error.getMessage());
    }

    @Test
    void forLatencyAndTimeHigherIsWorse() {
        Comparison comparison = Comparison.of(List.of(arm("a", 100.0), arm("b", 100.0)),
                List.of(arm("a", 125.0), arm("b", 75.0)), Metric.P99, 20);
        assertEquals(Outcome.REGRESSED, comparison.rows().get(0).outcome());
        assertEquals(Outcome.IMPROVED, comparison.rows().get(1).outcome());
    }

    @Test
    void theChangeIsBeyondTheSpreadOnlyWhenTheRangesOfTheRepeatsDoNotOverlap() {
        Comparison comparison = Comparison.of(
                List.of(repeated("a", 400, 390, 410), repeated("b", 400, 390, 410), arm("c", 400.0)),
                List.of(repeated("a", 350, 340, 380), repeated("b", 395, 370, 400), repeated("c", 300, 290, 310)),
                Metric.THROUGHPUT_RPS, 10);
        assertEquals(true, comparison.rows().get(0).beyondSpread());
        assertEquals(false, comparison.rows().get(1).beyondSpread());
        assertNull(comparison.rows().get(2).beyondSpread());
        assertEquals(List.of("s2s: a", "400 (390-410)", "350 (340-380)", "-12.5%", "yes", "regressed"),
                comparison.table().rows().get(0));
    }

    @Test
    void anArmThatNoLongerRunsIsARegressionAndUnmatchedArmsAreListed() {
        Comparison comparison = Comparison.of(List.of(arm("a", 400.0), arm("gone", 10.0)),
                List.of(arm("a", null), arm("new", 5.0)), Metric.THROUGHPUT_RPS, 10);
        assertEquals(List.of(Outcome.FAILED, Outcome.ONLY_IN_A, Outcome.ONLY_IN_B),
                comparison.rows().stream().map(Comparison.Row::outcome).toList());
        assertEquals(1, comparison.regressions().size());
    }

    @Test
    void anAssessedArmHasNoThroughputInEitherRunAndIsComparedByItsCapacityInstead() {
        ArmFigure ranA = new ArmFigure("reactive", "spring virtual", ArmKey.program("v", Threads.VIRTUAL), null, null, null, null, true);
        ArmFigure ranB = new ArmFigure("reactive", "spring virtual", ArmKey.program("v", Threads.VIRTUAL), null, null, null, null, true);
        Comparison byThroughput = Comparison.of(List.of(ranA, arm("a", 400.0)), List.of(ranB, arm("a", 400.0)),
                Metric.THROUGHPUT_RPS, 10);
        assertEquals(Outcome.NO_SUCH_FIGURE, byThroughput.rows().getFirst().outcome());
        assertEquals(List.of(), byThroughput.regressions(), "an arm with no such figure is no regression");
        assertEquals("none", byThroughput.table().rows().getFirst().get(1));
        assertTrue(byThroughput.summary().endsWith("1 arm(s) have no throughput_rps (assessed arms, as reactive's,"
                + " have capacity_rps)."), byThroughput.summary());
        Comparison byCapacity = Comparison.of(List.of(new ArmFigure("reactive", "spring virtual", ArmKey.program("v", Threads.VIRTUAL), 1130.0,
                null, null, null)), List.of(new ArmFigure("reactive", "spring virtual", ArmKey.program("v", Threads.VIRTUAL), 800.0, null, null,
                null)), Metric.CAPACITY_RPS, 10);
        assertEquals(Outcome.REGRESSED, byCapacity.rows().getFirst().outcome(), "a lower capacity is worse");
        Comparison reversed = Comparison.of(List.of(new ArmFigure("reactive", "spring virtual", ArmKey.program("v", Threads.VIRTUAL), 800.0,
                null, null, null)), List.of(new ArmFigure("reactive", "spring virtual", ArmKey.program("v", Threads.VIRTUAL), 1130.0, null, null,
                null)), Metric.CAPACITY_RPS, 10);
        assertEquals(Outcome.IMPROVED, reversed.rows().getFirst().outcome());
    }

    @Test
    void runsWithNoArmInCommonCannotBeCompared() {
        BadInput error = assertThrows(BadInput.class, () -> Comparison.of(List.of(arm("a", 1.0)),
                List.of(arm("b", 1.0)), Metric.THROUGHPUT_RPS, 10));
        assertEquals("the two runs have no arm in common (arms are matched by experiment and arm key)",
                error.getMessage());
    }

    @Test
    void metricsAreNamedAsInResultsJson() {
        assertEquals(Metric.P99, Metric.parse("p99"));
        assertEquals(Metric.CAPACITY_RPS, Metric.parse("capacity_rps"));
        assertEquals("unknown metric 'rps'; choose from: throughput_rps, p99, elapsed_s, capacity_rps",
                assertThrows(BadInput.class, () -> Metric.parse("rps")).getMessage());
    }
}
