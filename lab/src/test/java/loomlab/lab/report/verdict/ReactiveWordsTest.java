package loomlab.lab.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ParamValue;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.core.arm.Spread;
import loomlab.core.assess.Capacity;
import loomlab.core.assess.CapacityStep;
import loomlab.core.finding.CpuLimitsAtCapacity;
import loomlab.core.finding.EndpointCode;
import loomlab.core.finding.VirtualVersusReactive;
import loomlab.core.finding.WinnersMatrix;
import loomlab.core.finding.WinnersMatrix.Exclusion;
import org.junit.jupiter.api.Test;

class ReactiveWordsTest {
    private static final ArmKey VIRTUAL = new ArmKey(ServerId.SPRING, ServingModel.parse("virtual"), null, null, null, Map.of("workload", ParamValue.named("downstream call")));
    private static final ArmKey POOL = new ArmKey(ServerId.SPRING, ServingModel.parse("platform:200"), null, null, null, Map.of("workload", ParamValue.named("downstream call")));
    private static final ArmKey REACTIVE = new ArmKey(ServerId.WEBFLUX, ServingModel.parse("reactive"), null, null, null, Map.of("workload", ParamValue.named("downstream call")));

    /** A cell over four runs, the fewest whose ranges apart name a winner. */
    private static WinnersMatrix.Cell judge(WinnersMatrix.Metric metric, List<WinnersMatrix.Entry> entries) {
        return WinnersMatrix.Cell.judge(metric, entries, 4);
    }

    private static Capacity bracket(double low, double high) {
        return new Capacity(Capacity.Kind.BRACKETED, low, low, high, null, List.of());
    }

    /**
     * Over four runs: who led beyond the spread, each capacity the median run's with its least and most; the same
     * ranges over three runs name no winner, and say how often equal arms would show them.
     */
    @Test
    void theComparisonNamesWhoLedOverRunsWithItsFiguresAndTheReverse() {
        Spread v = new Spread(List.of(1460.0, 1500.0, 1550.0, 1500.0), 1500, 1460, 1550);
        Spread r = new Spread(List.of(951.0, 1000.0, 1020.0, 1000.0), 1000, 951, 1020);
        VirtualVersusReactive ahead = VirtualVersusReactive.of("downstream call", VIRTUAL, bracket(1460, 2069),
                REACTIVE, bracket(951, 1130), 1.0, 1.2, 200.0, 4, v, r);
        String words = ReactiveWords.versus(ahead);
        assertTrue(words.startsWith("downstream call: Spring MVC on virtual threads carried more than WebFlux, beyond"
                + " the spread of 4 runs"), words);
        assertTrue(words.contains("1,500 (1,460-1,550) against 1,000 (951-1,020) req/s over 4 runs"), words);
        assertTrue(words.contains("at 200 req/s"), words);
        assertTrue(words.contains("given the ranges of 4 runs)"), words);
        VirtualVersusReactive behind = VirtualVersusReactive.of("downstream call", VIRTUAL, bracket(951, 1130),
                REACTIVE, bracket(1460, 2069), 1.2, 1.0, 200.0, 4, r, v);
        String reversed = ReactiveWords.versus(behind);
        assertTrue(reversed.contains("WebFlux carried more"), reversed);
        assertTrue(reversed.contains("1,000 (951-1,020) against 1,500 (1,460-1,550) req/s"), reversed);
        assertEquals("Capacity at p99 <= 100 ms, Spring MVC on virtual threads against WebFlux: downstream call 1.5x"
                + " (1,500 (1,460-1,550) against 1,000 (951-1,020) req/s over 4 runs).",
                ReactiveWords.headline(List.of(ahead)));
        VirtualVersusReactive three = VirtualVersusReactive.of("downstream call", VIRTUAL, bracket(1460, 2069),
                REACTIVE, bracket(951, 1130), 1.0, 1.2, 200.0, 3, Spread.of(List.of(1460.0, 1500.0, 1550.0)),
                Spread.of(List.of(951.0, 1000.0, 1020.0)));
        String few = ReactiveWords.versus(three);
        assertTrue(few.startsWith("downstream call: no winner is named over 3 runs: Spring MVC on virtual threads'"
                + " range lay above WebFlux's"), few);
        assertTrue(few.contains("but ranges of 3 runs each come apart 1 time in 10 when the two arms measure the"
                + " same."), few);
        assertTrue(ReactiveWords.headline(List.of(three)).endsWith("over 3 runs, too few runs for a lead, 1 fluke in"
                + " 10)."), ReactiveWords.headline(List.of(three)));
    }

