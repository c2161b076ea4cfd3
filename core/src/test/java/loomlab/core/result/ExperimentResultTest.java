package loomlab.core.result;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.FailedArm;
import loomlab.core.experiment.Profile;
import loomlab.core.experiment.ServiceToService;
import loomlab.core.finding.Ranking;
import org.junit.jupiter.api.Test;

class ExperimentResultTest {
    private final ArmPlan plan = new ServiceToService().plan(Profile.QUICK).get(0);

    @Test
    void aSkippedArmLeavesTheExperimentIncompleteButNotFailed() {
        ExperimentResult result = new ExperimentResult("x", "", "", "quick",
                List.of(FailedArm.skipped(plan, "no PostgreSQL: pass --db-url")), List.of(), Ranking.COMPARISONS);
        assertFalse(result.complete());
        assertFalse(result.anyFailed());
    }

    @Test
    void aBrokenArmFailsTheExperiment() {
        ExperimentResult result = new ExperimentResult("x", "", "", "quick",
                List.of(FailedArm.skipped(plan, "no database"), FailedArm.failed(plan, "died")), List.of(),
                Ranking.COMPARISONS);
        assertTrue(result.anyFailed());
    }
}
