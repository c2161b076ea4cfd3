package loomlab.core.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.DoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * The capacity search against simulated services: no clock, no process, every rate it tries and
 * what it concludes checked exactly.
 */
class CapacitySearchTest {
    private static final SearchSettings SETTINGS = new SearchSettings(200, 1, 10_000, 2, 0.05, 1, 30);

    /** A service: the p99 (ms) and errors a step at a rate gets; {@code call} counts the steps so far. */
    private interface Service {
        CapacityStep measure(double rate, int call);
    }

    private static Service latency(DoubleFunction<Double> p99) {
        return (rate, call) -> CapacityStep.of(rate, p99.apply(rate), 0, Math.round(rate * 3), 3);
    }

    /** Runs the search to its end: the rates it tried and what it concluded. */
    private static Capacity search(CapacitySearch search, Service service, List<Double> tried) {
        List<CapacityStep> steps = new ArrayList<>();
        for (Optional<Double> next = search.next(steps); next.isPresent(); next = search.next(steps)) {
            tried.add(next.get());
            steps.add(service.measure(next.get(), steps.size()));
            assertTrue(steps.size() <= SETTINGS.maxSteps(), "the search ends");
        }
        return search.result(steps);
    }

    @Test
    void aKneeIsBracketedToFivePercentAndTheFinalRateConfirmed() {
        // 20 ms up to 1,000 req/s, then 2 ms more per req/s: the 200 ms target is crossed at 1,090.
        List<Double> tried = new ArrayList<>();
        Capacity capacity = search(new CapacitySearch(SETTINGS, 300),
                latency(r -> r <= 1000 ? 20.0 : 20 + (r - 1000) * 2), tried);
        assertEquals(List.of(300.0, 600.0, 1200.0, 1200.0, 849.0, 1010.0, 1100.0, 1050.0, 1050.0), tried,
                "1,200 failed where the service met it first: measured again, then it counts");
        assertEquals(Capacity.Kind.BRACKETED, capacity.kind());
        assertEquals(1050.0, capacity.rps());
        assertEquals(Arrays.asList(1050.0, 1100.0), capacity.bracket());
        assertEquals(List.of(Capacity.Outcome.PASSED, Capacity.Outcome.PASSED, Capacity.Outcome.FAILED,
                Capacity.Outcome.FAILED, Capacity.Outcome.PASSED, Capacity.Outcome.PASSED, Capacity.Outcome.FAILED, Capacity.Outcome.PASSED,
                Capacity.Outcome.PASSED), capacity.steps().stream().map(Capacity.TriedStep::outcome).toList());
        assertEquals(1050.0, capacity.atCapacity().rateRps());
    }

    @Test
    void aCliffOfErrorsIsBracketedLikeAKnee() {
        // Fast until 500 req/s, then connections refused: errors fail a step whatever its p99.
        List<Double> tried = new ArrayList<>();
        Capacity capacity = search(new CapacitySearch(SETTINGS, 400), (rate, call) -> CapacityStep.of(rate, 10.0,
                rate < 500 ? 0 : 25, Math.round(rate * 3), 3), tried);
        assertEquals(List.of(400.0, 800.0, 800.0, 566.0, 476.0, 519.0, 497.0, 497.0), tried);
        assertEquals(Capacity.Kind.BRACKETED, capacity.kind());
        assertEquals(Arrays.asList(497.0, 519.0), capacity.bracket());
    }

    @Test
    void aServiceThatNeverMeetsTheTargetIsBelowTheLowestRateTriedNotZero() {
        List<Double> tried = new ArrayList<>();
        Capacity capacity = search(new CapacitySearch(SETTINGS, 50), latency(r -> 500.0), tried);
        assertEquals(List.of(50.0, 50.0, 25.0, 12.5, 6.25, 3.125, 1.5625, 1.0), tried,
                "the first rate twice: its first step still belongs to the warm-up");
        assertEquals(Capacity.Kind.BELOW_LOWEST, capacity.kind());
        assertNull(capacity.rps());
        assertEquals(Arrays.asList(0.0, 1.0), capacity.bracket());
        assertNull(capacity.atCapacity());
    }

    @Test
    void aServiceThatMeetsTheTargetAtEveryRateTheLabOffersIsAtLeastTheCap() {
        List<Double> tried = new ArrayList<>();
        Capacity capacity = search(new CapacitySearch(SETTINGS, 1000), latency(r -> 5.0), tried);
        assertEquals(List.of(1000.0, 2000.0, 4000.0, 8000.0, 10_000.0, 10_000.0), tried,
                "an \"at least\" rate is measured again before it counts");
        assertEquals(Capacity.Kind.AT_LEAST, capacity.kind());
        assertEquals(Capacity.Limit.CAP, capacity.limit());
        assertEquals(10_000.0, capacity.rps());
        assertEquals(Arrays.asList(10_000.0, null), capacity.bracket());
    }

