package loomlab.core.assess;

import static loomlab.core.assess.AssessFixtures.atLeast;
import static loomlab.core.assess.AssessFixtures.below;
import static loomlab.core.assess.AssessFixtures.bracketed;
import static loomlab.core.assess.AssessFixtures.windows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import loomlab.core.arm.Carriers;
import loomlab.core.experiment.Profile;
import loomlab.core.finding.Chance;
import loomlab.core.finding.Leader;
import org.junit.jupiter.api.Test;

class DecidingWindowsTest {
    @Test
    void theDecidingRateIsTheOneTheLowerArmFailedEitherWayRound() {
        assertEquals(Optional.of(199.0), DecidingWindows.rate(bracketed(190, 199), bracketed(950, 990)));
        assertEquals(Optional.of(199.0), DecidingWindows.rate(bracketed(950, 990), bracketed(190, 199)));
        // Ranges that meet are apart: one arm passed the rate the other failed.
        assertEquals(Optional.of(199.0), DecidingWindows.rate(bracketed(190, 199), bracketed(199, 210)));
        assertEquals(Optional.of(199.0), DecidingWindows.rate(bracketed(190, 199), atLeast(20_000)));
        assertEquals(Optional.of(100.0), DecidingWindows.rate(below(100), bracketed(190, 199)));
    }

    @Test
    void rangesThatOverlapHaveNoDecidingRate() {
        assertEquals(Optional.empty(), DecidingWindows.rate(bracketed(190, 210), bracketed(200, 220)));
        assertEquals(Optional.empty(), DecidingWindows.rate(atLeast(20_000), atLeast(20_000)));
        assertEquals(Optional.empty(), DecidingWindows.rate(below(100), below(100)));
    }

    @Test
    void aWindowWithErrorsRanksWorst() {
        assertEquals(Arrays.asList(52.0, Double.POSITIVE_INFINITY), windows(199, 52.0, null).p99s());
    }

    @Test
    void everyWindowOfOneBelowEveryWindowOfTheOtherPutsItAheadWithTheChanceOfItsCounts() {
        DecidingWindows.Verdict ahead = DecidingWindows.judge(List.of(windows(199, 52.0, 55.0, 51.0, 60.0, 54.0)),
                List.of(windows(199, 420.0, 610.0, null, 380.0, 900.0))).orElseThrow();
        assertEquals(Leader.FIRST, ahead.ahead());
        assertEquals(Chance.of(5, 5), ahead.chance());
        assertTrue(ahead.decides());
        DecidingWindows.Verdict reversed = DecidingWindows.judge(List.of(windows(199, 420.0, 610.0, null, 380.0,
                900.0)), List.of(windows(199, 52.0, 55.0, 51.0, 60.0, 54.0))).orElseThrow();
        assertEquals(Leader.SECOND, reversed.ahead());
        assertTrue(reversed.decides());
    }

    @Test
    void windowsThatMeetOrCrossPutNeitherAheadAndTooFewDecideNothing() {
        assertEquals(Leader.NEITHER, DecidingWindows.judge(List.of(windows(199, 52.0, 380.0)),
                List.of(windows(199, 420.0, 380.0))).orElseThrow().ahead());
        DecidingWindows.Verdict two = DecidingWindows.judge(List.of(windows(199, 52.0, 55.0)),
                List.of(windows(199, 420.0, 610.0))).orElseThrow();
        assertEquals(Leader.FIRST, two.ahead());
        assertEquals(3.0, two.chance().oneIn(), 1e-9);
        assertFalse(two.decides());
        // Two windows each with errors throughout tie at the worst: neither is ahead.
        assertEquals(Leader.NEITHER, DecidingWindows.judge(List.of(windows(199, (Double) null)),
                List.of(windows(199, (Double) null))).orElseThrow().ahead());
    }

    @Test
    void overRunsEveryRunMustAgreeAndTheWeakestRunsChanceIsGiven() {
        DecidingWindows.Verdict agree = DecidingWindows.judge(
                List.of(windows(199, 52.0, 55.0, 51.0, 60.0), windows(210, 50.0, 53.0, 58.0, 51.0, 52.0)),
                List.of(windows(199, 420.0, 610.0, 380.0, 700.0), windows(210, 400.0, 420.0, 500.0, 430.0, 440.0)))
                .orElseThrow();
        assertEquals(Leader.FIRST, agree.ahead());
        assertEquals(Chance.of(4, 4), agree.chance());
        assertEquals(199.0, agree.rateRps());
        assertEquals(Leader.NEITHER, DecidingWindows.judge(
                List.of(windows(199, 52.0, 55.0, 51.0, 60.0), windows(210, 400.0, 420.0, 500.0, 430.0)),
                List.of(windows(199, 420.0, 610.0, 380.0, 700.0), windows(210, 50.0, 53.0, 58.0, 51.0)))
                .orElseThrow().ahead(), "runs that disagree put neither ahead");
    }

    @Test
    void runsWithoutWindowsOrAtDifferentRatesDoNotPair() {
        assertEquals(Optional.empty(), DecidingWindows.judge(List.of(windows(199, 52.0)), List.of()));
        assertEquals(Optional.empty(), DecidingWindows.judge(Arrays.asList((DecidingWindows) null),
                List.of(windows(199, 52.0))));
        assertEquals(Optional.empty(), DecidingWindows.judge(List.of(windows(199, 52.0)),
                List.of(windows(200, 420.0))));
        assertThrows(IllegalArgumentException.class, () -> new DecidingWindows(199, List.of()));
    }

    @Test
    void theWindowsDecideBetweenThePoolAndVirtualThreadsAsGivenWhateverOtherArmsRunBeside() {
        List<AssessArmPlan> plans = new Assessment("app.jar", 10, List.of(25), List.of(new Carriers(2)))
                .withExtracted(true).plan(Profile.QUICK).stream().map(AssessArmPlan.class::cast).toList();
        assertEquals(5, plans.size(), "pool, virtual, both extracted, virtual on 2 carriers");
        List<AssessArmPlan> pair = DecidingWindows.pair(plans, p -> p);
        assertEquals(List.of(plans.get(0), plans.get(1)), pair);
        assertTrue(pair.get(0).key().mode().onPlatformThreads() && pair.get(1).key().mode().onVirtualThreads());
        // Reversed: the plain virtual arm gone (it died), the extracted and carriers arms do not stand in for it.
        assertEquals(List.of(), DecidingWindows.pair(List.of(plans.get(0), plans.get(2), plans.get(3), plans.get(4)),
                p -> p));
        assertEquals(List.of(plans.get(0), plans.get(1)), DecidingWindows.pair(List.of(plans.get(1),
                plans.get(0)), p -> p), "the platform arm first, whatever the order given");
    }
}
