package loomlab.core.assess;

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
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.AssessArmResult;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.Spread;
import loomlab.core.breakage.WatchReport;
import loomlab.core.experiment.OnJdks;
import loomlab.core.experiment.Profile;
import loomlab.core.finding.AssessCosts;
import loomlab.core.finding.Bottleneck;
import loomlab.core.finding.CapacityLead;
import loomlab.core.finding.Chance;
import loomlab.core.finding.CurveFell;
import loomlab.core.finding.Finding;
import loomlab.core.finding.LeadAtCores;
import loomlab.core.finding.Leader;
import loomlab.core.finding.NotMeasured;
import loomlab.core.finding.NotSteady;
import loomlab.core.finding.PinningSitesFound;
import loomlab.core.finding.PinsOnSomeJdks;
import loomlab.core.finding.PoolCeiling;
import loomlab.core.finding.WarmingThroughSearch;
import org.junit.jupiter.api.Test;

/** Each finding follows the figures, and turns when they are reversed. */
class AssessmentTest {
    private static final Assessment POOL_10 = new Assessment("spring.jar", 10, List.of());
    private static final List<Integer> USERS = List.of(1, 16, 64);
    private static final ServiceCosts LIGHT = costs(0.4, 0.4, 0.2, 300, 40, 30);
    private static final ServiceCosts BUSY = costs(0.9, 1.2, 0.7, 330, 230, 45);

    private static <F extends Finding> List<F> all(List<Finding> findings, Class<F> type) {
        return findings.stream().filter(type::isInstance).map(type::cast).toList();
    }

    private static <F extends Finding> F only(List<Finding> findings, Class<F> type) {
        List<F> found = all(findings, type);
        assertEquals(1, found.size(), type.getSimpleName() + " in " + findings);
        return found.getFirst();
    }

    private static List<Finding> findings(Assessment assessment, ArmResult... arms) {
        return assessment.findings(List.of(arms));
    }

    private static AssessArmResult platform(Capacity capacity, ServiceCosts costs) {
        return arm(AssessFixtures.PLATFORM, 10, null, capacity, curve(10, USERS), costs, NONE_PINNED);
    }

    private static AssessArmResult virtual(Capacity capacity, ServiceCosts costs) {
        return arm(AssessFixtures.VIRTUAL, 10, null, capacity, curve(null, USERS), costs, NONE_PINNED);
    }

    @Test
    void plansThePlatformArmThenTheVirtualArmOnEachChosenJdk() {
        assertEquals(List.of("platform:10", "virtual"),
                POOL_10.plan(Profile.QUICK).stream().map(ArmPlan::name).toList());
        Assessment twoJdks = new Assessment("app", null, List.of(21, 25));
        List<ArmPlan> onTwo = OnJdks.apply(twoJdks.plan(Profile.QUICK), twoJdks.jdks());
        assertEquals(List.of("platform, JDK 21", "platform, JDK 25", "virtual, JDK 21",
                "virtual, JDK 25"), onTwo.stream().map(ArmPlan::name).toList());
        assertEquals(21, ((AssessArmPlan) onTwo.get(2)).jdk());
        assertEquals("assess", POOL_10.name());
        assertTrue(POOL_10.summary().contains("spring.jar"));
    }

    @Test
    void aVirtualCurveThatFellWithMoreUsersIsAFindingOfThatArmAndARisingOneIsNot() {
        List<CurvePoint> fell = List.of(new CurvePoint(1, 1125, 0.8, 2.0, 0), new CurvePoint(16, 3339, 4.6, 15.0, 0),
                new CurvePoint(64, 2086, 30.0, 120.0, 0));
        List<Finding> found = findings(POOL_10, platform(bracketed(950, 990), LIGHT), arm(AssessFixtures.VIRTUAL, 10,
                null, bracketed(190, 199), fell, LIGHT, NONE_PINNED));
        CurveFell said = only(found, CurveFell.class);
        assertEquals("virtual", said.arm().toString());
        assertEquals(2086, said.lastRps());
        assertEquals(1, said.run());
        // Reversed: the same arms with curves that rise (the pool's flattens at pool / W, no fall).
        assertTrue(all(findings(POOL_10, platform(bracketed(950, 990), LIGHT), virtual(bracketed(190, 199), LIGHT)),
                CurveFell.class).isEmpty());
    }