    @Test
    void noiseNearTheKneeCannotLiftTheCapacityAboveIt() {
        // 100 ms up to 1,000 req/s, then 1 ms more per req/s: the true knee is 1,100. The fifth step
        // (1,130 req/s, truly 230 ms, after 1,600 failed twice) comes out 50 ms lucky and passes; the
        // confirmation at the end measures it again, fails it, and the search goes on below it.
        Map<Integer, Double> luck = Map.of(4, -50.0);
        List<Double> tried = new ArrayList<>();
        Capacity capacity = search(new CapacitySearch(SETTINGS, 400), (rate, call) -> CapacityStep.of(rate,
                (rate <= 1000 ? 100.0 : 100 + (rate - 1000)) + luck.getOrDefault(call, 0.0), 0, 1000, 3), tried);
        assertEquals(List.of(400.0, 800.0, 1600.0, 1600.0, 1130.0, 1340.0, 1230.0, 1180.0, 1130.0, 951.0, 1040.0,
                1080.0, 1080.0), tried);
        assertEquals(Arrays.asList(1080.0, 1130.0), capacity.bracket());
        assertTrue(capacity.rps() <= 1100, "at or below the true knee");
        assertEquals(Capacity.Outcome.PASSED, capacity.steps().get(4).outcome(), "the lucky step is kept as measured");
    }

    @Test
    void aFirstStepThatFailsIsMeasuredAgainAndAPassThereLetsTheClimbGoOn() {
        // The lab's case (docs/reactive.md): 105 ms against 100 at the first rate, still warming, then
        // 60 ms at every rate up to 1,000 req/s.
        List<Double> tried = new ArrayList<>();
        Capacity capacity = search(new CapacitySearch(SETTINGS, 200), (rate, call) -> CapacityStep.of(rate,
                call == 0 ? 210.0 : rate <= 1000 ? 60.0 : 900.0, 0, Math.round(rate * 3), 3), tried);
        assertEquals(List.of(200.0, 200.0, 400.0, 800.0, 1600.0, 1600.0, 1130.0, 951.0, 1040.0, 995.0, 995.0), tried);
        assertEquals(Capacity.Kind.BRACKETED, capacity.kind());
        assertEquals(995.0, capacity.rps());
        assertEquals(Capacity.Outcome.FAILED, capacity.steps().getFirst().outcome(), "the first step is kept as measured");
    }

    @Test
    void aFirstStepThatFailsTwiceCountsAndTheSearchGoesDown() {
        CapacitySearch search = new CapacitySearch(SETTINGS, 400);
        List<CapacityStep> steps = new ArrayList<>(List.of(CapacityStep.of(400, 250.0, 0, 1200, 3)));
        assertTrue(search.measuresFirstAgain(steps));
        assertEquals(Optional.of(400.0), search.next(steps));
        steps.add(CapacityStep.of(400, 250.0, 0, 1200, 3));
        assertEquals(Optional.of(200.0), search.next(steps), "failed again: the rate fails");
        steps.add(CapacityStep.of(200, 50.0, 0, 600, 3));
        assertEquals(Arrays.asList(200.0, 400.0), search.result(steps).bracket());
    }

    @Test
    void aClimbsFailureIsMeasuredAgainAndAFailureBelowARateOfferedBeforeCountsAtOnce() {
        CapacitySearch search = new CapacitySearch(SETTINGS, 400);
        List<CapacityStep> steps = new ArrayList<>(List.of(CapacityStep.of(400, 50.0, 0, 1200, 3)));
        assertEquals(false, search.measuresFirstAgain(steps), "a pass needs no second look");
        assertEquals(Optional.of(800.0), search.next(steps));
        steps.add(CapacityStep.of(800, 250.0, 0, 2400, 3));
        assertTrue(search.measuresFirstAgain(steps), "the service met 800 first there");
        assertEquals(Optional.of(800.0), search.next(steps));
        steps.add(CapacityStep.of(800, 250.0, 0, 2400, 3));
        assertEquals(false, search.measuresFirstAgain(steps), "its second step stands for the rate");
        assertEquals(Optional.of(566.0), search.next(steps), "failed twice: the rate fails");
        steps.add(CapacityStep.of(566, 250.0, 0, 1700, 3));
        assertEquals(false, search.measuresFirstAgain(steps), "566 lies below a rate offered before");
        assertEquals(Optional.of(476.0), search.next(steps), "a failure there counts at once");
    }

    @Test
    void aClimbsFailureThatPassesWhenMeasuredAgainLetsTheClimbGoOn() {
        // The lab's case (docs/assess.md, "Measured side by side"): virtual threads' first step near 10,000
        // req/s failed with four times the collector's pauses of the steps after it, and passed when measured again.
        CapacitySearch search = new CapacitySearch(SETTINGS, 4900);
        List<CapacityStep> steps = new ArrayList<>(List.of(CapacityStep.of(4900, 60.0, 0, 14_700, 3),
                CapacityStep.of(9800, 300.0, 0, 29_400, 3)));
        assertEquals(Optional.of(9800.0), search.next(steps));
        steps.add(CapacityStep.of(9800, 80.0, 0, 29_400, 3));
        assertEquals(Optional.of(10_000.0), search.next(steps), "the pass stands for the rate: on to the cap");
        assertEquals(Capacity.Outcome.FAILED, search.result(steps).steps().get(1).outcome(), "kept as measured");
        assertEquals(Capacity.Kind.AT_LEAST, search.result(steps).kind(), "nothing counted has failed");
    }

