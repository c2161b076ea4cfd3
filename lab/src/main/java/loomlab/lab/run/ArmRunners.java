package loomlab.lab.run;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;

/** Which runner runs which kind of plan. */
public final class ArmRunners {
    private final Map<Class<? extends ArmPlan>, ArmRunner<? extends ArmPlan>> runners = new LinkedHashMap<>();

    /**
     * @param database the PostgreSQL server the user named, or null for a throwaway one per experiment
     * @param host     where a throwaway PostgreSQL starts
     * @param engine   what measures the HTTP and JDBC arms
     */
    public static ArmRunners standard(loomlab.lab.database.DatabaseTarget database,
                                      loomlab.lab.database.PostgresHost host, loomlab.lab.load.Engine engine) {
        return new ArmRunners().register(loomlab.core.arm.HttpArmPlan.class, new HttpArmRunner(engine))
                .register(loomlab.core.arm.JdbcArmPlan.class, new JdbcArmRunner(database, host, engine))
                .register(loomlab.core.arm.TaskArmPlan.class, new loomlab.lab.tasks.TaskArmRunner())
                .register(loomlab.core.arm.NoisyServerArmPlan.class, new NoisyServerArmRunner())
                .register(loomlab.core.arm.PinningArmPlan.class, new PinningArmRunner())
                .register(loomlab.core.arm.ConnectionsArmPlan.class, new loomlab.lab.connections.ConnectionsArmRunner())
                .register(loomlab.core.reactive.ReactiveArmPlan.class, new loomlab.lab.reactive.ReactiveArmRunner());
    }

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
