package loomlab.lab.report.verdict;

import static loomlab.core.assess.AssessFixtures.NONE_PINNED;
import static loomlab.core.assess.AssessFixtures.arm;
import static loomlab.core.assess.AssessFixtures.atLeast;
import static loomlab.core.assess.AssessFixtures.below;
import static loomlab.core.assess.AssessFixtures.bracketed;
import static loomlab.core.assess.AssessFixtures.costs;
import static loomlab.core.assess.AssessFixtures.curve;
import static loomlab.core.assess.AssessFixtures.pinned;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.AssessArmResult;
import loomlab.core.arm.ParamValue;
import loomlab.core.assess.AssessFixtures;
import loomlab.core.assess.Assessment;
import loomlab.core.assess.Capacity;
import loomlab.core.assess.CapacityStep;
import loomlab.core.assess.CurvePoint;
import loomlab.core.assess.GeneratorCeiling;
import loomlab.core.assess.PinningFigures;
import loomlab.core.assess.ServiceCosts;
import loomlab.core.finding.AssessCosts;
import loomlab.core.finding.CarriersEffect;
import loomlab.core.finding.CurveFell;
import loomlab.core.finding.JvmSpread;
import loomlab.threads.Threads;
import org.junit.jupiter.api.Test;

/** The assessment's verdict follows its findings, whichever way the figures went. */
class AssessWordsTest {
    private static final List<Integer> USERS = List.of(1, 16, 64);
    private static final ServiceCosts LIGHT = costs(0.4, 0.4, 0.2, 300, 40, 30);
    private static final ServiceCosts BUSY = costs(0.9, 1.2, 0.7, 330, 230, 45);

    private static String verdict(Assessment assessment, ArmResult... arms) {
        return VerdictWriter.write(assessment.findings(List.of(arms)));
    }

    private static String verdict(ArmResult... arms) {
        return verdict(new Assessment("app.jar", 10, List.of()), arms);
    }

    private static AssessArmResult platform(Capacity capacity, ServiceCosts costs) {
        return arm(AssessFixtures.PLATFORM, 10, null, capacity, curve(10, USERS), costs, NONE_PINNED);
    }

    private static AssessArmResult virtual(Capacity capacity, ServiceCosts costs, PinningFigures pinning) {
        return arm(AssessFixtures.VIRTUAL, 10, null, capacity, curve(null, USERS), costs, pinning);
    }

    private static Capacity.TriedStep step(double rate, Capacity.Outcome outcome, long overflows) {
        return new Capacity.TriedStep(CapacityStep.of(rate, 50.0, 0, Math.round(rate * 3), 3)
                .withGenerator(new CapacityStep.GeneratorSide(false, 0, 1.0, 0, overflows)), outcome);
    }

    /**
     * Connections dropped at the listen backlog in the failure at the bracket's top: named beside it, and
     * called enough to fail the p99 only when they are 1 % of its requests (the Spring jar's virtual arm:
     * 64 drops at 15,200 req/s were not).
     */
    @Test
    void aFailureAtTheBracketsTopNamesTheConnectionsTheListenBacklogDroppedThere() {
        Capacity many = new Capacity(Capacity.Kind.BRACKETED, 190.0, 190, 199.0, null, List.of(
                step(199, Capacity.Outcome.FAILED, 25), step(190, Capacity.Outcome.PASSED, 0),
                step(190, Capacity.Outcome.PASSED, 0)));
        assertEquals("190 req/s (passed at 190, failed at 199, with 25 connections dropped at a full listen backlog,"
                + " 4.19 % of its requests: each such client retries after about 1 s, enough on their own to put its"
                + " p99 past a target under 1 s)", AssessWords.capacity(many));
        Capacity few = new Capacity(Capacity.Kind.BRACKETED, 14_500.0, 14_500, 15_200.0, null, List.of(
                step(15_200, Capacity.Outcome.FAILED, 64), step(14_500, Capacity.Outcome.PASSED, 114),
                step(14_500, Capacity.Outcome.PASSED, 0)));
        assertEquals("14,500 req/s (passed at 14,500, failed at 15,200, with 64 connections dropped at a full listen"
                + " backlog, 0.14 % of its requests: too few on their own to move its p99)", AssessWords.capacity(few));
        Capacity none = new Capacity(Capacity.Kind.BRACKETED, 190.0, 190, 199.0, null, List.of(
                step(199, Capacity.Outcome.FAILED, 0), step(190, Capacity.Outcome.PASSED, 25),
                step(190, Capacity.Outcome.PASSED, 0)));
        assertEquals("190 req/s (passed at 190, failed at 199)", AssessWords.capacity(none));
    }

    @Test
    void theGeneratorsLimitIsSaidWithWhatItShowedItCanSendAndTheWayPastIt() {
        Capacity ceiling = new Capacity(Capacity.Kind.AT_LEAST, 32_000.0, 32_000, null, Capacity.Limit.GENERATOR,
                List.of(), new GeneratorCeiling(33_100, 32_000, 0.967, 1));
        assertEquals("at least 32,000 req/s (the lab's generator's limit on this machine, not the service's: at"
                + " 32,000 req/s it used 0.97 cores on 1 loop, so about 33,100 is the most it sends here; load from"
                + " other machines goes further (Locust workers, --engine locust --worker-hosts, drive the curve from"
                + " them))", AssessWords.capacity(ceiling));
        Capacity behind = new Capacity(Capacity.Kind.AT_LEAST, 8_000.0, 8_000, null, Capacity.Limit.GENERATOR,
                List.of());
        assertTrue(AssessWords.capacity(behind).contains("not the service's: it fell behind the next rate"),
                AssessWords.capacity(behind));
        Capacity cap = new Capacity(Capacity.Kind.AT_LEAST, 8_000.0, 8_000, null, Capacity.Limit.CAP, List.of());
        assertFalse(AssessWords.capacity(cap).contains("generator"), "the search's top is not the generator's");
    }