    /**
     * Issue 41 item 1: one run names no winner, however far apart its brackets, and says "one run: spread not
     * measured"; who lay above is still said.
     */
    @Test
    void item1_oneRunNamesNoWinnerAndSaysItsSpreadWasNotMeasured() {
        VirtualVersusReactive once = VirtualVersusReactive.of("downstream call", VIRTUAL, bracket(800, 1130),
                REACTIVE, bracket(1600, 3200), 1.9, 1.0, 200.0);
        String words = ReactiveWords.versus(once);
        assertTrue(words.startsWith("downstream call: One run: spread not measured, so no winner is named: WebFlux's"
                + " bracket lay above, virtual threads at 0.5x (0.3x to 0.7x given the brackets) of its capacity (800"
                + " against 1,600 req/s at p99 <= 100 ms)."), words);
        assertFalse(words.contains("carried more"), words);
        assertEquals("Capacity at p99 <= 100 ms, Spring MVC on virtual threads against WebFlux: downstream call 0.5x"
                + " (800 against 1,600 req/s; one run: spread not measured).", ReactiveWords.headline(List.of(once)));
        VirtualVersusReactive overlapping = VirtualVersusReactive.of("downstream call", VIRTUAL, bracket(1130, 1600),
                REACTIVE, bracket(1130, 1600), 1.0, 1.0, 200.0);
        assertTrue(ReactiveWords.versus(overlapping).contains("matched WebFlux within the brackets"));
        assertTrue(ReactiveWords.headline(List.of(overlapping)).contains("no clear lead"));
    }

    /** Issue 41 item 1: a quick capacity whose rate passed in one step says so; measured again, it says nothing. */
    @Test
    void item1_aCapacityThatPassedInOneStepSaysItWasNotConfirmedAndAConfirmedOneSaysNothing() {
        Capacity once = new Capacity(Capacity.Kind.BRACKETED, 800.0, 800, 1600.0, null, List.of(
                tried(800, Capacity.Outcome.PASSED), tried(1600, Capacity.Outcome.FAILED)));
        Capacity twice = new Capacity(Capacity.Kind.BRACKETED, 1600.0, 1600, 3200.0, null, List.of(
                tried(1600, Capacity.Outcome.PASSED), tried(3200, Capacity.Outcome.FAILED),
                tried(1600, Capacity.Outcome.PASSED)));
        String words = ReactiveWords.versus(VirtualVersusReactive.of("downstream call", VIRTUAL, once, REACTIVE, twice,
                1.0, 1.2, 200.0));
        assertTrue(words.contains(" Not confirmed: Spring MVC on virtual threads' 800 req/s passed in one step, and the"
                + " search ran out of steps before measuring it again."), words);
        assertFalse(words.contains("WebFlux's 1,600"), words);
        assertTrue(AssessWords.capacity(once).contains("passed at 800 in one step, not measured again"));
        String confirmed = ReactiveWords.versus(VirtualVersusReactive.of("downstream call", VIRTUAL, twice, REACTIVE,
                twice, 1.0, 1.2, 200.0));
        assertFalse(confirmed.contains("Not confirmed"), confirmed);
        assertFalse(AssessWords.capacity(twice).contains("one step"));
    }

    private static Capacity.TriedStep tried(double rate, Capacity.Outcome outcome) {
        return new Capacity.TriedStep(CapacityStep.of(rate, outcome == Capacity.Outcome.PASSED ? 60.0 : 300.0, 0,
                Math.round(rate * 1.5), 1.5), outcome);
    }

