package loomlab.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import org.junit.jupiter.api.Test;

class BlockingEndpointTest {
    private final BlockingEndpoint experiment = new BlockingEndpoint();

    @Test
    void fullProfileIsTheSeedsShapeWithItsBounds() {
        List<ArmPlan> arms = experiment.plan(Profile.FULL);
        HttpArmPlan pool = (HttpArmPlan) arms.get(0);
        assertEquals("loomcat platform:10, 20 users, 60 requests", pool.name());
        assertEquals("/blocking/3000", pool.path());
        assertEquals(60, pool.requests());
        assertEquals(20, pool.users());
        assertEquals("platform:10", pool.mode());
        assertEquals(21.213, pool.published().value());
        HttpArmResult poolResult = ArmFixtures.measured(pool, 60, 18.5);
        HttpArmResult virtualResult = ArmFixtures.measured((HttpArmPlan) arms.get(1), 60, 9.2);
        assertEquals(18.0, poolResult.boundElapsedS(), 1e-9);
        assertEquals(9.0, virtualResult.boundElapsedS(), 1e-9);
        assertEquals(9.0 / 9.2, virtualResult.efficiency(), 1e-9);
        assertEquals(9.0, ArmFixtures.measured((HttpArmPlan) arms.get(2), 600, 9.5).boundElapsedS(), 1e-9);
    }

    @Test
    void springRunsTheSameArmsOnItsMillisecondPathUnderItsOwnNames() {
        List<HttpArmPlan> arms = experiment.plan(Profile.FULL).stream().map(a -> (HttpArmPlan) a).toList();
        assertEquals(8, arms.size());
        assertEquals(List.of("loomcat platform:10, 20 users, 60 requests", "loomcat virtual, 20 users, 60 requests",
                "loomcat platform:200, 200 users, 600 requests", "loomcat virtual, 200 users, 600 requests",
                "spring platform:10, 20 users, 60 requests", "spring virtual, 20 users, 60 requests",
                "spring platform:200, 200 users, 600 requests", "spring virtual, 200 users, 600 requests"),
                arms.stream().map(HttpArmPlan::name).toList());
        HttpArmPlan springPool = arms.get(4);
        assertEquals("spring", springPool.server());
        assertEquals("/blocking-ms/3000", springPool.path());
        assertEquals("/blocking-ms/1", springPool.warmupPath());
        assertEquals(arms.get(0).published(), springPool.published());
        assertEquals(arms.get(0).requests(), springPool.requests());
    }

    @Test
    void quickProfileScalesTheBoundWithTheShorterSleep() {
        HttpArmPlan pool = (HttpArmPlan) experiment.plan(Profile.QUICK).get(0);
        assertEquals("/blocking/1000", pool.path());
        assertEquals(6.0, ArmFixtures.measured(pool, 60, 6.2).boundElapsedS(), 1e-9);
        assertTrue(pool.published().note().contains("the seed slept 3 s"));
        assertEquals("/blocking-ms/1000", ((HttpArmPlan) experiment.plan(Profile.QUICK).get(5)).path());
    }

    @Test
    void verdictJudgesEachServerFromItsOwnArmsAndExplainsAbsFirstRequest() {
        List<ArmPlan> arms = experiment.plan(Profile.FULL);
        List<ArmResult> results = List.of(ArmFixtures.measured((HttpArmPlan) arms.get(0), 60, 18.4),
                ArmFixtures.measured((HttpArmPlan) arms.get(1), 60, 9.3),
                ArmFixtures.measured((HttpArmPlan) arms.get(2), 600, 9.6),
                ArmFixtures.measured((HttpArmPlan) arms.get(4), 60, 18.9),
                ArmFixtures.measured((HttpArmPlan) arms.get(5), 60, 19.0),
                ArmFixtures.measured((HttpArmPlan) arms.get(6), 600, 12.0),
                ArmFixtures.measured((HttpArmPlan) arms.get(7), 600, 12.5));
        String verdict = experiment.verdict(results);
        assertTrue(verdict.startsWith("On loomcat, virtual threads won: 60 requests by 20 users took 9.30 s"
                + " (bound 9.00 s) against 18.4 s for a pool of 10 (bound 18.0 s); the pool serves 10 requests at a"
                + " time, so it needs 2.0x the waves."), verdict);
        assertTrue(verdict.contains("On Spring Boot on Tomcat, neither model clearly won: 60 requests by 20 users"
                + " took 19.0 s"), verdict);
        assertTrue(verdict.contains("ab sends its first request alone"), verdict);
        assertTrue(verdict.contains("loomcat's pool of 200 finished 600 requests in 9.60 s (94% of its 9.00 s bound"),
                verdict);
        assertTrue(verdict.contains("Spring Boot on Tomcat's pool of 200 finished 600 requests in 12.0 s (75% of its"
                + " 9.00 s bound, 600 answered, 0 errors) and virtual threads in 12.5 s (72%)"), verdict);
    }

    @Test
    void verdictReportsPinningWhenTheServersRecordedIt() {
        List<ArmPlan> arms = experiment.plan(Profile.QUICK);
        List<ArmResult> clean = List.of(ArmFixtures.measured((HttpArmPlan) arms.get(0), 60, 6.1).withPinning(0L, 0.0),
                ArmFixtures.measured((HttpArmPlan) arms.get(1), 60, 3.1).withPinning(0L, 0.0));
        assertTrue(experiment.verdict(clean).endsWith("JFR recorded no pinned virtual thread in any server"
                + " (jdk.VirtualThreadPinned, 2 recordings)."), experiment.verdict(clean));
        List<ArmResult> pinned = List.of(ArmFixtures.measured((HttpArmPlan) arms.get(0), 60, 6.1).withPinning(0L, 0.0),
                ArmFixtures.measured((HttpArmPlan) arms.get(1), 60, 3.1).withPinning(3L, 61.5));
        assertTrue(experiment.verdict(pinned).endsWith("loomcat virtual, 20 users, 60 requests 3 (61.5 ms)."),
                experiment.verdict(pinned));
    }

    @Test
    void whenAbMeasuredTheArmsTheVerdictShowsItsGapAboveTheBounds() {
        List<ArmPlan> arms = experiment.plan(Profile.QUICK);
        HttpArmResult pool = ArmFixtures.measured((HttpArmPlan) arms.get(0), 60, 7.01, "ab");
        HttpArmResult virtual = ArmFixtures.measured((HttpArmPlan) arms.get(1), 60, 4.01, "ab");
        String verdict = experiment.verdict(List.of(pool, virtual));
        assertTrue(verdict.contains("Measured by ab here, the same gap shows: loomcat virtual, 20 users, 60 requests"
                + " 4.01 s against 3.00 s, loomcat platform:10, 20 users, 60 requests 7.01 s against 6.00 s."), verdict);
        String byLab = experiment.verdict(List.of(ArmFixtures.measured((HttpArmPlan) arms.get(0), 60, 6.01),
                ArmFixtures.measured((HttpArmPlan) arms.get(1), 60, 3.01)));
        assertTrue(!byLab.contains("Measured by ab"), byLab);
    }

    @Test
    void withoutAPairThereIsNoVerdict() {
        List<ArmPlan> arms = experiment.plan(Profile.QUICK);
        String verdict = experiment.verdict(List.of(ArmFixtures.measured((HttpArmPlan) arms.get(0), 60, 6.1)));
        assertTrue(verdict.startsWith("No verdict: no server ran both 20-user arms."), verdict);
    }
}
