package loomlab.lab.assess;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmMode;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.core.assess.AssessArmPlan;
import loomlab.core.assess.ThreadsSeen;
import loomlab.threads.ExecutorMode;
import org.junit.jupiter.api.Test;

/** The question whether an arm really ran its thread model stays open until a dump shows who serves. */
class SwitchProbeTest {
    @Test
    void noDumpOrDumpsThatCaughtNoRequestLeaveItOpen() {
        assertTrue(SwitchProbe.unanswered(null));
        assertTrue(SwitchProbe.unanswered(new ThreadsSeen(0, 0, List.of("arms/x.curve-1.threads.json"))));
    }

    @Test
    void aDumpThatCaughtEitherKindOfThreadServingAnswersIt() {
        assertFalse(SwitchProbe.unanswered(new ThreadsSeen(3, 0, List.of("arms/x.curve-1.threads.json"))));
        assertFalse(SwitchProbe.unanswered(new ThreadsSeen(0, 4, List.of("arms/x.curve-1.threads.json"))));
    }

    @Test
    void anEventLoopArmIsNotLookedAtAgainWhereAThreadPerRequestArmIs() {
        ThreadsSeen nothingCaught = new ThreadsSeen(0, 0, List.of("arms/x.warmup-1.threads.json"));
        AssessArmPlan webflux = new AssessArmPlan(ArmKey.of(ServerId.WEBFLUX, ServingModel.EVENT_LOOP), null, null,
                null);
        AssessArmPlan virtual = new AssessArmPlan(ArmKey.of(ServerId.SPRING, ArmMode.of(ExecutorMode.virtual())),
                null, null, null);
        AssessArmPlan platform = new AssessArmPlan(ArmKey.of(ServerId.SPRING,
                ArmMode.of(ExecutorMode.platform(20))), 20, null, null);

        assertFalse(SwitchProbe.worthAnotherLook(webflux, nothingCaught));
        assertFalse(SwitchProbe.worthAnotherLook(webflux, null));
        assertTrue(SwitchProbe.worthAnotherLook(virtual, nothingCaught));
        assertTrue(SwitchProbe.worthAnotherLook(platform, null));
        assertFalse(SwitchProbe.worthAnotherLook(virtual, new ThreadsSeen(3, 0, List.of())));
    }

    /**
     * Issue 41 item 4: the curve's last step was dumped only on thread-per-request arms whose warm-up dumps
     * missed, and 1.5 s of unmeasured load went to those arms alone before their search. Now what runs before
     * the search depends on whether the arm has a warm-up, never on its thread model or on what was seen.
     */
    @Test
    void item4_theCurvesLastStepIsDumpedForEveryArmWithoutAWarmUpAndForNoArmWithOne() {
        assertTrue(SwitchProbe.dumpsInLastCurveStep(false), "assess: no warm-up, every arm's busiest curve step");
        assertFalse(SwitchProbe.dumpsInLastCurveStep(true), "reactive: every arm dumped in its warm-up, none after");
    }
}
