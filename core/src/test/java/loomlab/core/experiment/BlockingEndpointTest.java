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
    void quickProfileScalesTheBoundWithTheShorterSleep() {
        HttpArmPlan pool = (HttpArmPlan) experiment.plan(Profile.QUICK).get(0);
        assertEquals("/blocking/1000", pool.path());
        assertEquals(6.0, ArmFixtures.measured(pool, 60, 6.2).boundElapsedS(), 1e-9);
        assertTrue(pool.published().note().contains("the seed slept 3 s"));
    }

    @Test
    void verdictComparesElapsedTimesAndExplainsAbsFirstRequest() {
        List<ArmPlan> arms = experiment.plan(Profile.FULL);
        List<ArmResult> results = List.of(ArmFixtures.measured((HttpArmPlan) arms.get(0), 60, 18.4),
                ArmFixtures.measured((HttpArmPlan) arms.get(1), 60, 9.3),
                ArmFixtures.measured((HttpArmPlan) arms.get(2), 600, 9.6));
        String verdict = experiment.verdict(results);
        assertTrue(verdict.startsWith("Virtual threads won: 60 requests by 20 users took 9.30 s"), verdict);
        assertTrue(verdict.contains("18.4 s for a pool of 10"), verdict);
        assertTrue(verdict.contains("ab sends its first request alone"), verdict);
        assertTrue(verdict.contains("600 requests in 9.60 s"), verdict);
    }
}