    @Test
    void noStepIsSpentMeasuringAgainWhereItWouldBeTheLast() {
        CapacitySearch search = new CapacitySearch(new SearchSettings(200, 1, 10_000, 2, 0.05, 0, 3), 400);
        List<CapacityStep> steps = List.of(CapacityStep.of(400, 50.0, 0, 1200, 3), CapacityStep.of(800, 250.0, 0,
                2400, 3));
        assertEquals(false, search.measuresFirstAgain(steps), "a third step to measure 800 again would leave none");
        assertEquals(Optional.of(566.0), search.next(steps));
    }

    @Test
    void aFailedFirstStepIsNoConfirmationOfItsRate() {
        // 200 failed (warming), passed when measured again; 400 failed: 200 is the capacity only once
        // it has passed again, its failed first step not counting as one of its measurements.
        CapacitySearch search = new CapacitySearch(SETTINGS, 200);
        List<CapacityStep> steps = new ArrayList<>(List.of(CapacityStep.of(200, 250.0, 0, 600, 3),
                CapacityStep.of(200, 50.0, 0, 600, 3), CapacityStep.of(400, 250.0, 0, 1200, 3),
                CapacityStep.of(283, 250.0, 0, 849, 3), CapacityStep.of(238, 250.0, 0, 714, 3),
                CapacityStep.of(218, 250.0, 0, 654, 3), CapacityStep.of(209, 250.0, 0, 627, 3)));
        assertEquals(Optional.of(200.0), search.next(steps));
    }

    @Test
    void aLuckyPassAboveAFailureDoesNotCount() {
        CapacitySearch search = new CapacitySearch(SETTINGS, 400);
        List<CapacityStep> steps = List.of(CapacityStep.of(400, 50.0, 0, 1200, 3), CapacityStep.of(800, 250.0, 0, 2400,
                3), CapacityStep.of(1600, 150.0, 0, 4800, 3));
        Capacity capacity = search.result(steps);
        assertEquals(Arrays.asList(400.0, 800.0), capacity.bracket());
        assertEquals(Optional.of(566.0), search.next(steps), "it bisects below the failure, ignoring the pass above");
    }

    @Test
    void anUnluckyFailureBelowTheKneeLowersTheCapacityTheSafeWay() {
        CapacitySearch search = new CapacitySearch(SETTINGS, 400);
        List<CapacityStep> steps = List.of(CapacityStep.of(400, 250.0, 0, 1200, 3), CapacityStep.of(800, 50.0, 0,
                2400, 3), CapacityStep.of(200, 50.0, 0, 600, 3));
        assertEquals(Arrays.asList(200.0, 400.0), search.result(steps).bracket());
    }

    @Test
    void aRateTheGeneratorCouldNotOfferEndsTheSearchWithALowerLimit() {
        CapacitySearch search = new CapacitySearch(SETTINGS, 1000);
        List<CapacityStep> steps = List.of(CapacityStep.of(1000, 5.0, 0, 3000, 3), CapacityStep.of(2000, 5.0, 0, 6000,
                3), CapacityStep.of(4000, 900.0, 0, 9000, 3).withGenerator(SATURATED));
        assertEquals(Optional.of(2000.0), search.next(steps), "the highest pass is measured again before it counts");
        steps = new java.util.ArrayList<>(steps);
        steps.add(CapacityStep.of(2000, 6.0, 0, 6000, 3));
        assertEquals(Optional.empty(), search.next(steps));
        Capacity capacity = search.result(steps);
        assertEquals(Capacity.Kind.AT_LEAST, capacity.kind());
        assertEquals(Capacity.Limit.GENERATOR, capacity.limit());
        assertEquals(2000.0, capacity.rps());
        assertEquals(Capacity.Outcome.NOT_OFFERED, capacity.steps().get(2).outcome());
    }

    @Test
    void aStartTheGeneratorCouldNotOfferSendsTheSearchDownToRatesItCan() {
        CapacitySearch search = new CapacitySearch(SETTINGS, 10_000);
        CapacityStep notOffered = CapacityStep.of(10_000, 900.0, 0, 15_000, 1.5).withGenerator(SATURATED);
        assertEquals(Optional.of(5000.0), search.next(List.of(notOffered)));
        List<CapacityStep> steps = List.of(notOffered, CapacityStep.of(5000, 3.0, 0, 7500, 1.5),
                CapacityStep.of(5000, 3.5, 0, 7500, 1.5));
        assertEquals(Optional.empty(), search.next(steps), "a lower rate passed twice: the generator is the limit");
        Capacity capacity = search.result(steps);
        assertEquals(Capacity.Kind.AT_LEAST, capacity.kind());
        assertEquals(Capacity.Limit.GENERATOR, capacity.limit());
        assertEquals(5000.0, capacity.rps());
    }