    /** The words for loomcat's virtual arm on 8 carriers against the scheduler's default. */
    private static String carriersWords(CarriersEffect.Tail tail, int usualStalls,
                                        int carrierStalls, Double usualTailMs, Double carrierTailMs,
                                        Double usualCapacityRps, Double carrierCapacityRps) {
        loomlab.core.arm.ArmKey usual = loomlab.core.arm.ArmKey.of(loomlab.core.arm.ServerId.LOOMCAT,
                loomlab.core.arm.ArmMode.of(loomlab.threads.ExecutorMode.virtual()));
        return AssessWords.carriersEffect(CarriersEffect.judge(usual,
                usual.withParam("carriers", ParamValue.count(8)), 8, tail, usualStalls, carrierStalls, usualTailMs,
                carrierTailMs, usualCapacityRps, carrierCapacityRps));
    }

    /** Issue 41, item 7: one stall against none is given as counts, never as a change. */
    @Test
    void item7OneStallAgainstNoneIsReportedAsCountsOnly() {
        String one = carriersWords(CarriersEffect.Tail.CURVE_WORST_P99, 0, 1, 50.0, 52.0, 400.0, 410.0);
        assertTrue(one.startsWith("With 8 carriers neither the stalls nor the tail changed clearly"), one);
        assertTrue(one.contains("stalls 1 against 0 (counts only: one stall could fall this way by chance)"), one);
        String many = carriersWords(CarriersEffect.Tail.CURVE_WORST_P99, 7, 0, 50.0, 52.0, 400.0, 410.0);
        assertTrue(many.startsWith("With 8 carriers the stalls changed: "), "reversed: 0 against 7 is a change: " + many);
        assertFalse(many.contains("counts only"), many);
    }

    /**
     * A tail more than 2x apart is a difference seen in one run of each arm, never a change beyond a
     * measured spread; the words said "the tail changed". Reversed: within 2x, nothing is said to differ.
     */
    @Test
    void aTailTwiceAsLongInOneRunEachIsWordedAsOneRunsDifference() {
        String apart = carriersWords(CarriersEffect.Tail.HELLO_P99, 0, 0, 57.1, 11.9, null, null);
        assertTrue(apart.startsWith("With 8 carriers the tail differed by more than 2.0x (one run each: spread not"
                + " measured): "), apart);
        assertFalse(apart.contains("changed"), apart);
        String close = carriersWords(CarriersEffect.Tail.HELLO_P99, 0, 0, 57.1, 40.0, null, null);
        assertTrue(close.startsWith("With 8 carriers neither the stalls nor the tail changed clearly"), close);
    }

    @Test
    void theHeadlineGivesTheCapacityRatioWithBothFiguresAndTheSiteThatPinned() {
        String ahead = headline(List.of(
                fourTimes(platform(bracketed(190, 199), BUSY)), fourTimes(virtual(bracketed(950, 990), LIGHT,
                        pinned("com.example.Orders.reserve:42", 7)))));
        assertEquals("Virtual threads carried 5.0x the pool's capacity (950 (950-950) against 190 (190-190) req/s at"
                + " the p99 target, 4 runs); 7 pins at com.example.Orders.reserve:42.", ahead);
        String reversed = headline(List.of(
                fourTimes(platform(bracketed(950, 990), LIGHT)), fourTimes(virtual(bracketed(190, 199), BUSY,
                        NONE_PINNED))));
        assertEquals("The platform pool carried 5.0x virtual threads' capacity (190 (190-190) against 950 (950-950)"
                + " req/s at the p99 target, 4 runs).", reversed);
        // Three runs apart are too few: two equal arms keep ranges of three runs apart 1 time in 10.
        String three = headline(List.of(
                repeated(platform(bracketed(190, 199), BUSY), platform(bracketed(190, 199), BUSY),
                        platform(bracketed(190, 199), BUSY)), repeated(virtual(bracketed(950, 990), LIGHT,
                        NONE_PINNED), virtual(bracketed(950, 990), LIGHT, NONE_PINNED), virtual(bracketed(950, 990),
                        LIGHT, NONE_PINNED))));
        assertEquals("Virtual threads at 5.0x the pool's capacity (950 (950-950) against 190 (190-190) req/s at the"
                + " p99 target, 3 runs; too few runs to call it a lead, 1 fluke in 10).", three);
        String open = headline(List.of(
                fourTimes(platform(bracketed(190, 199), BUSY)), fourTimes(virtual(atLeast(20_000), LIGHT,
                        NONE_PINNED))));
        assertTrue(open.startsWith("Virtual threads carried at least 100.5x the pool's capacity (20,000"
                + " (20,000-20,000) against 190 (190-190) req/s"), open);
    }

    /**
     * Issue 48 section 3: one run answers by default where the windows at the deciding rate keep the arms apart,
     * with the figure a reader can check; reversed, the pool leads in the same words; windows that cross say the
     * search's draw is not borne out.
     */
    @Test
    void oneRunsLeadFromTheDecidingWindowsIsWordedWithItsChance() {
        AssessArmResult pool = platform(bracketed(190, 199), BUSY)
                .withDeciding(AssessFixtures.windows(199, 420.0, 610.0, null, 380.0, 900.0));
        AssessArmResult fast = virtual(bracketed(950, 990), LIGHT, NONE_PINNED)
                .withDeciding(AssessFixtures.windows(199, 52.0, 55.0, 51.0, 60.0, 54.0));
        String words = verdict(pool, fast);
        assertTrue(words.startsWith("Virtual threads carried more, side by side: at 199 req/s, offered to each arm in"
                + " turn after both searches, virtual threads' p99 lay below the pool's in every one of 5 windows each"
                + " (ranges apart 1 time in 126 when the two arms measure the same): virtual 950 req/s"), words);
        String headline = headline(List.of(pool, fast));
        assertEquals("Virtual threads carried 5.0x the pool's capacity (950 against 190 req/s at the p99 target;"
                + " side by side at 199 req/s, 1 fluke in 126).", headline);

        String reversed = verdict(platform(bracketed(950, 990), LIGHT)
                .withDeciding(AssessFixtures.windows(199, 52.0, 55.0, 51.0, 60.0, 54.0)),
                virtual(bracketed(190, 199), BUSY, NONE_PINNED)
                        .withDeciding(AssessFixtures.windows(199, 420.0, 610.0, null, 380.0, 900.0)));
        assertTrue(reversed.startsWith("The platform pool carried more, side by side: at 199 req/s, offered to each"
                + " arm in turn after both searches, the pool's p99 lay below virtual threads' in every one of 5"
                + " windows each (ranges apart 1 time in 126"), reversed);

        String crossed = verdict(platform(bracketed(190, 199), BUSY)
                .withDeciding(AssessFixtures.windows(199, 420.0, 48.0, 380.0, 900.0)),
                virtual(bracketed(950, 990), LIGHT, NONE_PINNED)
                        .withDeciding(AssessFixtures.windows(199, 52.0, 55.0, 51.0, 60.0)));
        assertTrue(crossed.startsWith("No lead: virtual 950 req/s"), crossed);
        assertTrue(crossed.contains("but at 199 req/s, offered to each arm in turn after both searches, their p99s"
                + " were not apart in every window, so the search's one draw each is not borne out."), crossed);
    }