    @Test
    void aFailureWhileTheVirtualArmStillWarmedGivesThePoolNoLeadAndIsSaid() {
        // Virtual threads failed 199 req/s at 2 ms of CPU a request on most of the cores, then passed 190 at
        // 0.5 ms: the failure bounds a warming service, so the pool's 950-990 is no lead over it.
        List<Finding> warming = findings(POOL_10, platform(bracketed(950, 990), LIGHT),
                virtual(AssessFixtures.warmingBracket(190, 199), BUSY));
        WarmingThroughSearch said = only(warming, WarmingThroughSearch.class);
        assertEquals(199, said.warming().failedRps());
        assertEquals(190, said.capacityRps());
        CapacityLead lead = only(warming, CapacityLead.class);
        assertEquals(Leader.NEITHER, lead.leader());
        assertEquals(Capacity.Limit.WARMING, lead.virtualCapacity().limit());
        // Reversed: the same bracket from a steady service (the same CPU a request throughout).
        List<Finding> steady = findings(POOL_10, platform(bracketed(950, 990), LIGHT),
                virtual(bracketed(190, 199), BUSY));
        assertTrue(all(steady, WarmingThroughSearch.class).isEmpty());
        assertEquals(Leader.SECOND, only(steady, CapacityLead.class).ahead());
    }

    @Test
    void aCapacityBoundedByAWarmingFailureIsTheWarmUpsLimitAndASteadyOneTheServices() {
        assertEquals(WhoseLimit.WARM_UP, virtual(AssessFixtures.warmingBracket(190, 199), BUSY).whoseLimit(),
                "as the comparison reads it: at least the rate that passed");
        assertEquals(WhoseLimit.SERVICE, virtual(bracketed(190, 199), LIGHT).whoseLimit());
    }

    /**
     * Issue 48 section 1: the same costlier failure, with compilations inside it too few to account for its
     * extra CPU, is no evidence of warming: it is said, and the capacity stands as measured.
     */
    @Test
    void aCostlierFailureTheJitDoesNotAccountForLeavesTheCapacityAsMeasured() {
        List<Finding> found = findings(POOL_10, platform(bracketed(950, 990), LIGHT),
                virtual(AssessFixtures.costlierBracket(190, 199, 100), BUSY));
        WarmingThroughSearch said = only(found, WarmingThroughSearch.class);
        assertTrue(!said.warming().stillWarming(), said.toString());
        CapacityLead lead = only(found, CapacityLead.class);
        assertEquals(Capacity.Kind.BRACKETED, lead.virtualCapacity().kind());
        assertEquals(Leader.SECOND, lead.ahead(), "the failure stands: the pool's bracket lay above");
        assertTrue(only(findings(POOL_10, platform(bracketed(950, 990), LIGHT),
                virtual(AssessFixtures.warmingBracket(190, 199), BUSY)), WarmingThroughSearch.class).warming()
                .stillWarming(), "reversed: 3,000 ms of compiling accounts for it");
    }

    /**
     * Issue 40 section 4: one run measures no spread, so brackets far apart name no lead; they still say
     * whose lay above, and by what ratio.
     */
    @Test
    void repeatsAndSpread_oneRunNamesNoLeadHoweverFarApartItsBracketsAndSaysWhoseLayAbove() {
        CapacityLead virtualAhead = only(findings(POOL_10, platform(bracketed(190, 199), BUSY),
                virtual(bracketed(950, 990), LIGHT)), CapacityLead.class);
        assertEquals(Leader.NEITHER, virtualAhead.leader());
        assertEquals(CapacityLead.Tie.ONE_RUN, virtualAhead.why());
        assertEquals(Leader.FIRST, virtualAhead.ahead());
        assertEquals(1, virtualAhead.runs());
        assertEquals(950.0 / 190, virtualAhead.ratio(), 1e-9);
        assertEquals(950.0 / 199, virtualAhead.ratioLow(), 1e-9);
        assertEquals(990.0 / 190, virtualAhead.ratioHigh(), 1e-9);

        List<Finding> reversed = findings(POOL_10, platform(bracketed(950, 990), LIGHT),
                virtual(bracketed(190, 199), BUSY));
        assertEquals(Leader.SECOND, only(reversed, CapacityLead.class).ahead());
        assertTrue(all(reversed, Bottleneck.class).isEmpty(), "brackets apart need no bottleneck named");
    }