    /** Sent 35 ms late on its own schedule with CPU to spare: pushed off the CPU for a while. */
    static final CapacityStep.GeneratorSide LATE = new CapacityStep.GeneratorSide(false, 50, 35.0, 0, null);

    @Test
    void aRateTheGeneratorWasOnlyLateForIsMeasuredAgainAndAPassThereLetsTheClimbGoOn() {
        CapacitySearch search = new CapacitySearch(SETTINGS, 1000);
        List<CapacityStep> steps = new ArrayList<>(List.of(CapacityStep.of(1000, 220.0, 0, 3000, 3).withGenerator(LATE)));
        assertEquals(Optional.of(1000.0), search.next(steps), "late with CPU to spare: the same rate again");
        steps.add(CapacityStep.of(1000, 20.0, 0, 3000, 3));
        assertEquals(Optional.of(2000.0), search.next(steps), "offered and passed: the rate passes, the climb goes on");
        assertEquals(Capacity.Kind.AT_LEAST, search.result(steps).kind());
        assertEquals(1000.0, search.result(steps).rps());
        assertEquals(Capacity.Limit.STEPS, search.result(steps).limit(), "nothing is charged to the generator");
    }

    @Test
    void aRateTheGeneratorWasLateForTwiceIsNotOfferedAndEndsTheClimb() {
        CapacitySearch search = new CapacitySearch(SETTINGS, 1000);
        List<CapacityStep> steps = new ArrayList<>(List.of(CapacityStep.of(1000, 5.0, 0, 3000, 3),
                CapacityStep.of(2000, 220.0, 0, 6000, 3).withGenerator(LATE)));
        assertEquals(Optional.of(2000.0), search.next(steps));
        steps.add(CapacityStep.of(2000, 220.0, 0, 6000, 3).withGenerator(LATE));
        assertEquals(Optional.of(1000.0), search.next(steps), "late again: the highest pass is confirmed, then the end");
        steps.add(CapacityStep.of(1000, 5.0, 0, 3000, 3));
        assertEquals(Optional.empty(), search.next(steps));
        Capacity capacity = search.result(steps);
        assertEquals(Capacity.Kind.AT_LEAST, capacity.kind());
        assertEquals(Capacity.Limit.GENERATOR, capacity.limit());
        assertEquals(1000.0, capacity.rps());
    }

    @Test
    void aSaturatedGeneratorIsNotGivenTheSameRateAgain() {
        CapacitySearch search = new CapacitySearch(SETTINGS, 1000);
        List<CapacityStep> steps = List.of(CapacityStep.of(1000, 5.0, 0, 3000, 3),
                CapacityStep.of(2000, 250.0, 0, 6000, 3).withGenerator(SATURATED));
        assertEquals(Optional.of(1000.0), search.next(steps), "its loop had no CPU left: another try would not help");
    }

    @Test
    void aLateStepFollowedByAnOfferedFailureAtTheSameRateIsAFailure() {
        CapacitySearch search = new CapacitySearch(SETTINGS, 1000);
        List<CapacityStep> steps = List.of(CapacityStep.of(1000, 5.0, 0, 3000, 3),
                CapacityStep.of(2000, 220.0, 0, 6000, 3).withGenerator(LATE), CapacityStep.of(2000, 250.0, 0, 6000, 3));
        Capacity capacity = search.result(steps);
        assertEquals(Capacity.Kind.BRACKETED, capacity.kind());
        assertEquals(2000.0, capacity.high());
        assertNull(capacity.limit());
    }

    /** The generator's event loop used all its CPU. */
    static final CapacityStep.GeneratorSide SATURATED = new CapacityStep.GeneratorSide(true, 0, 0, 0, null);

