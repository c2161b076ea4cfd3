package loomlab.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.BoundReadings;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.ErrorCounts;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.HttpMeasurement;
import loomlab.core.arm.Repeats;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServerUsage;
import loomlab.core.arm.Spread;
import loomlab.core.finding.AgainstPublished;
import loomlab.core.finding.Finding;
import loomlab.core.finding.Lead;
import loomlab.core.finding.Leader;
import loomlab.core.finding.NotMeasured;
import loomlab.core.finding.Pinned;
import loomlab.core.finding.PublishedOverBound;
import loomlab.core.finding.SameConcurrency;
import loomlab.core.finding.ThreadModelMoot;
import loomlab.core.finding.ToolGap;
import loomlab.core.finding.WavesExplainGap;
import org.junit.jupiter.api.Test;

class BlockingEndpointTest {
    private final BlockingEndpoint experiment = new BlockingEndpoint();
    private final List<HttpArmPlan> full = http(experiment.plan(Profile.FULL));
    private final List<HttpArmPlan> quick = http(experiment.plan(Profile.QUICK));

    private static List<HttpArmPlan> http(List<ArmPlan> plans) {
        return plans.stream().map(p -> (HttpArmPlan) p).toList();
    }

    @Test
    void fullProfileIsTheSeedsShapeOnBothServers() {
        assertEquals(List.of("loomcat platform:10, 20 users", "loomcat virtual, 20 users",
                "loomcat platform:200, 200 users", "loomcat virtual, 200 users", "spring platform:10, 20 users",
                "spring virtual, 20 users", "spring platform:200, 200 users", "spring virtual, 200 users"),
                full.stream().map(HttpArmPlan::name).toList());
        HttpArmPlan pool = full.get(0);
        assertEquals(new Endpoint.Sleep(3000), pool.endpoint());
        assertEquals(new Endpoint.Sleep(1), pool.load().warmup().endpoint());
        assertEquals(60, pool.load().requests());
        assertEquals(21.213, pool.published().value());
        assertEquals(ServerId.SPRING, full.get(4).server());
        assertEquals(18.0, ArmFixtures.measured(pool, 60, 18.5).boundElapsedS(), 1e-9);
        assertEquals(9.0, ArmFixtures.measured(full.get(1), 60, 9.2).boundElapsedS(), 1e-9);
        assertEquals(9.0, ArmFixtures.measured(full.get(2), 600, 9.5).boundElapsedS(), 1e-9);
    }

    @Test
    void quickProfileScalesTheBoundAndSetsNoSeedFigureBesideAShorterSleep() {
        HttpArmPlan pool = quick.get(0);
        assertEquals(new Endpoint.Sleep(500), pool.endpoint());
        assertEquals(3.0, ArmFixtures.measured(pool, 60, 3.1).boundElapsedS(), 1e-9);
        assertNull(pool.published());
    }

    @Test
    void virtualThreadsLeadingByThePoolsWavesIsExplainedByTheWaves() {
        List<Finding> findings = experiment.findings(List.of(ArmFixtures.measured(full.get(0), 60, 18.4, 3000),
                ArmFixtures.measured(full.get(1), 60, 9.3, 3000)));
        Lead lead = FindingsOf.only(findings, Lead.class);
        assertEquals(Leader.NEITHER, lead.leader(), "one run measured no spread: no lead");
        assertEquals(Leader.FIRST, lead.ahead());
        WavesExplainGap waves = FindingsOf.only(findings, WavesExplainGap.class);
        assertEquals(6, waves.poolWaves());
        assertEquals(3, waves.virtualWaves());
        assertEquals(18.4 / 9.3, waves.measuredRatio(), 1e-9);
        assertEquals(2, FindingsOf.all(findings, AgainstPublished.class).size());
    }

