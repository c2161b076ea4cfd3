package loomlab.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.FairnessArmResult;
import loomlab.core.arm.HandleOrderArmResult;
import loomlab.core.arm.JmhArmResult;
import loomlab.core.arm.TaskArmPlan;
import loomlab.core.arm.TaskProgram;
import loomlab.core.arm.TaskThroughputArmResult;
import loomlab.core.arm.ThreadLimitArmResult;
import org.junit.jupiter.api.Test;

/** Plans and verdicts of the task-level experiments, from fixed figures. */
class TaskExperimentsTest {

    private static List<TaskArmPlan> taskPlans(Experiment experiment, Profile profile) {
        List<TaskArmPlan> plans = new ArrayList<>();
        for (ArmPlan plan : experiment.plan(profile)) {
            plans.add((TaskArmPlan) plan);
        }
        return plans;
    }

    @Test
    void fairnessRunsEveryModeForFiveRoundsWithMoreCarriersForTheParallelismArm() {
        List<TaskArmPlan> plans = taskPlans(new NoisyNeighbour(), Profile.QUICK);
        assertEquals(List.of("platform", "virtual", "virtual-parallelism", "virtual-offload", "virtual-yield", "split"),
                plans.stream().map(TaskArmPlan::mode).toList());
        plans.forEach(p -> assertEquals(TaskProgram.FAIRNESS, p.program()));
        plans.forEach(p -> assertTrue(p.args().containsAll(List.of("--rounds", "5")), p.args().toString()));
        assertTrue(plans.get(2).jvmArgs().get(0).startsWith("-Djdk.virtualThreadScheduler.parallelism="));
        assertEquals(21_686, plans.get(1).published().value());
    }

    @Test
    void fairnessVerdictComparesLightDelaysAndNamesTheBestMitigation() {
        List<ArmResult> arms = List.of(fairness(NoisyNeighbour.PLATFORM, 600, 120), fairness(NoisyNeighbour.VIRTUAL, 120_000, 30),
                fairness("light virtual, heavy platform", 3_600, 130), fairness("virtual, heavy work yields", 40_000, 40));
        String verdict = new NoisyNeighbour().verdict(arms);
        assertTrue(verdict.startsWith("Platform threads won for the light tasks: they waited 120000 ms in total on"
                + " virtual threads against 600 ms on platform threads (200.0x"), verdict);
        assertTrue(verdict.contains("\"light virtual, heavy platform\" cut the light tasks' total wait most, to 3600 ms"
                + " (33.3x less than plain virtual threads, still 6.0x platform threads' wait)"), verdict);
    }

    private static FairnessArmResult fairness(String name, double sumMs, double heavyDoneMs) {
        return new FairnessArmResult(name, "x", 5, 1000, 1000, 5000, sumMs, sumMs / 5000, sumMs / 4000, sumMs / 3000,
                heavyDoneMs, 2, null);
    }

    @Test
    void taskThroughputCapsPlatformThreadsInTheQuickProfile() {
        List<TaskArmPlan> quick = taskPlans(new ManyTasks(), Profile.QUICK);
        List<TaskArmPlan> full = taskPlans(new ManyTasks(), Profile.FULL);
        assertEquals(List.of("virtual", "cached", "per-task", "virtual", "virtual"), quick.stream().map(TaskArmPlan::mode).toList());
        assertTrue(quick.get(2).args().containsAll(List.of("--tasks", "10000")), quick.get(2).args().toString());
        assertTrue(full.get(2).args().containsAll(List.of("--tasks", "100000")), full.get(2).args().toString());
        assertTrue(quick.get(4).args().containsAll(List.of("--tasks", "1000000", "--warmup-rounds", "3")));
        assertTrue(quick.get(4).jvmArgs().contains("-XX:PerMethodTrapLimit=0"));
        assertTrue(quick.get(0).published().note().contains("this profile runs 10,000 tasks"));
    }

    @Test
    void taskThroughputVerdictComparesEachModeWithVirtual() {
        List<ArmResult> arms = List.of(throughput("virtual, 100,000", "virtual", 1.5, 0), throughput("cached pool, 100,000",
                "cached", 15, 0), throughput(ManyTasks.TUNED_1M, "virtual", 1.9, 3));
        String verdict = new ManyTasks().verdict(arms);
        assertTrue(verdict.startsWith("100,000 tasks sleeping 1.00 s took 1.50 s on virtual threads, 15.0 s on cached"
                + " (10.0x longer)"), verdict);
        assertTrue(verdict.contains("With the tuned JVM 100,000 virtual tasks took 1.90 s, 0.90 s above the floor."), verdict);
    }