    @Test
    void aGeneratorLateOnItsOwnScheduleDidNotOfferTheRateWhileWaitsForTheServiceAreTheServices() {
        CapacitySearch search = new CapacitySearch(SETTINGS, 100);
        CapacityStep lateLoop = CapacityStep.of(5000, 220.0, 0, 15_000, 3)
                .withGenerator(new CapacityStep.GeneratorSide(false, 900, 35.0, 0, null));
        assertEquals(Capacity.Outcome.NOT_OFFERED, search.judge(lateLoop),
                "missed by 20 ms, but 35 ms late on its own (17 % of 200 ms): the miss may be the generator's");
        CapacityStep farPast = CapacityStep.of(5000, 610.0, 0, 15_000, 3)
                .withGenerator(new CapacityStep.GeneratorSide(false, 900, 35.0, 0, null));
        assertEquals(Capacity.Outcome.FAILED, search.judge(farPast),
                "610 ms less the generator's worst 35 ms is still past 200 ms: the service's miss");
        CapacityStep lateButMet = CapacityStep.of(5000, 30.0, 0, 15_000, 3)
                .withGenerator(new CapacityStep.GeneratorSide(false, 900, 35.0, 0, null));
        assertEquals(Capacity.Outcome.PASSED, search.judge(lateButMet),
                "met from the intended send despite the lateness: the service did at least that");
        CapacityStep waitsForService = CapacityStep.of(5000, 350.0, 0, 15_000, 3)
                .withGenerator(new CapacityStep.GeneratorSide(false, 4000, 2.0, 3000, null));
        assertEquals(Capacity.Outcome.FAILED, search.judge(waitsForService),
                "sends late because every connection was busy: the service's doing, not the generator's");
        CapacityStep slightlyLate = CapacityStep.of(5000, 30.0, 0, 15_000, 3)
                .withGenerator(new CapacityStep.GeneratorSide(false, 10, 19.0, 0, null));
        assertEquals(Capacity.Outcome.PASSED, search.judge(slightlyLate), "under a tenth of the target");
    }

    @Test
    void aRateNotOfferedIsUnknownThereOnlyAndAnOfferedFailureAboveItStillCounts() {
        CapacitySearch search = new CapacitySearch(SETTINGS, 1000);
        List<CapacityStep> steps = List.of(CapacityStep.of(1000, 5.0, 0, 3000, 3),
                CapacityStep.of(2000, 500.0, 0, 6000, 3).withGenerator(SATURATED),
                CapacityStep.of(4000, 900.0, 0, 9000, 3), CapacityStep.of(4000, 900.0, 0, 9000, 3));
        Capacity capacity = search.result(steps);
        assertEquals(Capacity.Kind.BRACKETED, capacity.kind(), "the failure at 4000 was offered: it is not thrown away");
        assertEquals(1000.0, capacity.rps());
        assertEquals(4000.0, capacity.high());
        assertEquals(Optional.of(1000.0), search.next(steps), "what lies between cannot be offered: confirm, then stop");
    }

    @Test
    void aStepWithFewAnswersIsJudgedByItsSlowestRequest() {
        CapacitySearch search = new CapacitySearch(SETTINGS, 1);
        CapacityStep few = new CapacityStep(2, 120.0, 260.0, null, 0, 60, 30, null, null, null, null);
        assertEquals(Capacity.Outcome.FAILED, search.judge(few), "60 answers: the slowest, 260 ms, is over 200 ms");
        CapacityStep enough = new CapacityStep(20, 120.0, 260.0, null, 0, 600, 30, null, null, null, null);
        assertEquals(Capacity.Outcome.PASSED, search.judge(enough), "600 answers: their p99 decides");
    }

    @Test
    void aStepStoppedEarlyOrWithoutAnswersFails() {
        CapacitySearch search = new CapacitySearch(SETTINGS, 100);
        assertEquals(Capacity.Outcome.FAILED, search.judge(new CapacityStep(100, 50.0, 50.0, null, 0, 300, 3,
                "p50 above the target", null, null, null)));
        assertEquals(Capacity.Outcome.FAILED, search.judge(CapacityStep.of(100, null, 0, 0, 3)));
        assertEquals(Capacity.Outcome.FAILED, search.judge(CapacityStep.of(100, 10.0, 1, 300, 3)));
        assertEquals(Capacity.Outcome.FAILED, search.judge(CapacityStep.of(100, 200.5, 0, 300, 3)));
        assertEquals(Capacity.Outcome.PASSED, search.judge(CapacityStep.of(100, 200.0, 0, 300, 3)));
    }

    @Test
    void aStepWhoseMedianKeptClimbingFailsThoughItsP99MetTheTarget() {
        CapacitySearch search = new CapacitySearch(SETTINGS, 100);
        // A queue growing a little each second: p99 168 ms under the 200 ms target, the median up 110 ms.
        assertEquals(Capacity.Outcome.FAILED, search.judge(new CapacityStep(204, 168.0, 168.0, 110.0, 0, 816, 4.16,
                null, null, null, null)));
        assertEquals(Capacity.Outcome.PASSED, search.judge(new CapacityStep(195, 70.0, 70.0, 50.0, 0, 780, 4.05,
                null, null, null, null)), "a rise of a quarter of the target is within the noise allowed");
        assertEquals(Capacity.Outcome.PASSED, search.judge(new CapacityStep(195, 70.0, 70.0, -20.0, 0, 780, 4.05,
                null, null, null, null)));
    }