    @Test
    void whenThePoolIsFasterNoWavesAreBlamedAndThePoolLeads() {
        List<Finding> findings = experiment.findings(List.of(ArmFixtures.measured(full.get(0), 60, 9.1, 3000),
                ArmFixtures.measured(full.get(1), 60, 18.2, 3000)));
        assertEquals(Leader.SECOND, FindingsOf.only(findings, Lead.class).ahead());
        assertTrue(FindingsOf.all(findings, WavesExplainGap.class).isEmpty());
        assertTrue(FindingsOf.all(findings, ThreadModelMoot.class).isEmpty());
    }

    @Test
    void twoHundredUsersOnAPoolOfTwoHundredMakeTheModelMootOnlyWhereNoLeadStands() {
        List<Finding> even = experiment.findings(List.of(ArmFixtures.measured(full.get(2), 600, 9.6, 3000),
                ArmFixtures.measured(full.get(3), 600, 9.4, 3000)));
        ThreadModelMoot moot = FindingsOf.only(even, ThreadModelMoot.class);
        assertEquals(200, moot.poolSize());
        assertEquals(1, FindingsOf.all(even, SameConcurrency.class).size());
        // One run 2x apart names no lead, so the structural cause stands; the same figures with repeats whose
        // ranges keep apart make a lead, and then 'nothing for the model to change' would be false.
        List<Finding> oneRun = experiment.findings(List.of(ArmFixtures.measured(full.get(2), 600, 19.6, 3000),
                ArmFixtures.measured(full.get(3), 600, 9.4, 3000)));
        assertEquals(Leader.NEITHER, FindingsOf.only(oneRun, Lead.class).leader());
        assertEquals(1, FindingsOf.all(oneRun, ThreadModelMoot.class).size());
        List<Finding> apart = experiment.findings(List.of(
                repeated(ArmFixtures.measured(full.get(2), 600, 19.6, 3000), 19.0, 19.6, 20.1),
                repeated(ArmFixtures.measured(full.get(3), 600, 9.4, 3000), 9.2, 9.4, 9.9)));
        assertTrue(FindingsOf.all(apart, ThreadModelMoot.class).isEmpty());
        assertTrue(FindingsOf.all(apart, SameConcurrency.class).isEmpty(),
                "the same concurrency allowed, yet one arm led: 'nothing for the model to change' would be false");
        assertEquals(Leader.FIRST, FindingsOf.only(apart, Lead.class).leader());
        List<Finding> overlapping = experiment.findings(List.of(
                repeated(ArmFixtures.measured(full.get(2), 600, 19.6, 3000), 9.0, 19.6, 20.1),
                repeated(ArmFixtures.measured(full.get(3), 600, 9.4, 3000), 9.2, 9.4, 9.9)));
        assertEquals(Leader.NEITHER, FindingsOf.only(overlapping, Lead.class).leader());
        assertEquals(1, FindingsOf.all(overlapping, ThreadModelMoot.class).size());
    }

    /**
     * Repeats whose runs had errors: the compared figure's own spread decides, as without errors, and
     * the comparison is not taken for one run's; reversed, ranges that overlap name no lead.
     */
    @Test
    void repeatedArmsWithErrorsAreJudgedByTheirOwnSpreadNotAsOneRun() {
        ErrorCounts three = new ErrorCounts(0, 0, 3, 0);
        Lead apart = FindingsOf.only(experiment.findings(List.of(
                repeated(withErrors(full.get(2), 19.6, three), 19.0, 19.6, 20.1),
                repeated(withErrors(full.get(3), 9.4, three), 9.2, 9.4, 9.9))), Lead.class);
        assertTrue(apart.byRanges(), "three runs each: a measured spread, not one run's figures");
        assertEquals(Leader.FIRST, apart.leader());
        Lead overlapping = FindingsOf.only(experiment.findings(List.of(
                repeated(withErrors(full.get(2), 19.6, three), 9.0, 19.6, 20.1),
                repeated(withErrors(full.get(3), 9.4, three), 9.2, 9.4, 9.9))), Lead.class);
        assertTrue(overlapping.byRanges());
        assertEquals(Leader.NEITHER, overlapping.leader());
    }

