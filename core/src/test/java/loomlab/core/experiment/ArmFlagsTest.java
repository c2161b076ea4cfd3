package loomlab.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import loomlab.core.arm.ArmFlag;
import loomlab.core.arm.BoundReadings;
import loomlab.core.arm.ErrorCounts;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.HttpMeasurement;
import loomlab.core.arm.ServerUsage;
import org.junit.jupiter.api.Test;

/** The flags an HTTP arm raises from its own figures, each with the figure reversed. */
class ArmFlagsTest {
    /** spring virtual, 200 users, 600 requests of a 0.5 s sleep (quick): bound 1.5 s. */
    private final HttpArmPlan plan = (HttpArmPlan) new BlockingEndpoint().plan(Profile.QUICK).get(3);

    private HttpArmResult arm(double elapsedS, ErrorCounts errors, Long listenOverflows) {
        HttpMeasurement measured = ArmFixtures.measurement(600, elapsedS, 500, HttpMeasurement.LAB_ENGINE, errors);
        ServerUsage usage = new ServerUsage(0.1, 120.0, 15L, 610L, null, listenOverflows);
        return HttpArmResult.of(plan, measured, usage, BoundReadings.none(ArmFixtures.CORES));
    }

    @Test
    void anArmAtItsBoundWithNothingAmissRaisesNone() {
        assertEquals("spring virtual, 200 users", plan.name());
        assertEquals(List.of(), arm(1.51, ErrorCounts.NONE, 0L).flags());
        assertEquals(List.of(), arm(1.51, ErrorCounts.NONE, null).flags());
    }

    @Test
    void connectionsDroppedAtAFullListenBacklogAreFlaggedWithTheirCount() {
        HttpArmResult dropped = arm(2.52, ErrorCounts.NONE, 99L);
        assertEquals(List.of(new ArmFlag.BacklogOverflowed(99)), dropped.flags());
        assertEquals(99L, dropped.serverProcess().listenOverflows());
    }

    @Test
    void everyEfficiencyThatPrintsAbove100PercentIsFlaggedAndOnlyPastTwoPercentAsAMeasurementProblem() {
        HttpArmResult fast = arm(1.45, ErrorCounts.NONE, 0L);
        assertEquals(1.5 / 1.45, fast.efficiency(), 1e-9);
        assertEquals(List.of(new ArmFlag.AboveBound(1.5 / 1.45, fast.check().bound().basis())), fast.flags());
        assertFalse(((ArmFlag.AboveBound) fast.flags().getFirst()).withinNoise());
        HttpArmResult atBound = arm(1.475, ErrorCounts.NONE, 0L);
        assertEquals(List.of(new ArmFlag.AboveBound(1.5 / 1.475, atBound.check().bound().basis())), atBound.flags(),
                "101.7 % prints above 100 %");
        assertTrue(((ArmFlag.AboveBound) atBound.flags().getFirst()).withinNoise());
        assertEquals(List.of(), arm(1.495, ErrorCounts.NONE, 0L).flags(), "100.3 % prints as 100 %");
        assertEquals(List.of(), arm(1.5, ErrorCounts.NONE, 0L).flags());
    }

    @Test
    void errorsAreFlaggedWithTheSuccessfulCount() {
        ErrorCounts errors = new ErrorCounts(0, 0, 6, 0);
        assertEquals(List.of(new ArmFlag.Errors(errors, 594)), arm(1.51, errors, 0L).flags());
    }
}