    /** Tomcat's accept queue of 100 against Netty's: a bracket's top that failed with drops says so, per arm. */
    @Test
    void anArmWhoseFailureCameWithListenBacklogDropsIsNamed() {
        Capacity dropped = new Capacity(Capacity.Kind.BRACKETED, 1600.0, 1600, 3200.0, null, List.of(
                new Capacity.TriedStep(CapacityStep.of(3200, 280.0, 0, 2000, 1.0)
                        .withGenerator(new CapacityStep.GeneratorSide(false, 0, 1.0, 0, 64L)), Capacity.Outcome.FAILED)));
        String words = ReactiveWords.versus(VirtualVersusReactive.of("downstream call", VIRTUAL, dropped, REACTIVE,
                bracket(3200, 6400), 1.0, 1.2, 200.0));
        assertTrue(words.contains(" Spring MVC on virtual threads failed at 3,200 req/s with 64 connections dropped at a"
                + " full listen backlog, 3.20 % of its requests: each such client retries after about 1 s, enough on"
                + " their own to put its p99 past a target under 1 s."), words);
        assertFalse(words.contains("WebFlux failed at"), words);
        String reversed = ReactiveWords.versus(VirtualVersusReactive.of("downstream call", VIRTUAL, bracket(3200, 6400),
                REACTIVE, dropped, 1.0, 1.2, 200.0));
        assertTrue(reversed.contains(" WebFlux failed at 3,200 req/s with 64 connections"), reversed);
        assertFalse(reversed.contains("virtual threads failed at"), reversed);
    }

    @Test
    void theCpuLimitsAreWordedWithTheCoresTheyCameFrom() {
        CpuLimitsAtCapacity limits = new CpuLimitsAtCapacity("downstream call", VIRTUAL, 800, 1.5, REACTIVE, 1600,
                1.67, 2, 0.25, 0.706);
        assertEquals("downstream call: the capacities stand as their CPU per request allows. At its capacity step Spring"
                + " MVC virtual's service and the lab used 1.50 of 2 cores at 800 req/s, WebFlux's 1.67 at 1,600, so all"
                + " 2 would carry about 1,067 and 1,916 req/s (0.6x), within the capacities' 0.3x to 0.7x.",
                ReactiveWords.cpuLimits(limits));
    }

    @Test
    void twoOpenCapacitiesGiveNoRatio() {
        Capacity open = new Capacity(Capacity.Kind.AT_LEAST, 320.0, 320, null, Capacity.Limit.STEPS, List.of());
        VirtualVersusReactive both = VirtualVersusReactive.of("downstream call", VIRTUAL, open, REACTIVE, open, null,
                null, null);
        String words = ReactiveWords.versus(both);
        assertTrue(words.contains("no ratio"), words);
        assertFalse(words.contains("0.0x"), words);
        String headline = ReactiveWords.headline(List.of(both));
        assertTrue(headline.contains("both at least 320 req/s"), headline);
    }

    /** Capacities below every rate some run tried: said as "below", never as a range from 0. */
    @Test
    void capacitiesBelowTheLowestRateAreSaidAsBelowAndTwoOfThemGiveNoRatio() {
        Capacity below200 = new Capacity(Capacity.Kind.BELOW_LOWEST, null, 0, 200.0, null, List.of());
        Capacity below100 = new Capacity(Capacity.Kind.BELOW_LOWEST, null, 0, 100.0, null, List.of());
        VirtualVersusReactive both = VirtualVersusReactive.of("downstream call", VIRTUAL, below200, REACTIVE, below100,
                null, null, null, 3, null, null);
        assertEquals("Capacity at p99 <= 100 ms, Spring MVC on virtual threads against WebFlux: downstream call no ratio"
                + " (below 200 against below 100 req/s over 3 runs, no clear lead).", ReactiveWords.headline(List.of(both)));
        WinnersMatrix.Cell cell = judge(WinnersMatrix.Metric.CAPACITY, List.of(
                new WinnersMatrix.Entry(VIRTUAL, 0.0, 200.0, Exclusion.NONE),
                new WinnersMatrix.Entry(REACTIVE, 25.0, 400.0, Exclusion.NONE)));
        assertEquals("no clear winner (WebFlux 25.0-400 and Spring MVC virtual below 200 req/s overlap)",
                ReactiveWords.cell(cell));
    }

    @Test
    void aBracketAgainstAnOpenOneHasOnlyAnUpperRatio() {
        Capacity open = new Capacity(Capacity.Kind.AT_LEAST, 3200.0, 3200, null, Capacity.Limit.STEPS, List.of());
        VirtualVersusReactive v = VirtualVersusReactive.of("downstream call", VIRTUAL, bracket(1600, 3200), REACTIVE,
                open, null, null, null);
        String words = ReactiveWords.versus(v);
        assertTrue(words.contains("at most 1.0x"), words);
        assertFalse(words.contains("0.0x"), words);
    }