    private static TaskThroughputArmResult throughput(String name, String mode, double seconds, int warmupRounds) {
        return new TaskThroughputArmResult(name, mode, 100_000, 100_000, 1000, seconds, 0.1, 1.0, 0.2, 300.0,
                warmupRounds, null);
    }

    @Test
    void threadLimitVerdictComparesMemoryPerThread() {
        List<ArmResult> arms = List.of(
                new ThreadLimitArmResult(ThreadLimit.PLATFORM, "platform", 10_000, 4_000, "error",
                        "java.lang.OutOfMemoryError: unable to create native thread", 1.5, 40.0, 140.0, 25.6),
                new ThreadLimitArmResult(ThreadLimit.VIRTUAL, "virtual", 1_000_000, 1_000_000, "cap", null, 1.7, 40.0,
                        870.0, 0.85));
        String verdict = new ThreadLimit().verdict(arms);
        assertTrue(verdict.startsWith("Platform threads: 4,000 started in 1.50 s before an error (java.lang.OutOfMemoryError:"
                + " unable to create native thread), 25.6 KB of RSS each."), verdict);
        assertTrue(verdict.contains("Virtual threads: 1,000,000 started in 1.70 s before reaching the cap of 1,000,000"), verdict);
        assertTrue(verdict.contains("A parked platform thread cost 30.1x the resident memory"), verdict);
    }

    @Test
    void structuredConcurrencyRunsEachCaseInEachStyle() {
        List<TaskArmPlan> plans = taskPlans(new StructuredConcurrency(), Profile.QUICK);
        assertEquals(12, plans.size());
        assertTrue(plans.get(4).args().containsAll(List.of("--cases", "inventory-fails", "--styles", "executor")));
        plans.forEach(p -> assertEquals(TaskProgram.STRUCTURED_CONCURRENCY, p.program()));
    }

    @Test
    void structuredConcurrencyVerdictReportsCancellationAndLeaks() {
        List<ArmResult> arms = List.of(
                order("inventory-fails", "scope", 52, true, 0),
                order("inventory-fails", "executor", 1003, false, 0),
                order("inventory-fails", "shared-executor", 51, false, 1));
        String verdict = new StructuredConcurrency().verdict(arms);
        assertTrue(verdict.startsWith("When the inventory update failed, the scope answered after 52.0 ms and cancelled the"
                + " order update; the executor closed by try-with-resources answered after 1003 ms"), verdict);
        assertTrue(verdict.contains("A shared executor answered after 51.0 ms but left 1 subtask(s) running."), verdict);
    }

    private static HandleOrderArmResult order(String orderCase, String style, double answerMs, boolean cancelled, int leaked) {
        return new HandleOrderArmResult(StructuredConcurrency.armName(orderCase, style), style, answerMs, "failure",
                "X", "SimulatedFailure", cancelled, cancelled ? 1 : 0, leaked, "failed", cancelled ? "cancelled" : "succeeded");
    }

    @Test
    void jmhVerdictComparesVirtualWithTheBestPlatformBenchmark() {
        List<ArmResult> arms = List.of(
                new JmhArmResult("platformThreadPerTask", "per-task", 10_000, 1000, 0.4, 0.05, 5.0, null, null),
                new JmhArmResult("platformThreadPool", "cached", 10_000, 1000, 0.5, 0.05, 4.0, null, null),
                new JmhArmResult("virtualThreadPerTask", "virtual", 10_000, 1000, 1.8, 0.02, 1.1, null, null));
        String verdict = new LoomBenchmarkTable().verdict(arms);
        assertTrue(verdict.startsWith("virtualThreadPerTask won: 1.80 ops/s (1.10 s/op) against 0.50 ops/s (4.00 s/op)"
                + " for platformThreadPool, 3.6x"), verdict);
        List<TaskArmPlan> plans = taskPlans(new LoomBenchmarkTable(), Profile.QUICK);
        assertEquals("LoomBenchmark\\.virtualThreadPerTask$", plans.get(2).args().get(0));
    }

    @Test
    void verdictsSayWhatDidNotRun() {
        FailedArm failed = new FailedArm(NoisyNeighbour.VIRTUAL, "virtual", "fairness", "failed", "exited with code 1");
        String verdict = new NoisyNeighbour().verdict(List.of(failed));
        assertEquals("No verdict: the platform or the virtual arm did not run. Not measured: virtual threads.", verdict);
    }
}