    /** Issue 40 section 4: a single run names no lead and says "one run: spread not measured", whose was higher too. */
    @Test
    void repeatsAndSpread_aSingleRunsHeadlineAndVerdictSayItsSpreadWasNotMeasuredAndNameNoLead() {
        String headline = headline(List.of(
                platform(bracketed(190, 199), BUSY), virtual(bracketed(950, 990), LIGHT, NONE_PINNED)));
        assertEquals("Virtual threads at 5.0x the pool's capacity (950 against 190 req/s at the p99 target; one run:"
                + " spread not measured, so no lead).", headline);
        String words = verdict(platform(bracketed(950, 990), LIGHT), virtual(bracketed(190, 199), BUSY, NONE_PINNED));
        assertTrue(words.startsWith("One run: spread not measured, so no lead is named: virtual 190 req/s (passed at"
                + " 190, failed at 199), platform:10 950 req/s (passed at 950, failed at 990) (capacity at the p99"
                + " target in the open model, latency from the intended send time); the pool's bracket lay above, 5.0x"
                + " (4.8x to 5.2x given the brackets) what virtual threads carried. A lead needs the spread of repeated"
                + " runs (--repeat 4)."), words);
        assertFalse(words.contains("carried more"), words);
    }

    /** Four runs alike: the fewest whose ranges apart make a lead. */
    private static AssessArmResult fourTimes(AssessArmResult run) {
        return repeated(run, run, run, run);
    }

    private static AssessArmResult repeated(AssessArmResult... runs) {
        return (AssessArmResult) loomlab.core.repeat.RepeatedRuns.combine(List.of(runs));
    }

    @Test
    void virtualAheadOverRunsIsWordedWithEachMedianAndSpreadTheRangesAndTheRatioRange() {
        String words = verdict(repeated(platform(bracketed(190, 199), BUSY), platform(bracketed(185, 190), BUSY),
                platform(bracketed(195, 205), BUSY), platform(bracketed(190, 199), BUSY)),
                repeated(virtual(bracketed(950, 990), LIGHT, NONE_PINNED), virtual(bracketed(900, 950), LIGHT,
                        NONE_PINNED), virtual(bracketed(1000, 1050), LIGHT, NONE_PINNED), virtual(bracketed(950, 990),
                        LIGHT, NONE_PINNED)));
        assertTrue(words.startsWith("Virtual threads carried more in every one of 4 runs, beyond their spread (ranges"
                + " of 4 runs each come apart 1 time in 35 when the two arms measure the same): virtual"
                + " 950 (900-1,000) req/s and platform:10 190 (185-195) req/s over 4 runs (the median run's capacity at"
                + " the p99 target in the open model, with the least and most of the runs; ranges with every run's"
                + " bracket: 900-1,050 and 185-205 req/s): 5.0x (4.4x to 5.7x given the ranges of 4 runs)."), words);
        assertTrue(words.contains("platform:10's curve flattened at pool / W once users outnumbered its 10"
                + " threads: 200 req/s at 16 users, 200 req/s at 64 users against 10 / 50.0 ms = 200 req/s"), words);
        assertTrue(words.contains("virtual: JFR recorded no pin of 20 ms or longer that ended"), words);
        assertFalse(words.contains("Where the limit sat"), words);
    }

    @Test
    void reversedThePlatformPoolIsSaidToHaveCarriedMoreAndVirtualThreadsToHaveBoughtNothing() {
        String words = verdict(fourTimes(platform(bracketed(950, 990), LIGHT)), fourTimes(virtual(bracketed(190, 199),
                BUSY, pinned("com.example.Orders.reserve:42", 700))));
        assertTrue(words.startsWith("The platform pool carried more in every one of 4 runs, beyond their spread (ranges"
                + " of 4 runs each come apart 1 time in 35 when the two arms measure the same): virtual 190 (190-190)"
                + " req/s"), words);
        assertTrue(words.contains(": 5.0x (4.8x to 5.2x given the ranges of 4 runs) what virtual threads carried, so"
                + " they bought this service nothing here."), words);
        assertTrue(words.contains("virtual: 700 pinned virtual threads (jdk.VirtualThreadPinned, 35,000 ms in"
                + " all) at 1 site: com.example.Orders.reserve:42 (700, 35,000 ms)."), words);
        assertFalse(words.contains("Virtual threads carried more"), words);
    }

