package loomlab.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.ServerId;
import loomlab.core.finding.AgainstBound;
import loomlab.core.finding.AgainstPublished;
import loomlab.core.finding.Finding;
import loomlab.core.finding.Lead;
import loomlab.core.finding.Leader;
import loomlab.core.finding.NotMeasured;
import loomlab.core.finding.SameConcurrency;
import loomlab.core.finding.WaitsOverlapped;
import loomlab.core.sweep.Sweep;
import org.junit.jupiter.api.Test;

class ServiceToServiceTest {
    private final ServiceToService experiment = new ServiceToService();
    private final List<ArmPlan> quick = experiment.plan(Profile.QUICK);

    private HttpArmPlan arm(int index) {
        return (HttpArmPlan) quick.get(index);
    }

    @Test
    void plansTheSeedsFourArmsWithTheirWaitsAndFigures() {
        List<ArmPlan> full = experiment.plan(Profile.FULL);
        assertEquals(List.of("loomcat platform:1, 1 user", "loomcat platform:1, 20 users", "loomcat virtual, 1 user",
                "loomcat virtual, 20 users"), full.stream().map(ArmPlan::name).toList());
        HttpArmPlan virtual20 = (HttpArmPlan) full.get(3);
        assertEquals(Duration.ofSeconds(60), virtual20.load().duration());
        assertEquals(new Endpoint.DownstreamCall(50), virtual20.endpoint());
        assertEquals(ServerId.LOOMCAT, virtual20.server());
        assertEquals(213, virtual20.published().value());
        assertEquals(17.2, ((HttpArmPlan) full.get(0)).published().value());
        assertTrue(arm(0).load().duration().toSeconds() < 60);
    }

    @Test
    void boundsFollowLittlesLawFromTheEndpointsWait() {
        HttpArmResult platform20 = ArmFixtures.measured(arm(1), 95, 5);
        HttpArmResult virtual20 = ArmFixtures.measured(arm(3), 1950, 5);
        assertEquals(20.0, platform20.boundRps(), 1e-9);
        assertEquals(400.0, virtual20.boundRps(), 1e-9);
        assertEquals(390.0 / 400.0, virtual20.efficiency(), 1e-9);
        assertEquals(1, platform20.check().bound().waiting().concurrency());
    }

    @Test
    void whenVirtualThreadsLeadTheirOverlappingWaitsAreTheCause() {
        List<Finding> findings = experiment.findings(List.of(ArmFixtures.measured(arm(0), 95, 5),
                ArmFixtures.measured(arm(1), 96, 5), ArmFixtures.measured(arm(2), 97, 5),
                ArmFixtures.measured(arm(3), 1950, 5, 51)));
        Lead lead = FindingsOf.all(findings, Lead.class).getFirst();
        assertEquals(arm(3).key(), lead.first());
        assertEquals(Leader.NEITHER, lead.leader(), "one run measured no spread: no lead");
        assertEquals(Leader.FIRST, lead.ahead(), "the in-flight figure shows why its figure was the better");
        assertEquals(1950 / 96.0, lead.factor(), 1e-9);
        WaitsOverlapped cause = FindingsOf.only(findings, WaitsOverlapped.class);
        assertEquals(390 * 0.051, cause.meanInFlight(), 1e-9);
        assertEquals(1, cause.poolLimit());
        assertEquals(List.of(arm(0).key(), arm(2).key()), FindingsOf.only(findings, SameConcurrency.class).arms());
        assertEquals(2, FindingsOf.all(findings, AgainstPublished.class).size());
    }

    @Test
    void whenThePoolLeadsNoVirtualCauseIsClaimed() {
        List<Finding> findings = experiment.findings(List.of(ArmFixtures.measured(arm(1), 1950, 5, 51),
                ArmFixtures.measured(arm(3), 96, 5, 1000)));
        Lead lead = FindingsOf.only(findings, Lead.class);
        assertEquals(Leader.SECOND, lead.ahead());
        assertNull(lead.winner(), "one run names no winner");
        assertTrue(FindingsOf.all(findings, WaitsOverlapped.class).isEmpty(), findings.toString());
    }

    @Test
    void evenFiguresNameNoLeader() {
        List<Finding> findings = experiment.findings(List.of(ArmFixtures.measured(arm(1), 100, 5),
                ArmFixtures.measured(arm(3), 102, 5)));
        assertEquals(Leader.NEITHER, FindingsOf.only(findings, Lead.class).leader());
        assertEquals(Leader.FIRST, FindingsOf.only(findings, Lead.class).ahead());
        assertTrue(FindingsOf.all(findings, WaitsOverlapped.class).isEmpty(), "no more in flight than the pool held");
    }

    @Test
    void underADelaySweepTheBoundsCarryTheSweptWaitNotTheSeeds() {
        List<ArmPlan> swept = Sweep.parse("delay=10").apply(experiment.name(), quick);
        HttpArmPlan pool = (HttpArmPlan) swept.get(1);
        HttpArmPlan virtual = (HttpArmPlan) swept.get(3);
        assertEquals("loomcat platform:1, 20 users, delay 10 ms", pool.name());
        List<Finding> findings = experiment.findings(List.of(ArmFixtures.measured(pool, 490, 5, 10.2),
                ArmFixtures.measured(virtual, 9000, 5, 11)));
        AgainstBound poolBound = FindingsOf.all(findings, AgainstBound.class).stream()
                .filter(b -> b.arm().equals(pool.key())).findFirst().orElseThrow();
        assertEquals(0.010, poolBound.bound().waiting().waitS(), 1e-12);
        assertEquals(100.0, poolBound.bound().rps(), 1e-9);
        assertEquals(Leader.FIRST, FindingsOf.only(findings, Lead.class).ahead());
    }

    @Test
    void aMissingArmIsNamedAndNoComparisonIsInvented() {
        List<ArmResult> results = List.of(FailedArm.failed(arm(1), "died"), ArmFixtures.measured(arm(3), 1950, 5));
        List<Finding> findings = experiment.findings(results);
        NotMeasured missing = FindingsOf.only(findings, NotMeasured.class);
        assertEquals(arm(1).key(), missing.arms().getFirst().key());
        assertTrue(missing.needed() != null);
        assertTrue(FindingsOf.all(findings, Lead.class).isEmpty());
    }
}
