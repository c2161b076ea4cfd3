package loomlab.lab.run;

import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;

/** Runs one kind of arm plan. A failure the user should see becomes a FailedArm, not an exception. */
@FunctionalInterface
public interface ArmRunner<P extends ArmPlan> {
    ArmResult run(P plan, RunContext context) throws InterruptedException;
}
