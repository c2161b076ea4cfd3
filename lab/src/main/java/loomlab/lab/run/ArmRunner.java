package loomlab.lab.run;

import java.util.ArrayList;
import java.util.List;
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

    /**
     * Whether the arms of one JDK in one run are measured side by side ({@link #runSideBySide}): their
     * services live at once and their measured steps alternate, so that the machine's drift falls on each.
     */
    default boolean sideBySide() {
        return false;
    }

    /** Runs {@code plans} together, each with its context, their results in the same order; one by one unless overridden. */
    default List<ArmResult> runSideBySide(List<P> plans, List<RunContext> contexts) throws InterruptedException {
        List<ArmResult> results = new ArrayList<>();
        for (int i = 0; i < plans.size(); i++) {
            results.add(run(plans.get(i), contexts.get(i)));
        }
        return results;
    }
}