    @Test
    void overlappingBracketsAreATieThatNamesWhereTheLimitSat() {
        String cpu = verdict(platform(bracketed(1000, 1050), BUSY), virtual(bracketed(1020, 1070), BUSY, NONE_PINNED));
        assertTrue(cpu.startsWith("Neither thread model led:"), cpu);
        assertTrue(cpu.contains("the brackets overlap, so the measurements cannot tell them apart (one run: spread"
                + " not measured)."), cpu);
        assertTrue(cpu.contains("Where the limit sat: the machine's CPU. At capacity platform:10 used 1.90 (the"
                + " service 1.20, the lab's generator 0.70) and virtual 1.90 (the service 1.20, the lab's"
                + " generator 0.70) of the machine's 2 cores; a service whose limit is the CPU gains nothing from"
                + " virtual threads, and the generator's share of it is this machine's, not the service's."), cpu);
        ServiceCosts serviceBusy = costs(0.9, 1.8, 0.1, 330, 230, 45);
        String own = verdict(platform(bracketed(1000, 1050), serviceBusy), virtual(bracketed(1020, 1070), serviceBusy,
                NONE_PINNED));
        assertTrue(own.contains("gains nothing from virtual threads.") && !own.contains("generator's share"), own);
        String shared = verdict(arm(AssessFixtures.PLATFORM, 10, null, bracketed(1000, 1050), curve(null, USERS), LIGHT,
                NONE_PINNED), virtual(bracketed(1020, 1070), LIGHT, NONE_PINNED));
        assertTrue(shared.contains("Where the limit sat: not the CPU (at capacity platform:10 used 0.60 (the"
                + " service 0.40, the lab's generator 0.20) and virtual 0.60 (the service 0.40, the lab's"
                + " generator 0.20) of 2 cores) and not the thread model, so something both arms share: a pool the"
                + " service holds (Tomcat's max-connections, a JDBC or HTTP-client pool), a lock, a service it calls"
                + " (not the lab's generator, which used at most 0.20 cores); the lab cannot tell which from"
                + " outside."), shared);
        ServiceCosts busyGenerator = costs(0.4, 0.4, 0.9, 300, 40, 30);
        String generator = verdict(arm(AssessFixtures.PLATFORM, 10, null, bracketed(1000, 1050), curve(null, USERS),
                busyGenerator, NONE_PINNED), virtual(bracketed(1020, 1070), LIGHT, NONE_PINNED));
        assertTrue(generator.contains("a service it calls, or the lab's generator, whose event loop used up to 0.90"
                + " cores on this machine; the lab cannot tell"), generator);
        assertFalse(shared.contains("carried more"), shared);
    }

    @Test
    void rangesOverRunsThatOverlapAreATie() {
        String words = verdict(repeated(platform(bracketed(1000, 1040), LIGHT), platform(bracketed(1060, 1100), LIGHT)),
                repeated(virtual(bracketed(1050, 1100), LIGHT, NONE_PINNED), virtual(bracketed(1050, 1100), LIGHT,
                        NONE_PINNED)));
        assertTrue(words.startsWith("Neither thread model led:"), words);
        assertTrue(words.contains("their ranges over the runs overlap, so the measurements cannot tell them apart"),
                words);
    }

    @Test
    void openBracketsAreSaidAsLimitsNotFigures() {
        String words = verdict(platform(bracketed(190, 199), BUSY), virtual(atLeast(20_000), LIGHT, NONE_PINNED));
        assertTrue(words.contains("virtual at least 20,000 req/s (every rate up to the most the search offers"
                + " met the target)"), words);
        assertTrue(words.contains("latency from the intended send time); virtual threads' bracket lay above, at least"
                + " 100.5x given the brackets."), words);
        List<CurvePoint> slow = List.of(new CurvePoint(1, 3.2, 300.0, 310.0, 0));
        String below = verdict(arm(AssessFixtures.PLATFORM, 10, null, below(1), slow, LIGHT, NONE_PINNED),
                arm(AssessFixtures.VIRTUAL, 10, null, below(1), slow, LIGHT, NONE_PINNED));
        assertTrue(below.contains("below 1.00 req/s (even the lowest rate tried missed the target)"), below);
        assertTrue(below.contains("One request alone took 310 ms at p99 (the curve's first step), above the 200 ms"
                + " target: no thread model can meet it."), below);
    }

    @Test
    void aCurveThatDidNotStayAtPoolOverWaitIsNotCalledFlat() {
        String words = verdict(arm(AssessFixtures.PLATFORM, 10, null, bracketed(700, 735), curve(null, USERS), LIGHT,
                NONE_PINNED), virtual(bracketed(950, 990), LIGHT, NONE_PINNED));
        assertTrue(words.contains("platform:10's curve did not stay at pool / W = 10 / 50.0 ms = 200 req/s"),
                words);
        assertFalse(words.contains("its thread pool was its limit"), words);
    }

    @Test
    void costsGiveBothFiguresAndWhichWayTheyDiffer() {
        String words = verdict(platform(bracketed(190, 199), BUSY), virtual(bracketed(950, 990), LIGHT, NONE_PINNED));
        assertTrue(words.contains("Costs, platform:10 against virtual: peak RSS 330 against 300 MB"
                + " (virtual threads: 30.0 MB less), peak OS threads 230 against 40 (virtual threads: 190 fewer),"
                + " CPU per request at capacity 0.90 against 0.40 ms (taken at 190 and 950 req/s: figures at rates"
                + " this far apart compare loads as much as thread models)"
                + " (peaks over each arm, whose search offered up to 199 and 990 req/s). No rate both arms measured and"
                + " carried, so their costs are not compared at one rate. Over each whole run, start-up to exit, the"
                + " collector paused 45.0 against 30.0 ms in all: totals over runs of different lengths, a detail, not"
                + " a comparison."), words);
        String reversed = verdict(platform(bracketed(190, 199), LIGHT), virtual(bracketed(950, 990), BUSY,
                NONE_PINNED));
        // More memory on the arm whose search went to 990 req/s against 199: not charged to its threads.
        assertTrue(reversed.contains("peak RSS 300 against 330 MB, ") && reversed.contains("190 more"), reversed);
        String close = verdict(platform(bracketed(190, 199), BUSY), virtual(bracketed(300, 320), LIGHT, NONE_PINNED));
        assertTrue(close.contains("CPU per request at capacity 0.90 against 0.40 ms (peaks"),
                "rates under 2x apart need no caveat: " + close);
    }