    @Test
    void theSearchStopsAtItsBoundOnSteps() {
        SearchSettings three = new SearchSettings(200, 1, 10_000, 2, 0.05, 1, 3);
        List<Double> tried = new ArrayList<>();
        Capacity capacity = search(new CapacitySearch(three, 100), latency(r -> 5.0), tried);
        assertEquals(List.of(100.0, 200.0, 200.0), tried, "the last step confirms the highest rate that passed");
        assertEquals(Capacity.Limit.STEPS, capacity.limit());
        assertEquals(Boolean.TRUE, capacity.confirmed());
        SearchSettings unconfirmed = new SearchSettings(200, 1, 10_000, 2, 0.05, 0, 3);
        tried.clear();
        Capacity climbed = search(new CapacitySearch(unconfirmed, 100), latency(r -> 5.0), tried);
        assertEquals(List.of(100.0, 200.0, 400.0), tried, "with no confirmation asked, every step climbs");
        assertEquals(Boolean.FALSE, climbed.confirmed());
    }

    @Test
    void theStartIsHalfTheBestThroughputThatMetTheTarget() {
        List<CurvePoint> curve = List.of(new CurvePoint(1, 19.5, 50.0, 52.0, 0), new CurvePoint(16, 300, 52.0, 60.0,
                0), new CurvePoint(64, 900, 70.0, 250.0, 0), new CurvePoint(256, 950, 200.0, 180.0, 3));
        assertEquals(150.0, CapacitySearch.startFrom(curve, 200, 10));
        assertEquals(9.75, CapacitySearch.startFrom(curve, 40, 10), "none met it: half the first step's");
        assertEquals(10.0, CapacitySearch.startFrom(List.of(), 200, 10));
        assertEquals(1.0, new CapacitySearch(SETTINGS, 0.01).next(List.of()).orElseThrow(), "clamped to the floor");
    }

    @Test
    void aCurveThatFlattenedGivesItsBestThroughputAndOneStillRisingWithItsUsersGivesNone() {
        // The page's virtual arm: 64 users carried less than 16 did.
        assertEquals(3156.0, CapacitySearch.saturationFrom(List.of(new CurvePoint(1, 1371, 0.7, 2.1, 0),
                new CurvePoint(16, 3156, 5.1, 16.1, 0), new CurvePoint(64, 1852, 33.9, 145.0, 0))).orElseThrow());
        // The pool's: 4x the users for 1.3x the throughput.
        assertEquals(4050.0, CapacitySearch.saturationFrom(List.of(new CurvePoint(1, 1698, 0.6, 1.3, 0),
                new CurvePoint(16, 3110, 5.0, 21.0, 0), new CurvePoint(64, 4050, 15.0, 40.0, 0))).orElseThrow());
        // A service that waits 50 ms: its throughput follows its users.
        assertTrue(CapacitySearch.saturationFrom(List.of(new CurvePoint(1, 19, 51.0, 51.0, 0),
                new CurvePoint(16, 310, 51.0, 52.0, 0), new CurvePoint(64, 1240, 51.0, 52.1, 0))).isEmpty());
        // At the share's edge: 64 users against 16 must carry less than 2.5x to have flattened.
        assertTrue(CapacitySearch.saturationFrom(List.of(new CurvePoint(16, 400, 5.0, 9.0, 0),
                new CurvePoint(64, 1000, 5.0, 9.0, 0))).isEmpty());
        assertEquals(999.0, CapacitySearch.saturationFrom(List.of(new CurvePoint(16, 400, 5.0, 9.0, 0),
                new CurvePoint(64, 999, 5.0, 9.0, 0))).orElseThrow());
        // A point with errors is left out, and one point alone says nothing.
        assertTrue(CapacitySearch.saturationFrom(List.of(new CurvePoint(16, 3000, 5.0, 9.0, 0),
                new CurvePoint(64, 1000, 5.0, 9.0, 12))).isEmpty());
        assertTrue(CapacitySearch.saturationFrom(List.of(new CurvePoint(16, 3000, 5.0, 9.0, 0))).isEmpty());
        assertTrue(CapacitySearch.saturationFrom(List.of()).isEmpty());
    }

    @Test
    void pastAFlattenedCurvesBestTheClimbGrowsByAQuarterNotTwofold() {
        // Knee at 3,300 req/s; the curve flattened at 3,156. Doubling from 3,156 would offer 6,312.
        Service knee = latency(r -> r <= 3300 ? 40.0 : 900.0);
        List<Double> gentle = new ArrayList<>();
        Capacity capacity = search(new CapacitySearch(SETTINGS, 1578, OptionalDouble.of(3156)), knee, gentle);
        assertEquals(List.of(1578.0, 3156.0, 3945.0, 3945.0, 3530.0, 3340.0, 3250.0, 3250.0), gentle);
        assertEquals(3250.0, capacity.rps());
        // Reversed: with no flattened curve the same service is offered twice the rate that passed.
        List<Double> doubling = new ArrayList<>();
        search(new CapacitySearch(SETTINGS, 1578), knee, doubling);
        assertEquals(List.of(1578.0, 3156.0, 6312.0), doubling.subList(0, 3));
        assertTrue(doubling.size() > gentle.size(), "the doubled climb bisected longer: " + doubling);
    }

