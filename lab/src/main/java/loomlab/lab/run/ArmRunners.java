package loomlab.lab.run;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;

/**
 * Which runner runs which kind of plan. The composition root registers them, so this package knows no
 * experiment's runner and none of theirs, which know this package, is known back.
 */
public final class ArmRunners {
    private final Map<Class<? extends ArmPlan>, ArmRunner<? extends ArmPlan>> runners = new LinkedHashMap<>();

    public <P extends ArmPlan> ArmRunners register(Class<P> kind, ArmRunner<P> runner) {
        runners.put(kind, runner);
        return this;
    }

    /** Every runner releases what it kept for the experiment that just ended. */
    public void experimentDone() {
        runners.values().forEach(ArmRunner::experimentDone);
    }

    public <P extends ArmPlan> ArmResult run(P plan, RunContext context) throws InterruptedException {
        return runnerOf(plan).run(plan, context);
    }

    /** Whether the plan's runner measures the arms of one JDK and run side by side. */
    public boolean sideBySide(ArmPlan plan) {
        return runnerOf(plan).sideBySide();
    }

    /** Plans of one kind run together by their runner ({@link ArmRunner#runSideBySide}). */
    @SuppressWarnings("unchecked")
    public <P extends ArmPlan> List<ArmResult> runSideBySide(List<P> plans, List<RunContext> contexts)
            throws InterruptedException {
        ArmRunner<P> runner = runnerOf(plans.getFirst());
        if (plans.stream().anyMatch(p -> p.getClass() != plans.getFirst().getClass())) {
            throw new IllegalArgumentException("plans run side by side are of one kind");
        }
        return runner.runSideBySide(plans, contexts);
    }

    @SuppressWarnings("unchecked")
    private <P extends ArmPlan> ArmRunner<P> runnerOf(P plan) {
        ArmRunner<P> runner = (ArmRunner<P>) runners.get(plan.getClass());
        if (runner == null) {
            throw new IllegalStateException("no runner for " + plan.getClass().getSimpleName());
        }
        return runner;
    }
}