    @Test
    void aCellSaysItsWinnerOrWhyNoneAndWhoWasOut() {
        WinnersMatrix.Cell won = judge(WinnersMatrix.Metric.CAPACITY, List.of(
                new WinnersMatrix.Entry(REACTIVE, 1000.0, 1100.0, Exclusion.NONE),
                new WinnersMatrix.Entry(VIRTUAL, 700.0, 800.0, Exclusion.ERRORS)));
        String cell = ReactiveWords.cell(won);
        assertTrue(cell.startsWith("WebFlux"), cell);
        assertTrue(cell.contains("Spring MVC virtual out with errors"), cell);
        WinnersMatrix.Cell tie = judge(WinnersMatrix.Metric.CAPACITY, List.of(
                new WinnersMatrix.Entry(REACTIVE, 1000.0, 1100.0, Exclusion.NONE),
                new WinnersMatrix.Entry(VIRTUAL, 1050.0, 1200.0, Exclusion.NONE)));
        assertEquals("no clear winner (Spring MVC virtual 1,050-1,200 and WebFlux 1,000-1,100 req/s overlap)",
                ReactiveWords.cell(tie));
        WinnersMatrix.Cell open = judge(WinnersMatrix.Metric.CAPACITY, List.of(
                new WinnersMatrix.Entry(VIRTUAL, 800.0, 1130.0, Exclusion.NONE),
                new WinnersMatrix.Entry(REACTIVE, 367.0, 400.0, Exclusion.NONE),
                new WinnersMatrix.Entry(POOL, 367.0, null, Exclusion.NONE)));
        assertEquals("no clear winner (Spring MVC virtual 800-1,130 and Spring MVC platform:200 at least 367 req/s"
                + " overlap)", ReactiveWords.cell(open), "the arm whose open figure kept the best from winning");
        // WebFlux passes 3,200 req/s, where both Spring MVC arms fail it (a quick reactive run's brackets:
        // docs/measurements.md, "Test fixtures taken from runs").
        WinnersMatrix.Cell meeting = judge(WinnersMatrix.Metric.CAPACITY, List.of(
                new WinnersMatrix.Entry(POOL, 1600.0, 3200.0, Exclusion.NONE),
                new WinnersMatrix.Entry(VIRTUAL, 1600.0, 3200.0, Exclusion.NONE),
                new WinnersMatrix.Entry(REACTIVE, 3200.0, null, Exclusion.NONE)));
        assertEquals("WebFlux", ReactiveWords.cell(meeting), "over four runs a pass where the others failed wins");
        WinnersMatrix.Cell once = WinnersMatrix.Cell.judge(WinnersMatrix.Metric.CAPACITY, meeting.entries(), 1);
        assertEquals("no winner named (one run: spread not measured; WebFlux at least 3,200, Spring MVC platform:200"
                + " 1,600-3,200 and Spring MVC virtual 1,600-3,200 req/s)", ReactiveWords.cell(once),
                "every other arm is named");
        WinnersMatrix.Cell lighter = judge(WinnersMatrix.Metric.PEAK_RSS, List.of(
                WinnersMatrix.Entry.point(REACTIVE, 339.0, Exclusion.NONE).underLoad(3_200.0),
                WinnersMatrix.Entry.point(POOL, 215.0, Exclusion.NONE).underLoad(400.0)));
        assertEquals("no clear winner (Spring MVC platform:200 215 MB under up to 400 req/s against WebFlux 339 MB under"
                + " up to 3,200 req/s)", ReactiveWords.cell(lighter));
        WinnersMatrix.Cell missed = judge(WinnersMatrix.Metric.CPU_PER_REQUEST, List.of(
                WinnersMatrix.Entry.point(REACTIVE, 4.7, Exclusion.NONE),
                WinnersMatrix.Entry.point(VIRTUAL, 6.7, Exclusion.MISSED_TARGET),
                WinnersMatrix.Entry.point(POOL, 5.0, Exclusion.ERRORS)));
        assertEquals("WebFlux, Spring MVC platform:200 out with errors, Spring MVC virtual out (missed the p99 target"
                + " at that rate)", ReactiveWords.cell(missed), "a miss without errors is not called errors");
    }

    @Test
    void theThreadModelsOfOneServerShareTheirLinesOfCode() {
        String words = ReactiveWords.code(new EndpointCode("downstream call", List.of(new EndpointCode.Arm(POOL, 36),
                new EndpointCode.Arm(VIRTUAL, 36), new EndpointCode.Arm(REACTIVE, 48))));
        assertTrue(words.contains("Spring MVC (the same code on 2 thread models) 36 lines, WebFlux 48 lines"), words);
    }
}