    @Test
    void aRatePastTheFlattenedCurveThatPassesLetsTheClimbGrowAsUsual() {
        // The curve flattened at 1,000 (its users, not the service, were the bound), and the service carries 9,000.
        List<Double> tried = new ArrayList<>();
        Capacity capacity = search(new CapacitySearch(SETTINGS, 500, OptionalDouble.of(1000)),
                latency(r -> r <= 9000 ? 30.0 : 900.0), tried);
        assertEquals(List.of(500.0, 1000.0, 1250.0, 2500.0, 5000.0, 10000.0), tried.subList(0, 6));
        assertEquals(Capacity.Kind.BRACKETED, capacity.kind());
        assertTrue(capacity.rps() > 8500 && capacity.rps() <= 9000, "bracketed below the knee: " + capacity.rps());
        // A rate already between the curve's best and a quarter past it grows by a quarter of itself.
        CapacitySearch search = new CapacitySearch(SETTINGS, 1100, OptionalDouble.of(1000));
        assertEquals(1375.0, search.climb(1100));
        assertEquals(1250.0, search.climb(700), "twice 700 is past a quarter beyond 1,000");
        assertEquals(1000.0, search.climb(500), "twice 500 is within it");
        assertEquals(2500.0, search.climb(1250), "a quarter past the curve passed: twice again");
    }

    @Test
    void bisectionRoundsToThreeFiguresOnlyWhenThatStaysInside() {
        assertEquals(849.0, CapacitySearch.between(600, 1200));
        assertEquals(Math.sqrt(100.0 * 100.4), CapacitySearch.between(100, 100.4));
    }

    /**
     * A fast service and a generator whose lab CPU is {@code labCoresPerKrps} cores for each 1,000 req/s
     * it sends: the steps carry that CPU, as the lab reads it, over their 3 s.
     */
    private static Service fastWithLabCpu(double labCoresPerKrps) {
        return (rate, call) -> CapacityStep.of(rate, 20.0, 0, Math.round(rate * 3), 3)
                .withUsage(new CapacityStep.StepUsage(0.3, rate / 1000 * labCoresPerKrps * 3, null));
    }

    @Test
    void theClimbStopsWhereTheGeneratorUsedItsLoopsCoresNotAtAConstant() {
        // One loop; the lab spends 0.1 core per 1,000 req/s: it can send about 10,000 req/s.
        SearchSettings settings = new SearchSettings(200, 1, 1_000_000, 2, 0.05, 1, 30, 1);
        List<Double> tried = new ArrayList<>();
        Capacity capacity = search(new CapacitySearch(settings, 1_000), fastWithLabCpu(0.1), tried);
        assertEquals(List.of(1_000.0, 2_000.0, 4_000.0, 8_000.0, 10_000.0, 10_000.0), tried,
                "the last climb goes to the ceiling the steps showed, not past it");
        assertEquals(Capacity.Kind.AT_LEAST, capacity.kind());
        assertEquals(10_000.0, capacity.rps());
        assertEquals(Capacity.Limit.GENERATOR, capacity.limit());
        assertEquals(10_000.0, capacity.ceiling().rps(), 1e-6);
        assertEquals(1.0, capacity.ceiling().labCores(), 1e-9);
    }

    @Test
    void moreLoopsLetTheSameGeneratorClimbFurther() {
        SearchSettings settings = new SearchSettings(200, 1, 1_000_000, 2, 0.05, 1, 30, 4);
        List<Double> tried = new ArrayList<>();
        Capacity capacity = search(new CapacitySearch(settings, 1_000), fastWithLabCpu(0.1), tried);
        assertEquals(40_000.0, capacity.rps());
        assertEquals(Capacity.Limit.GENERATOR, capacity.limit());
        assertEquals(List.of(1_000.0, 2_000.0, 4_000.0, 8_000.0, 16_000.0, 32_000.0, 40_000.0, 40_000.0), tried);
    }

    @Test
    void aGeneratorWithCoresToSpareLeavesTheSearchToTheServiceAndTheCap() {
        // The same steps with the loops unknown: no ceiling, the cap ends the climb.
        List<Double> tried = new ArrayList<>();
        Capacity capacity = search(new CapacitySearch(SETTINGS, 1_000), fastWithLabCpu(0.1), tried);
        assertEquals(Capacity.Limit.CAP, capacity.limit());
        assertNull(capacity.ceiling());
        assertEquals(10_000.0, capacity.rps());
        // A cheap generator on one loop: the service's knee at 6,000 req/s is bracketed as usual.
        SearchSettings oneLoop = new SearchSettings(200, 1, 1_000_000, 2, 0.05, 1, 30, 1);
        Capacity knee = search(new CapacitySearch(oneLoop, 1_000), (rate, call) -> CapacityStep.of(rate,
                rate <= 6_000 ? 20.0 : 900.0, 0, Math.round(rate * 3), 3)
                .withUsage(new CapacityStep.StepUsage(0.3, rate / 1000 * 0.01 * 3, null)), new ArrayList<>());
        assertEquals(Capacity.Kind.BRACKETED, knee.kind());
        assertNull(knee.ceiling());
    }

