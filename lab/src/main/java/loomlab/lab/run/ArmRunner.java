package loomlab.lab.run;

import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;

/** Runs one kind of arm plan. A failure the user should see becomes a FailedArm, not an exception. */
@FunctionalInterface
public interface ArmRunner<P extends ArmPlan> {
    ArmResult run(P plan, RunContext context) throws InterruptedException;

    /**
     * Called once an experiment's arms have all run, even when one threw: releases what the runner
     * kept for the experiment's later arms (a database they share), so nothing outlives the experiment.
     */
    default void experimentDone() {
    }
}
