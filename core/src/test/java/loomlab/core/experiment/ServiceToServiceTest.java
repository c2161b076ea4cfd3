package loomlab.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import org.junit.jupiter.api.Test;

class ServiceToServiceTest {
    private final ServiceToService experiment = new ServiceToService();

    @Test
    void plansTheSeedsFourArmsWithTheirBoundsAndFigures() {
        List<ArmPlan> full = experiment.plan(Profile.FULL);
        assertEquals(List.of("platform:1, 1 user", "platform:1, 20 users", "virtual, 1 user", "virtual, 20 users"),
                full.stream().map(ArmPlan::name).toList());
        HttpArmPlan virtual20 = (HttpArmPlan) full.get(3);
        assertEquals(Duration.ofSeconds(60), virtual20.duration());
        assertEquals(50, virtual20.downstreamDelayMs());
        assertEquals(213, virtual20.published().value());
        assertEquals(17.2, ((HttpArmPlan) full.get(0)).published().value());
        assertTrue(((HttpArmPlan) experiment.plan(Profile.QUICK).get(0)).duration().toSeconds() < 60);
    }

    @Test
    void boundsFollowLittlesLaw() {
        List<ArmPlan> arms = experiment.plan(Profile.QUICK);
        HttpArmResult platform20 = ArmFixtures.measured((HttpArmPlan) arms.get(1), 95, 5);
        HttpArmResult virtual20 = ArmFixtures.measured((HttpArmPlan) arms.get(3), 1950, 5);
        assertEquals(20.0, platform20.boundRps(), 1e-9);
        assertEquals(400.0, virtual20.boundRps(), 1e-9);
        assertEquals(390.0 / 400.0, virtual20.efficiency(), 1e-9);
    }

    @Test
    void verdictNamesTheWinnerAndTheFiguresFromTheResults() {
        List<ArmPlan> arms = experiment.plan(Profile.QUICK);
        List<ArmResult> results = List.of(ArmFixtures.measured((HttpArmPlan) arms.get(0), 95, 5),
                ArmFixtures.measured((HttpArmPlan) arms.get(1), 96, 5),
                ArmFixtures.measured((HttpArmPlan) arms.get(2), 97, 5),
                ArmFixtures.measured((HttpArmPlan) arms.get(3), 1950, 5));
        String verdict = experiment.verdict(results);
        assertTrue(verdict.startsWith("Virtual threads won"), verdict);
        assertTrue(verdict.contains("390 req/s"), verdict);
        assertTrue(verdict.contains("98% of the 400 req/s bound"), verdict);
        assertTrue(verdict.contains("20.3x"), verdict);
    }

    @Test
    void verdictDoesNotInventAWinnerWhenTheFiguresAreEven() {
        List<ArmPlan> arms = experiment.plan(Profile.QUICK);
        List<ArmResult> results = List.of(ArmFixtures.measured((HttpArmPlan) arms.get(1), 100, 5),
                ArmFixtures.measured((HttpArmPlan) arms.get(3), 102, 5));
        assertTrue(experiment.verdict(results).startsWith("Neither model clearly won"));
    }

    @Test
    void verdictSaysWhatIsMissingWhenAnArmFailed() {
        List<ArmPlan> arms = experiment.plan(Profile.QUICK);
        List<ArmResult> results = List.of(FailedArm.failed(arms.get(1), "loomcat", "died"),
                ArmFixtures.measured((HttpArmPlan) arms.get(3), 1950, 5));
        String verdict = experiment.verdict(results);
        assertTrue(verdict.startsWith("No verdict"), verdict);
        assertTrue(verdict.contains("platform:1, 20 users"), verdict);
    }
}