    /**
     * Issue 40 section 4 and issue 48 section 3: over repeated runs, each capacity is the median run's with its
     * least and most, and a lead is named where the ranges of every run's bracket do not overlap and hold runs
     * enough that two equal arms would keep them apart at most 1 time in 20: four runs each (1 in 35). Three
     * runs each apart are no lead (1 in 10), and say so; reversed, where one run of the virtual arm reaches
     * into the pool's range, there is none either.
     */
    @Test
    void repeatsAndSpread_aLeadNeedsRangesApartOverRunsEnoughAndOverlapNamesNone() {
        AssessArmResult pool = repeated(platform(bracketed(190, 199), BUSY), platform(bracketed(185, 195), BUSY),
                platform(bracketed(195, 205), BUSY), platform(bracketed(188, 197), BUSY));
        AssessArmResult apart = repeated(virtual(bracketed(950, 990), LIGHT), virtual(bracketed(900, 950), LIGHT),
                virtual(bracketed(1000, 1050), LIGHT), virtual(bracketed(940, 980), LIGHT));
        CapacityLead lead = only(findings(POOL_10, pool, apart), CapacityLead.class);
        assertEquals(Leader.FIRST, lead.leader());
        assertNull(lead.why());
        assertEquals(4, lead.runs());
        assertEquals(Chance.of(4, 4), lead.chance());
        assertEquals(35.0, lead.chance().oneIn(), 1e-9);
        assertEquals(new Spread(List.of(950.0, 900.0, 1000.0, 940.0), 940, 900, 1000), lead.virtualRuns());
        assertEquals(new Spread(List.of(190.0, 185.0, 195.0, 188.0), 188, 185, 195), lead.platformRuns());
        assertEquals(java.util.Arrays.asList(900.0, 1050.0), lead.virtualCapacity().bracket(), "every run's bracket");
        assertEquals(940.0 / 188, lead.ratio(), 1e-9, "the median runs'");

        AssessArmResult threePool = repeated(platform(bracketed(190, 199), BUSY), platform(bracketed(185, 195), BUSY),
                platform(bracketed(195, 205), BUSY));
        AssessArmResult threeApart = repeated(virtual(bracketed(950, 990), LIGHT),
                virtual(bracketed(900, 950), LIGHT), virtual(bracketed(1000, 1050), LIGHT));
        CapacityLead tooFew = only(findings(POOL_10, threePool, threeApart), CapacityLead.class);
        assertEquals(Leader.NEITHER, tooFew.leader());
        assertEquals(CapacityLead.Tie.TOO_FEW, tooFew.why());
        assertEquals(Leader.FIRST, tooFew.ahead(), "whose range lay above is still said");
        assertEquals(10.0, tooFew.chance().oneIn(), 1e-9);
        CapacityLead twoFew = only(findings(POOL_10, repeated(platform(bracketed(190, 199), BUSY),
                platform(bracketed(185, 195), BUSY)), repeated(virtual(bracketed(950, 990), LIGHT),
                virtual(bracketed(900, 950), LIGHT))), CapacityLead.class);
        assertEquals(CapacityLead.Tie.TOO_FEW, twoFew.why());
        assertEquals(3.0, twoFew.chance().oneIn(), 1e-9);

        AssessArmResult reaching = repeated(virtual(bracketed(950, 990), LIGHT), virtual(bracketed(150, 199), LIGHT),
                virtual(bracketed(1000, 1050), LIGHT), virtual(bracketed(940, 980), LIGHT));
        CapacityLead none = only(findings(POOL_10, pool, reaching), CapacityLead.class);
        assertEquals(Leader.NEITHER, none.leader());
        assertEquals(CapacityLead.Tie.OVERLAP, none.why());
    }

    /**
     * Issue 40 section 4: the costs finding sets both arms side by side at one rate both measured and carried:
     * the pool's capacity, which the virtual arm measured once more after its search. Without that step no
     * rate is common, and the finding says there is none rather than compare two rates.
     */
    @Test
    void repeatsAndSpread_theCostsAreComparedAtOneRateBothArmsMeasuredOrThereIsNone() {
        Capacity measuredThere = new Capacity(Capacity.Kind.BRACKETED, 950.0, 950, 990.0, null, List.of(
                AssessFixtures.tried(475, 40, true), AssessFixtures.tried(990, 450, false),
                AssessFixtures.tried(950, 150, true), AssessFixtures.tried(950, 150, true),
                AssessFixtures.tried(190, 30, true)));
        AssessCosts costs = only(findings(POOL_10, platform(bracketed(190, 199), BUSY), virtual(measuredThere, LIGHT)),
                AssessCosts.class);
        AssessCosts.AtCommonRate at = costs.atCommonRate().getFirst();
        assertEquals(190.0, at.rateRps());
        assertEquals(190.0, at.platform().rateRps());
        assertEquals(190.0, at.virtual().rateRps());
        AssessCosts none = only(findings(POOL_10, platform(bracketed(190, 199), BUSY),
                virtual(bracketed(950, 990), LIGHT)), AssessCosts.class);
        assertEquals(List.of(new AssessCosts.AtCommonRate(1, null, null, null)), none.atCommonRate());
        assertTrue(!none.anyCommonRate());
    }