    @Test
    void aLeadWhereTheCoresRanOutSaysTheCapacityIsTheMachines() {
        ServiceCosts saturated = new ServiceCosts(0.06, 1.1, 0.75, 1956.0, 33L, 1451.0, 40L, null);
        String words = verdict(platform(bracketed(199, 208), LIGHT), virtual(bracketed(15800, 16500), saturated,
                NONE_PINNED));
        assertTrue(words.contains("virtual's capacity is where this machine's cores ran out: at 15,800 req/s"
                + " the service used 1.10 and the lab's generator 0.75 of its 2 cores, so with the load sent from another"
                + " machine the lead may be larger."), words);
        String spare = verdict(platform(bracketed(199, 208), LIGHT), virtual(bracketed(15800, 16500), LIGHT,
                NONE_PINNED));
        assertFalse(spare.contains("cores ran out"), spare);
        ServiceCosts crowded = new ServiceCosts(0.06, 1.1, 0.4, 1956.0, 33L, 1451.0, 40L, null, null, 0.3, 0.1);
        String others = verdict(platform(bracketed(199, 208), LIGHT), virtual(bracketed(15800, 16500), crowded,
                NONE_PINNED));
        assertTrue(others.contains("virtual's capacity is where this machine's cores ran out: at 15,800 req/s"
                + " the service used 1.10, the lab's generator 0.40 and the machine's other work 0.30 of its 2 cores"),
                "1.5 cores the service's and the lab's, 0.3 the machine's other work: " + others);
        ServiceCosts quiet = new ServiceCosts(0.06, 1.1, 0.4, 1956.0, 33L, 1451.0, 40L, null, null, 0.05, 0.0);
        String quietWords = verdict(platform(bracketed(199, 208), LIGHT), virtual(bracketed(15800, 16500), quiet,
                NONE_PINNED));
        assertFalse(quietWords.contains("cores ran out"), "1.55 of 2 cores: " + quietWords);
    }

    @Test
    void costsNeitherArmReadAreLeftOutAndASearchThatNeverRanIsNotQuoted() {
        ServiceCosts threadsOnly = new ServiceCosts(null, null, null, null, 3L, null, null, null);
        String words = verdict(platform(Capacity.NOT_MEASURED, threadsOnly), virtual(Capacity.NOT_MEASURED,
                threadsOnly, PinningFigures.UNREAD));
        assertTrue(words.contains("Costs, platform:10 against virtual: peak OS threads 3 against 3"
                + " (the same) (no capacity step ran)."), words);
        assertFalse(words.contains("n/a"), words);
        String none = verdict(platform(Capacity.NOT_MEASURED, ServiceCosts.UNKNOWN), virtual(Capacity.NOT_MEASURED,
                ServiceCosts.UNKNOWN, PinningFigures.UNREAD));
        assertFalse(none.contains("Costs"), none);
    }

    @Test
    void aSiteThatPinsOnlyOnJdk21IsNamedSo() {
        String site = "com.example.Orders.reserve:42";
        Assessment twoJdks = new Assessment("app", 10, List.of(21, 25));
        String words = verdict(twoJdks,
                arm(AssessFixtures.VIRTUAL, 10, 21, bracketed(38, 40), curve(null, USERS), LIGHT, pinned(site, 120)),
                arm(AssessFixtures.VIRTUAL, 10, 25, bracketed(950, 990), curve(null, USERS), LIGHT, NONE_PINNED));
        assertTrue(words.contains(site + " pins only on JDK 21, not on JDK 25."), words);
        String onBoth = verdict(twoJdks,
                arm(AssessFixtures.VIRTUAL, 10, 21, bracketed(38, 40), curve(null, USERS), LIGHT, pinned(site, 120)),
                arm(AssessFixtures.VIRTUAL, 10, 25, bracketed(38, 40), curve(null, USERS), LIGHT, pinned(site, 118)));
        assertFalse(onBoth.contains("pins only on"), onBoth);
        assertTrue(onBoth.contains("virtual, JDK 25: 118 pinned virtual threads"), onBoth);
    }

    @Test
    void manySitesThatPinOnOneJdkAreNamedUpToThreeAndCountedAfter() {
        java.util.Map<String, List<Integer>> sites = new java.util.LinkedHashMap<>();
        for (int i = 1; i <= 5; i++) {
            sites.put("a.B.c:" + i, List.of(21));
        }
        String words = VerdictWriter.write(List.of(new loomlab.core.finding.PinsOnSomeJdks(sites, List.of(21, 25))));
        assertTrue(words.startsWith("a.B.c:1 pins only on JDK 21, not on JDK 25. a.B.c:2"), words);
        assertTrue(words.endsWith("a.B.c:3 pins only on JDK 21, not on JDK 25. 2 more sites pin on some of the JDKs"
                + " only (the pinning table lists them)."), words);
    }

    @Test
    void anArmWithoutARecordingSaysItsPinningIsUnknown() {
        String words = verdict(platform(bracketed(190, 199), BUSY), virtual(bracketed(950, 990), LIGHT,
                PinningFigures.UNREAD));
        assertTrue(words.contains("virtual: no flight recording could be read, so its pinning is unknown."),
                words);
    }
    /**
     * Issue 48 section 1: "still warming" only where the JIT's CPU inside the failed step accounts for its
     * extra CPU; without that reading, the step cost more per request while overloaded, cause not measured,
     * and the capacity stands.
     */
    @Test
    void anArmStillWarmingIsSaidOnlyWhereTheJitAccountsForTheExtraCpu() {
        loomlab.core.arm.ArmKey virtual = loomlab.core.assess.AssessFixtures.key(AssessFixtures.VIRTUAL, null, null);
        String unread = AssessWords.warming(new loomlab.core.finding.WarmingThroughSearch(virtual,
                new loomlab.core.assess.Warming(400, 3.78, 336, 2.49, null), 367));
        assertEquals("virtual's failed step cost more per request while overloaded, cause not measured: the step that"
                + " failed, at 400 req/s, cost at least 3.78 ms of CPU a request (counted against every request it"
                + " served, failed or left in flight), and a later step at 336 req/s passed at no more than 2.49 ms"
                + " (1.5x less, where a steady service costs more per request at a lower rate). The JIT's CPU in that"
                + " step was not read, so what that CPU went to is not known. Its capacity stands as measured.", unread);
        String compiled = AssessWords.warming(new loomlab.core.finding.WarmingThroughSearch(virtual,
                new loomlab.core.assess.Warming(400, 3.78, 336, 2.49, new loomlab.core.assess.Warming.Jit(412L, 640,
                        774)), 367));
        assertTrue(compiled.startsWith("virtual was still warming through its search: "), compiled);
        assertTrue(compiled.endsWith(" Its capacity reads as at least 367 req/s, and no comparison rests on that"
                + " failure; a longer warm-up would say more."), compiled);
    }