    private static HttpArmResult withErrors(HttpArmPlan plan, double elapsedS, ErrorCounts errors) {
        return HttpArmResult.of(plan, ArmFixtures.measurement(600, elapsedS, 3000, HttpMeasurement.LAB_ENGINE, errors),
                ServerUsage.UNKNOWN, BoundReadings.none(ArmFixtures.CORES));
    }

    /** The arm as if run three times, its elapsed times these. */
    private static HttpArmResult repeated(HttpArmResult arm, double... elapsedS) {
        List<Double> times = java.util.Arrays.stream(elapsedS).boxed().toList();
        Spread perSecond = Spread.of(times.stream().map(t -> arm.load().requests() / t).toList());
        return arm.withRepeats(new Repeats(times.size(), perSecond, perSecond, null, Spread.of(times)));
    }

    @Test
    void theSeedsOwnTimesSitAboutOneServiceTimeOverTheSeedsOwnBoundWhateverTheProfile() {
        List<Finding> findings = experiment.findings(List.of(ArmFixtures.measured(quick.get(0), 60, 3.05, 500),
                ArmFixtures.measured(quick.get(1), 60, 1.55, 500)));
        List<PublishedOverBound> gaps = FindingsOf.all(findings, PublishedOverBound.class);
        assertEquals(2, gaps.size());
        assertEquals(18.0, gaps.get(0).seedBoundS(), 1e-9);
        assertEquals((21.213 - 18) / 3, gaps.get(0).serviceTimesOver(), 1e-9);
        assertEquals((12.210 - 9) / 3, gaps.get(1).serviceTimesOver(), 1e-9);
        assertTrue(FindingsOf.all(findings, AgainstPublished.class).isEmpty(), "quick sleeps 0.5 s, not the seed's 3 s");
    }

    @Test
    void absGapOfOneServiceTimeIsAFindingOnlyWhenAbMeasuredIt() {
        List<Finding> byAb = experiment.findings(List.of(ArmFixtures.measured(quick.get(0), 60, 3.505, 500, "ab"),
                ArmFixtures.measured(quick.get(1), 60, 2.005, 500, "ab")));
        List<ToolGap> gaps = FindingsOf.all(byAb, ToolGap.class);
        assertEquals(2, gaps.size());
        assertEquals(1.01, gaps.get(1).serviceTimesOver(), 1e-9);
        List<Finding> byLab = experiment.findings(List.of(ArmFixtures.measured(quick.get(0), 60, 3.005, 500),
                ArmFixtures.measured(quick.get(1), 60, 1.505, 500)));
        assertTrue(FindingsOf.all(byLab, ToolGap.class).isEmpty());
        List<Finding> abOnBound = experiment.findings(List.of(ArmFixtures.measured(quick.get(0), 60, 3.025, 500, "ab"),
                ArmFixtures.measured(quick.get(1), 60, 1.51, 500, "ab")));
        assertTrue(FindingsOf.all(abOnBound, ToolGap.class).isEmpty(), "no gap measured, none claimed");
    }

    @Test
    void pinningIsReportedPerArmFromTheRecordings() {
        HttpArmResult pool = ArmFixtures.measured(quick.get(0), 60, 6.1).withPinning(0L, 0.0, List.of());
        HttpArmResult virtual = ArmFixtures.measured(quick.get(1), 60, 3.1).withPinning(3L, 61.5, List.of());
        Pinned pinned = FindingsOf.only(experiment.findings(List.of(pool, virtual)), Pinned.class);
        assertEquals(1, pinned.pinning().size());
        assertEquals(quick.get(1).key(), pinned.pinning().getFirst().key());
        assertEquals(61.5, pinned.pinning().getFirst().totalMs());
    }

    @Test
    void withoutAPairThereIsNoVerdictButWhatIsMissing() {
        List<Finding> findings = experiment.findings(List.of(ArmFixtures.measured(quick.get(0), 60, 6.1)));
        assertEquals(1, findings.size());
        assertTrue(FindingsOf.only(findings, NotMeasured.class).needed().contains("pool arm and a virtual arm"));
    }
}