    /**
     * Over repeated runs, where the limit sat is named only when every run shows the same limit: the median
     * runs of two arms may come from different runs. Reversed, every run CPU-bound names the CPU.
     */
    @Test
    void repeatsAndSpread_overRunsALimitIsNamedOnlyWhenEveryRunShowsIt() {
        AssessArmResult pool = repeated(platform(bracketed(1000, 1050), BUSY), platform(bracketed(1000, 1050), LIGHT));
        AssessArmResult virtual = repeated(virtual(bracketed(1020, 1070), BUSY), virtual(bracketed(1020, 1070), BUSY));
        List<Finding> mixed = findings(POOL_10, pool, virtual);
        assertEquals(CapacityLead.Tie.OVERLAP, only(mixed, CapacityLead.class).why());
        assertTrue(all(mixed, Bottleneck.class).isEmpty(), "the second run spent no CPU on the pool's side: " + mixed);
        List<Finding> cpu = findings(POOL_10, repeated(platform(bracketed(1000, 1050), BUSY),
                platform(bracketed(1000, 1050), BUSY)), virtual);
        assertEquals(Bottleneck.Kind.CPU, only(cpu, Bottleneck.class).kind());
    }

    /** A warm-up of three 3 s windows: settled, or with the JIT still compiling for half a core in each. */
    private static WarmupEvidence warmup(boolean settles) {
        double compiling = settles ? 0.03 : 1.5;
        return WarmupEvidence.of(SteadyRule.QUICK, List.of(new WarmupWindow(3, 600, 6.0, compiling),
                new WarmupWindow(3, 600, 6.0, compiling), new WarmupWindow(3, 606, 6.0, compiling)));
    }

    /**
     * Issue 48 section 1: an arm whose warm-up never settled carries no lead, whatever its ranges, and is named
     * with what kept it from settling; reversed, the same runs all steady name the lead.
     */
    @Test
    void anArmThatNeverSettlesCarriesNoLeadAndOneThatSettlesDoes() {
        AssessArmResult pool = repeated(platform(bracketed(190, 199), BUSY).withWarmup(warmup(true)),
                platform(bracketed(185, 195), BUSY).withWarmup(warmup(true)),
                platform(bracketed(195, 205), BUSY).withWarmup(warmup(true)),
                platform(bracketed(188, 197), BUSY).withWarmup(warmup(true)));
        AssessArmResult unsettled = repeated(virtual(bracketed(950, 990), LIGHT).withWarmup(warmup(true)),
                virtual(bracketed(900, 950), LIGHT).withWarmup(warmup(false)),
                virtual(bracketed(1000, 1050), LIGHT).withWarmup(warmup(true)),
                virtual(bracketed(940, 980), LIGHT).withWarmup(warmup(true)));
        List<Finding> found = findings(POOL_10, pool, unsettled);
        CapacityLead none = only(found, CapacityLead.class);
        assertEquals(Leader.NEITHER, none.leader());
        assertEquals(CapacityLead.Tie.NOT_STEADY, none.why());
        assertEquals(Leader.FIRST, none.ahead(), "whose range lay above is still known");
        NotSteady named = only(found, NotSteady.class);
        assertEquals(unsettled.key(), named.arm());
        assertEquals(2, named.run());
        assertEquals(List.of(SteadyRule.Unsettled.JIT), named.evidence().last().unsettled());
        assertEquals(Boolean.FALSE, unsettled.steady());

        AssessArmResult settled = repeated(virtual(bracketed(950, 990), LIGHT).withWarmup(warmup(true)),
                virtual(bracketed(900, 950), LIGHT).withWarmup(warmup(true)),
                virtual(bracketed(1000, 1050), LIGHT).withWarmup(warmup(true)),
                virtual(bracketed(940, 980), LIGHT).withWarmup(warmup(true)));
        List<Finding> steady = findings(POOL_10, pool, settled);
        assertEquals(Leader.FIRST, only(steady, CapacityLead.class).leader());
        assertTrue(all(steady, NotSteady.class).isEmpty(), steady.toString());
        assertEquals(Boolean.TRUE, settled.steady());
        assertNull(platform(bracketed(190, 199), BUSY).steady(), "no warm-up to a steady state: not known");
    }