    @Test
    void theCeilingIsReadFromTheFastestStepTheGeneratorOfferedWithItsCpuRead() {
        CapacitySearch search = new CapacitySearch(new SearchSettings(200, 1, 1_000_000, 2, 0.05, 1, 30, 2), 100);
        CapacityStep slow = CapacityStep.of(1_000, 20.0, 0, 3_000, 3)
                .withUsage(new CapacityStep.StepUsage(0.3, 0.3, null)); // 0.1 core
        CapacityStep fast = CapacityStep.of(4_000, 20.0, 0, 12_000, 3)
                .withUsage(new CapacityStep.StepUsage(0.3, 0.6, null)); // 0.2 core
        CapacityStep unread = CapacityStep.of(8_000, 20.0, 0, 24_000, 3);
        GeneratorCeiling ceiling = search.ceiling(List.of(slow, fast, unread)).orElseThrow();
        assertEquals(4_000.0, ceiling.fromRps());
        assertEquals(40_000.0, ceiling.rps(), 1e-6);
        assertTrue(ceiling.reachedBy(38_500, 0.05));
        assertTrue(!ceiling.reachedBy(38_000, 0.05));
        assertEquals(Optional.empty(), new CapacitySearch(SETTINGS, 100).ceiling(List.of(slow, fast)),
                "no loops known, no ceiling");
    }

    /** A step of 3 s whose service JIT compiled for {@code jitCpuS} seconds in it (null: counters unread). */
    private static CapacityStep compiling(double rate, double p99, Double jitCpuS) {
        return CapacityStep.of(rate, p99, 0, Math.round(rate * 3), 3).withUsage(new CapacityStep.StepUsage(1.0, 0.3,
                null, null, null, null, null, jitCpuS));
    }

    @Test
    void aFailureWhileTheJitCompiledAQuarterOfACoreIsMeasuredAgainAndAPassThereLetsTheSearchGoOn() {
        // The lab's case: steady at the warm-up's load, then at 14,000 req/s the JIT compiled 2.4 s in a 1.9 s
        // window; here 0.9 s in 3 s (0.3 of a core) at 800 req/s, below 1,600 (met first, failed twice), then a
        // pass at the same rate.
        CapacitySearch search = new CapacitySearch(SETTINGS, 400);
        List<CapacityStep> steps = new ArrayList<>(List.of(compiling(400, 50, 0.0), compiling(1600, 250, 0.05),
                compiling(1600, 250, 0.05), compiling(800, 250, 0.9)));
        assertTrue(search.failedWhileCompiling(steps.get(3)));
        assertEquals(false, search.measuresFirstAgain(steps), "800 lies below a rate offered before");
        assertEquals(Optional.of(800.0), search.next(steps), "measured once more");
        steps.add(compiling(800, 60, 0.05));
        assertEquals(Optional.of(1130.0), search.next(steps), "the pass stands for the rate: bisection goes on");
        steps.add(compiling(1130, 250, 0.05));
        assertEquals(Optional.of(951.0), search.next(steps), "a failure with the JIT quiet counts at once");
        Capacity capacity = search.result(steps);
        assertEquals(Arrays.asList(800.0, 1130.0), capacity.bracket());
        assertEquals(Capacity.Outcome.FAILED, capacity.steps().get(3).outcome(), "the failure is kept as measured");
    }

    @Test
    void aFailureWithTheJitQuietOrUnreadOrFailingTwiceCounts() {
        CapacitySearch search = new CapacitySearch(SETTINGS, 400);
        // Each below 1,600, which the service met first and failed twice: no first meeting to measure again.
        List<CapacityStep> above = List.of(compiling(400, 50, 0.0), compiling(1600, 250, 0.0),
                compiling(1600, 250, 0.0));
        List<CapacityStep> quiet = after(above, compiling(800, 250, 0.6)); // 0.2 of a core
        assertEquals(false, search.failedWhileCompiling(quiet.getLast()));
        assertEquals(Optional.of(566.0), search.next(quiet));
        List<CapacityStep> unread = after(above, compiling(800, 250, null));
        assertEquals(false, search.failedWhileCompiling(unread.getLast()));
        assertEquals(Optional.of(566.0), search.next(unread));
        List<CapacityStep> passed = after(above, compiling(800, 60, 0.9));
        assertEquals(false, search.failedWhileCompiling(passed.getLast()), "a pass needs no second look");
        assertEquals(Optional.of(1130.0), search.next(passed));
        List<CapacityStep> twice = after(after(above, compiling(800, 250, 0.9)), compiling(800, 250, 0.9));
        assertEquals(Optional.of(566.0), search.next(twice), "failed again, still compiling: the rate fails");
        assertEquals(Arrays.asList(400.0, 800.0), search.result(twice).bracket());
    }

    private static List<CapacityStep> after(List<CapacityStep> steps, CapacityStep next) {
        List<CapacityStep> all = new ArrayList<>(steps);
        all.add(next);
        return all;
    }
}