    /** Issue 48 section 1: an arm not steady after its warm-up is named with what kept it, and the rule. */
    @Test
    void anArmNotSteadyIsNamedWithWhatKeptItAndTheRule() {
        loomlab.core.arm.ArmKey virtual = loomlab.core.assess.AssessFixtures.key(AssessFixtures.VIRTUAL, null, null);
        loomlab.core.assess.SteadyRule rule = loomlab.core.assess.SteadyRule.QUICK;
        java.util.List<loomlab.core.assess.WarmupWindow> jitBusy = java.util.List.of(
                new loomlab.core.assess.WarmupWindow(3, 600, 6.0, 0.36), new loomlab.core.assess.WarmupWindow(3, 600,
                        6.0, 0.3), new loomlab.core.assess.WarmupWindow(3, 600, 6.0, 0.3));
        String words = AssessWords.notSteady(new loomlab.core.finding.NotSteady(virtual, 1,
                loomlab.core.assess.WarmupEvidence.of(rule, jitBusy)));
        assertEquals("virtual was not steady after 9.00 s (1,800 requests, the JIT's CPU 0.96 s): the JIT still took"
                + " up to 12% of a core over the last 3 windows (steady once, over 3 consecutive windows of 3 s at 16"
                + " users, the JIT took at most 5% of a core, throughput stayed within 5% and CPU per request within 5%"
                + " or 5% of a core at the load,"
                + " within 120 s). Its figures are kept as measured, and no lead rests on them; a longer cap, or a"
                + " service that settles, would say more.", words);
        java.util.List<loomlab.core.assess.WarmupWindow> quiet = java.util.List.of(
                new loomlab.core.assess.WarmupWindow(3, 600, 6.0, 0.03), new loomlab.core.assess.WarmupWindow(3, 600,
                        6.0, 0.03), new loomlab.core.assess.WarmupWindow(3, 600, 6.0, 0.03));
        assertEquals("steady after 9.00 s (1,800 requests, the JIT's CPU 0.09 s)",
                loomlab.lab.report.verdict.WarmupText.summary(loomlab.core.assess.WarmupEvidence.of(rule, quiet)),
                "reversed: settled");
    }

    /** Issue 41, item 6: the JIT is named from its own CPU in the window, and only where that accounts for the extra. */
    @Test
    void item6TheJitIsNamedOnlyWhereItsCpuInTheWindowAccountsForTheExtraCpu() {
        loomlab.core.arm.ArmKey virtual = loomlab.core.assess.AssessFixtures.key(AssessFixtures.VIRTUAL, null, null);
        String compiled = AssessWords.warming(new loomlab.core.finding.WarmingThroughSearch(virtual,
                new loomlab.core.assess.Warming(400, 3.78, 336, 2.49, new loomlab.core.assess.Warming.Jit(412L, 640,
                        774)), 367));
        assertTrue(compiled.contains("The JIT was at work in that step: the JIT's compiler threads used 640 ms of CPU"
                + " inside its window (412 compilations in the flight recording), 82.7 % of its 774 ms of CPU above the"
                + " later step's cost."), compiled);
        String few = AssessWords.warming(new loomlab.core.finding.WarmingThroughSearch(virtual,
                new loomlab.core.assess.Warming(400, 3.78, 336, 2.49, new loomlab.core.assess.Warming.Jit(null, 30, 774)),
                367));
        assertTrue(few.contains("In that step the JIT's compiler threads used 30.0 ms of CPU inside its window, too"
                + " little to account for its 774 ms of CPU above the later step's cost: what that CPU went to"
                + " was not measured."), few);
        assertFalse(few.contains("at work") || few.contains("still warming"),
                "reversed: the JIT is not named as the cause: " + few);
    }

    /** Issue 41, item 5: GC compared inside the common rate's window; the whole-run totals a labelled detail only. */
    @Test
    void item5GcIsComparedPerThousandRequestsAtTheCommonRateAndTheWholeRunOnlyAsADetail() {
        loomlab.core.arm.ArmKey pool = loomlab.core.arm.ArmKey.program("platform:10", Threads.PLATFORM);
        loomlab.core.arm.ArmKey virtual = loomlab.core.arm.ArmKey.program(Threads.VIRTUAL);
        ServiceCosts poolCosts = withGc(atCommonRate(new loomlab.core.assess.RateCosts(190, 1.08, 0.2, 275.0, true, 0,
                0.52, 0.009)), 82.25, 12L);
        ServiceCosts virtualCosts = withGc(atCommonRate(new loomlab.core.assess.RateCosts(190, 0.77, 0.15, 290.0, true,
                0, 0.31, 0.004)), 4_100.0, 600L);
        String words = AssessWords.costs(paired(pool, poolCosts, virtual, virtualCosts));
        assertTrue(words.contains("GC pauses 0.52 against 0.31 ms per 1,000 requests (0.90 % against 0.40 % of the"
                + " step's wall time, from the recording's timestamps inside its window)"), words);
        assertTrue(words.contains("Over each whole run, start-up to exit, the collector paused 82.3 against 4,100 ms in"
                + " all: totals over runs of different lengths, a detail, not a comparison."), words);
        assertFalse(words.contains("ms over each run"), "the totals are no longer set side by side as a cost: " + words);
        String unread = AssessWords.costs(paired(pool, withGc(atCommonRate(
                new loomlab.core.assess.RateCosts(190, 1.08, 0.2, 275.0, true, 0)), 82.25, 12L), virtual,
                withGc(atCommonRate(new loomlab.core.assess.RateCosts(190, 0.77, 0.15, 290.0, true, 0)), 4_100.0,
                        600L)));
        assertFalse(unread.contains("per 1,000 requests"), "reversed: no window read, no GC comparison: " + unread);
    }