    /**
     * Issue 48 section 3: one run answers by default. Its brackets lie apart, and at the rate the pool failed,
     * offered to each arm in turn, every one of virtual threads' five windows had a lower p99 than every one of
     * the pool's: two equal arms would show that 1 time in 126, so the lead is named with that figure. Reversed,
     * the pool leads the same way.
     */
    @Test
    void oneRunLeadsWhereTheDecidingWindowsKeepTheArmsApart() {
        AssessArmResult pool = platform(bracketed(190, 199), BUSY)
                .withDeciding(AssessFixtures.windows(199, 420.0, 610.0, null, 380.0, 900.0));
        AssessArmResult fast = virtual(bracketed(950, 990), LIGHT)
                .withDeciding(AssessFixtures.windows(199, 52.0, 55.0, 51.0, 60.0, 54.0));
        CapacityLead lead = only(findings(POOL_10, pool, fast), CapacityLead.class);
        assertEquals(Leader.FIRST, lead.leader());
        assertNull(lead.why());
        assertEquals(1, lead.runs());
        assertEquals(Chance.of(5, 5), lead.chance());
        assertEquals(126.0, lead.chance().oneIn(), 1e-9);
        assertEquals(199.0, lead.decidingRateRps());

        AssessArmResult strongPool = platform(bracketed(950, 990), LIGHT)
                .withDeciding(AssessFixtures.windows(199, 52.0, 55.0, 51.0, 60.0, 54.0));
        AssessArmResult slow = virtual(bracketed(190, 199), BUSY)
                .withDeciding(AssessFixtures.windows(199, 420.0, 610.0, null, 380.0, 900.0));
        CapacityLead reversed = only(findings(POOL_10, strongPool, slow), CapacityLead.class);
        assertEquals(Leader.SECOND, reversed.leader());
        assertEquals(126.0, reversed.chance().oneIn(), 1e-9);
    }

    /**
     * Issue 48 section 3: windows that cross name no lead however far apart the brackets ("the windows
     * disagree"); too few windows apart name none either (three each: 1 in 10); and no windows at all leave
     * one run's brackets without a lead, as before.
     */
    @Test
    void windowsThatCrossOrAreTooFewOrAbsentNameNoLead() {
        AssessArmResult pool = platform(bracketed(190, 199), BUSY)
                .withDeciding(AssessFixtures.windows(199, 420.0, 48.0, 380.0, 900.0));
        AssessArmResult fast = virtual(bracketed(950, 990), LIGHT)
                .withDeciding(AssessFixtures.windows(199, 52.0, 55.0, 51.0, 60.0));
        CapacityLead crossed = only(findings(POOL_10, pool, fast), CapacityLead.class);
        assertEquals(Leader.NEITHER, crossed.leader());
        assertEquals(CapacityLead.Tie.WINDOWS_DISAGREE, crossed.why());
        assertEquals(Leader.FIRST, crossed.ahead(), "the brackets still say whose lay above");

        CapacityLead few = only(findings(POOL_10, platform(bracketed(190, 199), BUSY)
                .withDeciding(AssessFixtures.windows(199, 420.0, 610.0, 380.0)), virtual(bracketed(950, 990), LIGHT)
                .withDeciding(AssessFixtures.windows(199, 52.0, 55.0, 51.0))), CapacityLead.class);
        assertEquals(Leader.NEITHER, few.leader());
        assertEquals(CapacityLead.Tie.TOO_FEW, few.why());
        assertEquals(10.0, few.chance().oneIn(), 1e-9);

        CapacityLead none = only(findings(POOL_10, platform(bracketed(190, 199), BUSY),
                virtual(bracketed(950, 990), LIGHT)), CapacityLead.class);
        assertEquals(CapacityLead.Tie.ONE_RUN, none.why());
        assertNull(none.chance());
        assertNull(none.decidingRateRps());
    }

    /** An arm not steady carries no lead, whatever its windows say. */
    @Test
    void windowsApartDoNotLiftAnArmThatWasNotSteady() {
        AssessArmResult pool = platform(bracketed(190, 199), BUSY).withWarmup(warmup(true))
                .withDeciding(AssessFixtures.windows(199, 420.0, 610.0, 700.0, 380.0, 900.0));
        AssessArmResult fast = virtual(bracketed(950, 990), LIGHT).withWarmup(warmup(false))
                .withDeciding(AssessFixtures.windows(199, 52.0, 55.0, 51.0, 60.0, 54.0));
        CapacityLead lead = only(findings(POOL_10, pool, fast), CapacityLead.class);
        assertEquals(Leader.NEITHER, lead.leader());
        assertEquals(CapacityLead.Tie.NOT_STEADY, lead.why());
    }

    private static AssessArmResult repeated(AssessArmResult... runs) {
        return (AssessArmResult) loomlab.core.repeat.RepeatedRuns.combine(List.of(runs));
    }

