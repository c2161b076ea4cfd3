package loomlab.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.HttpArmPlan;
import org.junit.jupiter.api.Test;

class SpringBlockingEndpointTest {
    private final SpringBlockingEndpoint experiment = new SpringBlockingEndpoint();

    @Test
    void runsTheBlockingEndpointArmsOnSpringsMillisecondPath() {
        List<ArmPlan> loomcat = new BlockingEndpoint().plan(Profile.FULL);
        List<ArmPlan> spring = experiment.plan(Profile.FULL);
        assertEquals(loomcat.size(), spring.size());
        HttpArmPlan pool = (HttpArmPlan) spring.get(0);
        assertEquals("spring", pool.server());
        assertEquals("/blocking-ms/3000", pool.path());
        assertEquals("/blocking-ms/1", pool.warmupPath());
        assertEquals("platform:10", pool.mode());
        assertEquals(((HttpArmPlan) loomcat.get(0)).withName(pool.name()).published(), pool.published());
        assertEquals(21.213, pool.published().value());
        assertEquals("/blocking-ms/1000", ((HttpArmPlan) experiment.plan(Profile.QUICK).get(1)).path());
    }

    @Test
    void verdictNamesTheServerAndJudgesFromSpringsArms() {
        List<ArmPlan> arms = experiment.plan(Profile.FULL);
        List<ArmResult> results = List.of(ArmFixtures.measured((HttpArmPlan) arms.get(0), 60, 21.2),
                ArmFixtures.measured((HttpArmPlan) arms.get(1), 60, 12.2));
        String verdict = experiment.verdict(results);
        assertTrue(verdict.startsWith("Spring Boot on Tomcat. Virtual threads won: 60 requests by 20 users took"
                + " 12.2 s (bound 9.00 s) against 21.2 s for a pool of 10 (bound 18.0 s)"), verdict);
    }

    @Test
    void onlyBlockingEndpointPathsAreTranslated() {
        assertEquals("/blocking-ms/250", SpringBlockingEndpoint.springPath("/blocking/250"));
        assertThrows(IllegalArgumentException.class, () -> SpringBlockingEndpoint.springPath("/downstream?delay=5"));
    }
}