    /** A curve that fell: the figures as measured, once, no cause named; a later run of a repeat says which. */
    @Test
    void aCurveThatFellIsSaidAsOneReadingWithNoCauseAndARepeatsRunIsNamed() {
        String once = AssessWords.curveFell(new CurveFell(loomlab.core.arm.ArmKey.program(Threads.VIRTUAL), 1, 16,
                3339, 64, 2086));
        assertEquals("virtual's curve fell with more users: 2,086 req/s at 64 users against 3,339 at 16 (38% fewer):"
                + " more requests in flight at once were served fewer times a second. Each point was measured once,"
                + " so this is one reading with no spread, and a fall that --repeat does not show again may be the"
                + " machine's.", once);
        String second = AssessWords.curveFell(new CurveFell(loomlab.core.arm.ArmKey.program("platform:10",
                Threads.PLATFORM), 2, 16, 3344, 64, 2233));
        assertTrue(second.startsWith("In run 2, platform:10's curve fell with more users: 2,233 req/s at 64 users"),
                second);
        assertFalse(once.startsWith("In run"), "reversed: a first run is not named: " + once);
    }

    /** An arm that moved between its runs while the other held: the figures and the one cause they show. */
    @Test
    void anArmThatMovedBetweenItsJvmsIsSaidWithTheOtherArmThatHeld() {
        String words = AssessWords.jvmSpread(new JvmSpread(loomlab.core.arm.ArmKey.program("platform:10",
                Threads.PLATFORM), 4, 2490, 3540, 0.516, 0.638, loomlab.core.arm.ArmKey.program(Threads.VIRTUAL), 2030,
                2330));
        assertEquals("platform:10's capacity moved 1.4x over its 4 runs (2,490 to 3,540 req/s, its CPU per request at"
                + " capacity 0.52 to 0.64 ms), each a fresh JVM, while virtual's, measured in turn beside it, moved 1.1x"
                + " (2,030 to 2,330 req/s) with its capacity where the machine's cores ran out in every run: a slower"
                + " machine would have lowered both, so the spread is platform:10's own, from one JVM to the next. One"
                + " run of it is one draw from that spread; its figures need more runs (--repeat) than virtual's do.",
                words);
        String unread = AssessWords.jvmSpread(new JvmSpread(loomlab.core.arm.ArmKey.program("platform:10",
                Threads.PLATFORM), 4, 2490, 3540, null, null, loomlab.core.arm.ArmKey.program(Threads.VIRTUAL), 2030,
                2330));
        assertTrue(unread.contains("(2,490 to 3,540 req/s), each a fresh JVM"), "no CPU figure where unread: " + unread);
    }

    /** Both arms' costs, compared at the rate of their {@code atCommonRate} in one run. */
    /** The headline of an assessment of these arms, as the assessment ranks its findings. */
    private static String headline(List<? extends ArmResult> arms) {
        Assessment assessment = new Assessment("app.jar", 10, List.of());
        return HeadlineWords.headline(assessment, assessment.findings(List.<ArmResult>copyOf(arms)));
    }

    private static AssessCosts paired(loomlab.core.arm.ArmKey pool, ServiceCosts poolCosts, loomlab.core.arm.ArmKey virtual,
                                      ServiceCosts virtualCosts) {
        return new AssessCosts(pool, poolCosts, 349, virtual, virtualCosts, 19_281, 190.0, 13_000.0, List.of(
                new AssessCosts.AtCommonRate(1, poolCosts.atCommonRate().rateRps(), poolCosts.atCommonRate(),
                        virtualCosts.atCommonRate())));
    }

    private static ServiceCosts withGc(ServiceCosts c, double wholeRunMs, long collections) {
        return new ServiceCosts(c.cpuPerRequestMs(), c.serviceCores(), c.labCores(), c.peakRssMb(), c.peakThreads(),
                wholeRunMs, collections, c.atCommonRate());
    }

    /**
     * Resident memory at the common rate read after the search had offered far more (the Spring jar's
     * virtual arm: up to 19,281 req/s before its step at 190) says so; read before any higher rate, it
     * stands alone.
     */
    @Test
    void memoryAtTheCommonRateReadAfterHigherRatesSaysSo() {
        loomlab.core.arm.ArmKey pool = loomlab.core.arm.ArmKey.program("platform:10", Threads.PLATFORM);
        loomlab.core.arm.ArmKey virtual = loomlab.core.arm.ArmKey.program(Threads.VIRTUAL);
        ServiceCosts costs = new ServiceCosts(0.5, 0.5, 0.1, 300.0, 40L, 10.0, 2L, null);
        loomlab.core.assess.RateCosts poolAt = new loomlab.core.assess.RateCosts(190, 1.08, 0.2, 275.0, true, 0);
        loomlab.core.assess.RateCosts after = new loomlab.core.assess.RateCosts(190, 0.77, 0.15, 1_130.0, true, 19_281);
        String words = AssessWords.costs(new AssessCosts(pool, costs, 349, virtual, costs, 19_281, 190.0, 13_000.0,
                List.of(new AssessCosts.AtCommonRate(1, 190.0, poolAt, after))));
        assertTrue(words.contains("At 190 req/s, a rate both measured and carried: CPU per request 1.08 against 0.77"
                + " ms, RSS 275 against 1,130 MB (read after steps that offered more in the same processes, up to 19,281"
                + " req/s, so not this rate's alone)."), words);
        loomlab.core.assess.RateCosts before = new loomlab.core.assess.RateCosts(190, 0.77, 0.15, 290.0, true, 0);
        String clean = AssessWords.costs(new AssessCosts(pool, costs, 349, virtual, costs, 19_281, 190.0, 13_000.0,
                List.of(new AssessCosts.AtCommonRate(1, 190.0, poolAt, before))));
        assertTrue(clean.contains("At 190 req/s, a rate both measured and carried: CPU per request 1.08 against 0.77"
                + " ms, RSS 275 against 290 MB. Over each whole run"), clean);
    }