    @Test
    void aLeaderWhoseCapacityUsedTheMachinesCoresIsSaidToBeTheMachinesAndOneWithCoresToSpareIsNot() {
        List<Finding> atCores = findings(POOL_10, platform(bracketed(190, 199), LIGHT),
                virtual(bracketed(15800, 16500), BUSY));
        assertEquals(new LeadAtCores(AssessFixtures.key(AssessFixtures.VIRTUAL, null, null), 15800,
                new Bottleneck.CpuAtCapacity(1.2, 0.7), 2),
                only(atCores, LeadAtCores.class));
        List<Finding> spare = findings(POOL_10, platform(bracketed(190, 199), BUSY),
                virtual(bracketed(950, 990), LIGHT));
        assertTrue(all(spare, LeadAtCores.class).isEmpty(), "0.6 of 2 cores: " + spare);
        List<Finding> atLeast = findings(POOL_10, platform(bracketed(190, 199), LIGHT), virtual(atLeast(9000), BUSY));
        assertTrue(all(atLeast, LeadAtCores.class).isEmpty(), "no capacity step at an open bracket's rate");
        List<Finding> tie = findings(POOL_10, platform(bracketed(1000, 1050), BUSY), virtual(bracketed(1020, 1070),
                BUSY));
        assertTrue(all(tie, LeadAtCores.class).isEmpty(), "a tie names its bottleneck instead");
    }

    @Test
    void overlappingBracketsNameNoWinnerAndSayWhereTheLimitSat() {
        List<Finding> cpuBound = findings(POOL_10, platform(bracketed(1000, 1050), BUSY),
                virtual(bracketed(1020, 1070), BUSY));
        CapacityLead lead = only(cpuBound, CapacityLead.class);
        assertEquals(Leader.NEITHER, lead.leader());
        assertEquals(CapacityLead.Tie.OVERLAP, lead.why());
        Bottleneck cpu = only(cpuBound, Bottleneck.class);
        assertEquals(Bottleneck.Kind.CPU, cpu.kind());
        assertEquals(1.9, cpu.platformCpu().machine(), 1e-9);
        assertEquals(0.7, cpu.virtualCpu().lab(), 1e-9);

        AssessArmResult unflattened = arm(AssessFixtures.PLATFORM, 10, null, bracketed(1000, 1050), curve(null, USERS), LIGHT,
                NONE_PINNED);
        List<Finding> idle = findings(POOL_10, unflattened, virtual(bracketed(1020, 1070), LIGHT));
        assertEquals(Bottleneck.Kind.SHARED_LIMIT, only(idle, Bottleneck.class).kind());
    }

    @Test
    void aLimitIsNamedOnlyWhenBothArmsMeasuredItAtTheirCapacity() {
        AssessArmResult unflattened = arm(AssessFixtures.PLATFORM, 10, null, bracketed(1000, 1050), curve(null, USERS), BUSY,
                NONE_PINNED);
        List<Finding> oneSpent = findings(POOL_10, unflattened, virtual(bracketed(1020, 1070), LIGHT));
        assertTrue(all(oneSpent, Bottleneck.class).isEmpty(), "one arm spent the CPU, the other did not: " + oneSpent);
        List<Finding> reversed = findings(POOL_10, arm(AssessFixtures.PLATFORM, 10, null, bracketed(1000, 1050),
                curve(null, USERS), LIGHT, NONE_PINNED), virtual(bracketed(1020, 1070), BUSY));
        assertTrue(all(reversed, Bottleneck.class).isEmpty(), "reversed: " + reversed);

        ServiceCosts labUnread = new ServiceCosts(0.9, 1.8, null, 330.0, 230L, 45.0, 12L, null);
        List<Finding> unread = findings(POOL_10, arm(AssessFixtures.PLATFORM, 10, null, bracketed(1000, 1050),
                curve(null, USERS), labUnread, NONE_PINNED), virtual(bracketed(1020, 1070), labUnread));
        assertTrue(all(unread, Bottleneck.class).isEmpty(), "the lab's share unread: " + unread);

        List<Finding> cutOff = findings(POOL_10, arm(AssessFixtures.PLATFORM, 10, null, atLeast(20_000), curve(null, USERS),
                LIGHT, NONE_PINNED), virtual(bracketed(19_000, 21_000), LIGHT));
        assertTrue(all(cutOff, Bottleneck.class).isEmpty(), "an arm the search's top cut off: " + cutOff);

        ServiceCosts serviceAlone = costs(0.9, 1.8, 0.0, 330, 230, 45);
        Bottleneck cpu = only(findings(POOL_10, arm(AssessFixtures.PLATFORM, 10, null, bracketed(1000, 1050),
                curve(null, USERS), serviceAlone, NONE_PINNED), virtual(bracketed(1020, 1070), serviceAlone)),
                Bottleneck.class);
        assertEquals(Bottleneck.Kind.CPU, cpu.kind());
    }

    @Test
    void noSharedLimitIsNamedWhenAnArmShowedALimitOfItsOwn() {
        List<Finding> poolBound = findings(POOL_10, platform(bracketed(190, 199), LIGHT),
                virtual(bracketed(192, 201), LIGHT));
        assertTrue(only(poolBound, PoolCeiling.class).flattened());
        assertTrue(all(poolBound, Bottleneck.class).isEmpty(), "the platform arm's limit was its pool");

        AssessArmResult unflattened = arm(AssessFixtures.PLATFORM, 10, null, bracketed(1000, 1050), curve(null, USERS), LIGHT,
                NONE_PINNED);
        List<Finding> pinning = findings(POOL_10, unflattened, arm(AssessFixtures.VIRTUAL, 10, null, bracketed(1020, 1070),
                curve(null, USERS), LIGHT, pinned("a.B.c:1", 30)));
        assertTrue(all(pinning, Bottleneck.class).isEmpty(), "the virtual arm pinned");
        List<Finding> unread = findings(POOL_10, unflattened, arm(AssessFixtures.VIRTUAL, 10, null, bracketed(1020, 1070),
                curve(null, USERS), LIGHT, PinningFigures.UNREAD));
        assertTrue(all(unread, Bottleneck.class).isEmpty(), "its pinning is unknown");
    }

    /** Brackets that meet (one passed the rate the other failed) are apart: no overlap, and in one run no lead. */
    @Test
    void bracketsThatMeetAreApartAndInOneRunStillNoLead() {
        CapacityLead lead = only(findings(POOL_10, platform(bracketed(1000, 1050), LIGHT),
                virtual(bracketed(1050, 1100), LIGHT)), CapacityLead.class);
        assertEquals(Leader.NEITHER, lead.leader());
        assertEquals(CapacityLead.Tie.ONE_RUN, lead.why());
        assertEquals(Leader.FIRST, lead.ahead());
    }

    @Test
    void anOpenBracketLeadsOnlyWhenItsLowerLimitIsAboveTheOther() {
        CapacityLead ahead = only(findings(POOL_10, platform(bracketed(190, 199), BUSY),
                virtual(atLeast(20_000), LIGHT)), CapacityLead.class);
        assertEquals(Leader.FIRST, ahead.ahead());
        assertNull(ahead.ratioHigh(), "no upper end to the ratio");
        assertNull(ahead.ratio(), "a lower limit is no figure to divide");
        assertEquals(20_000.0 / 199, ahead.ratioLow(), 1e-9);
        CapacityLead unknown = only(findings(POOL_10, platform(bracketed(19_000, 21_000), BUSY),
                virtual(atLeast(20_000), LIGHT)), CapacityLead.class);
        assertEquals(Leader.NEITHER, unknown.ahead());
        assertEquals(CapacityLead.Tie.OVERLAP, unknown.why());
        List<Finding> bothOpen = findings(POOL_10, platform(atLeast(20_000), LIGHT), virtual(atLeast(20_000), LIGHT));
        assertEquals(Leader.NEITHER, only(bothOpen, CapacityLead.class).leader());
        assertTrue(all(bothOpen, Bottleneck.class).isEmpty(), "no limit was found, so none is named");
    }

    @Test
    void whenOneRequestAloneMissesTheTargetThatIsTheLimitNamed() {
        List<CurvePoint> slow = List.of(new CurvePoint(1, 3.2, 300.0, 310.0, 0));
        List<Finding> found = findings(POOL_10,
                arm(AssessFixtures.PLATFORM, 10, null, below(1), slow, LIGHT, NONE_PINNED),
                arm(AssessFixtures.VIRTUAL, 10, null, below(1), slow, LIGHT, NONE_PINNED));
        Bottleneck target = only(found, Bottleneck.class);
        assertEquals(Bottleneck.Kind.TARGET_BELOW_ONE_REQUEST, target.kind());
        assertEquals(310.0, target.unloadedP99Ms());
        assertEquals(0.0, only(found, CapacityLead.class).ratioLow());
    }