    /**
     * Issue 40 section 4: costs are set side by side only at a rate both arms measured and carried; a run
     * without one says so, and over runs each figure is the median with its least and most.
     */
    @Test
    void repeatsAndSpread_costsAtACommonRateOnlyWhereBothMeasuredItAndOverRunsWithTheirSpread() {
        loomlab.core.arm.ArmKey pool = loomlab.core.arm.ArmKey.program("platform:10", Threads.PLATFORM);
        loomlab.core.arm.ArmKey virtual = loomlab.core.arm.ArmKey.program(Threads.VIRTUAL);
        ServiceCosts costs = new ServiceCosts(0.5, 0.5, 0.1, 300.0, 40L, 10.0, 2L, null);
        String none = AssessWords.costs(new AssessCosts(pool, costs, 349, virtual, costs, 199, 190.0, 100.0,
                List.of(new AssessCosts.AtCommonRate(1, null, null, null))));
        assertTrue(none.contains(" No rate both arms measured and carried, so their costs are not compared at one"
                + " rate."), none);
        assertFalse(none.contains("a rate both were offered"), none);
        String runs = AssessWords.costs(new AssessCosts(pool, costs, 349, virtual, costs, 199, 190.0, 100.0, List.of(
                new AssessCosts.AtCommonRate(1, 95.0, rate(95, 1.0), rate(95, 0.5)),
                new AssessCosts.AtCommonRate(2, null, null, null),
                new AssessCosts.AtCommonRate(3, 100.0, rate(100, 0.8), rate(100, 0.6)))));
        assertTrue(runs.contains(" At a rate both measured and carried in runs 1 and 3 (95.0 and 100 req/s; each"
                + " figure the median of the runs with the least and most): CPU per request 0.80 (0.80-1.00) against"
                + " 0.50 (0.50-0.60) ms, RSS 300 (300-300) against 300 (300-300) MB. No such rate in run 2."), runs);
    }

    private static loomlab.core.assess.RateCosts rate(double rps, double cpuMs) {
        return new loomlab.core.assess.RateCosts(rps, cpuMs, 0.2, 300.0, true, 0);
    }

    /**
     * Issue 40 section 4: a per-path tail is compared at the percentile both paths' counts support; with
     * too few requests for a p99, each arm's slowest request is given with its count, and no 10x is claimed.
     */
    @Test
    void repeatsAndSpread_aPathTailOnTooFewRequestsGivesTheSlowestWithItsCountAndClaimsNoTenfold() {
        loomlab.core.arm.ArmKey pool = loomlab.core.arm.ArmKey.program("platform:10", Threads.PLATFORM);
        loomlab.core.arm.ArmKey virtual = loomlab.core.arm.ArmKey.program(Threads.VIRTUAL);
        loomlab.core.finding.PathTail few = loomlab.core.finding.PathTail.judge(200, pool,
                new loomlab.core.arm.PathFigures("/pay", 30, 10.0, 1_050.0, 1_050.0, 1_050.0, 0), List.of(), virtual,
                new loomlab.core.arm.PathFigures("/pay", 28, 10.0, 40.0, 40.0, 40.0, 0), List.of()).orElseThrow();
        assertEquals("At 200 req/s, /pay's slowest request took 1,050 ms on platform:10 (of 30) against 40.0 ms on"
                + " virtual (of 28), from the intended send time: too few requests for a p99 (1,000) or a p99.9"
                + " (10,000), so no tail is compared.", AssessWords.pathTail(few));
        loomlab.core.finding.PathTail enough = loomlab.core.finding.PathTail.judge(200, pool,
                new loomlab.core.arm.PathFigures("/pay", 30_000, 10.0, 900.0, 1_050.0, 3_000.0, 0), List.of(), virtual,
                new loomlab.core.arm.PathFigures("/pay", 29_000, 10.0, 30.0, 40.0, 60.0, 0), List.of()).orElseThrow();
        // One run's tail difference is one draw: worded as seen once.
        assertEquals("At 200 req/s, /pay's p99.9 was 1,050 ms on platform:10 against 40.0 ms on virtual (26.3x, from"
                + " the intended send time; 30,000 and 29,000 requests; seen once: one run measured no spread).",
                AssessWords.pathTail(enough));
        assertEquals("At 200 req/s (in each of 3 runs; the first run's figures), /pay's p99.9 was 1,050 ms on"
                + " platform:10 against 40.0 ms on virtual (26.3x, from the intended send time; 30,000 and 29,000"
                + " requests).", AssessWords.pathTail(enough.inRuns(3)));
    }

    /**
     * More peak memory on the arm whose search went further is not charged to its thread model; more on
     * the arm offered the same or less is (the reversed case).
     */
    @Test
    void morePeakMemoryUnderAHeavierLoadIsNotChargedToTheThreadModel() {
        loomlab.core.arm.ArmKey pool = loomlab.core.arm.ArmKey.program("platform:10", Threads.PLATFORM);
        loomlab.core.arm.ArmKey virtual = loomlab.core.arm.ArmKey.program(Threads.VIRTUAL);
        ServiceCosts small = new ServiceCosts(1.37, 0.24, 0.06, 283.0, 40L, 151.0, 3L, null);
        ServiceCosts large = new ServiceCosts(0.10, 1.22, 0.35, 1_501.0, 34L, 1_643.0, 30L, null);
        String heavier = AssessWords.costs(new AssessCosts(pool, small, 349, virtual, large,
                19_281, 190.0, 13_000.0));
        assertTrue(heavier.contains("peak RSS 283 against 1,501 MB, "), heavier);
        String same = AssessWords.costs(new AssessCosts(pool, small, 19_281, virtual, large,
                19_281, 190.0, 13_000.0));
        assertTrue(same.contains("peak RSS 283 against 1,501 MB (virtual threads: 1,218 MB more)"), same);
    }

    private static ServiceCosts atCommonRate(loomlab.core.assess.RateCosts at) {
        return new ServiceCosts(0.5, 0.5, 0.1, 300.0, 40L, 10.0, 2L, at);
    }
}