    @Test
    void thePoolCeilingIsJudgedOnlyFromStepsWithMoreUsersThanThreads() {
        PoolCeiling flat = only(findings(POOL_10, platform(bracketed(190, 199), BUSY),
                virtual(bracketed(950, 990), LIGHT)), PoolCeiling.class);
        assertTrue(flat.flattened());
        assertEquals(200.0, flat.ceilingRps(), 1e-9);
        assertEquals(List.of(new PoolCeiling.Step(16, 200), new PoolCeiling.Step(64, 200)), flat.beyondPool());

        AssessArmResult notFlat = arm(AssessFixtures.PLATFORM, 10, null, bracketed(700, 735), curve(null, USERS), LIGHT,
                NONE_PINNED);
        assertFalse(only(findings(POOL_10, notFlat, virtual(bracketed(950, 990), LIGHT)), PoolCeiling.class)
                .flattened());

        Assessment bigPool = new Assessment("spring.jar", 200, List.of());
        AssessArmResult unsaturated = arm(AssessFixtures.PLATFORM, 200, null, bracketed(900, 940), curve(200, USERS), LIGHT,
                NONE_PINNED);
        assertTrue(all(findings(bigPool, unsaturated, virtual(bracketed(950, 990), LIGHT)), PoolCeiling.class)
                .isEmpty(), "64 users never outnumbered 200 threads: not measured, not claimed");
    }

    @Test
    void everyArmSaysWhereItPinnedOrThatItDidNot() {
        List<Finding> found = findings(POOL_10, platform(bracketed(190, 199), BUSY), arm(AssessFixtures.VIRTUAL, 10, null,
                bracketed(950, 990), curve(null, USERS), LIGHT, pinned("com.example.Orders.reserve:42", 7)));
        List<PinningSitesFound> sites = all(found, PinningSitesFound.class);
        assertEquals(2, sites.size());
        assertEquals(0L, sites.get(0).pinning().events());
        assertEquals("com.example.Orders.reserve:42", sites.get(1).pinning().sites().getFirst().frame());
    }

    @Test
    void aSiteThatPinsOnlyOnJdk21IsNamedAndOneThatPinsOnBothIsNot() {
        Assessment twoJdks = new Assessment("app", 10, List.of(21, 25));
        String site = "com.example.Orders.reserve:42";
        List<Finding> onlyOn21 = twoJdks.findings(List.of(
                arm(AssessFixtures.PLATFORM, 10, 21, bracketed(190, 199), curve(10, USERS), BUSY, NONE_PINNED),
                arm(AssessFixtures.VIRTUAL, 10, 21, bracketed(38, 40), curve(null, USERS), LIGHT, pinned(site, 120)),
                arm(AssessFixtures.PLATFORM, 10, 25, bracketed(190, 199), curve(10, USERS), BUSY, NONE_PINNED),
                arm(AssessFixtures.VIRTUAL, 10, 25, bracketed(950, 990), curve(null, USERS), LIGHT, NONE_PINNED)));
        PinsOnSomeJdks partial = only(onlyOn21, PinsOnSomeJdks.class);
        assertEquals(Map.of(site, List.of(21)), partial.sites());
        assertEquals(List.of(21, 25), partial.jdks());
        assertEquals(2, all(onlyOn21, CapacityLead.class).size(), "one comparison per JDK");
        assertEquals(Leader.SECOND, all(onlyOn21, CapacityLead.class).get(0).ahead());
        assertEquals(Leader.FIRST, all(onlyOn21, CapacityLead.class).get(1).ahead());

        List<Finding> onBoth = twoJdks.findings(List.of(
                arm(AssessFixtures.VIRTUAL, 10, 21, bracketed(38, 40), curve(null, USERS), LIGHT, pinned(site, 120)),
                arm(AssessFixtures.VIRTUAL, 10, 25, bracketed(38, 40), curve(null, USERS), LIGHT, pinned(site, 118))));
        assertTrue(all(onBoth, PinsOnSomeJdks.class).isEmpty());
    }

    @Test
    void armsThatFailedOrStoppedPartwayAreListedAsNotMeasured() {
        AssessArmResult partial = new AssessArmResult(AssessFixtures.key(AssessFixtures.VIRTUAL, 10, null),
                virtual(bracketed(950, 990), LIGHT).setup(), curve(null, List.of(1)), Capacity.NOT_MEASURED,
                ServiceCosts.UNKNOWN, PinningFigures.UNREAD, "service (virtual) died (exit code 137); last lines:\n x",
                WatchReport.completed(List.of()).died(), null);
        List<Finding> found = findings(POOL_10, platform(bracketed(190, 199), BUSY), partial,
                FailedArm.failed(POOL_10.plan(Profile.QUICK).getFirst(), "never ready"));
        NotMeasured missing = only(found, NotMeasured.class);
        assertEquals(2, missing.arms().size());
        assertEquals("service (virtual) died (exit code 137); last lines: x", missing.arms().get(0).reason(),
                "the log's last line after the colon (OneLine)");
        assertTrue(all(found, CapacityLead.class).isEmpty(), "no capacity to compare with");
    }
}
