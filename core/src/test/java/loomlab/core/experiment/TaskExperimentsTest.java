package loomlab.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.DelayMs;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.FairnessArmResult;
import loomlab.core.arm.HandleOrderArmResult;
import loomlab.core.arm.JmhArmResult;
import loomlab.core.arm.Latency;
import loomlab.core.arm.NoisyServerArmPlan;
import loomlab.core.arm.NoisyServerArmResult;
import loomlab.core.arm.ServerUsage;
import loomlab.core.arm.TaskArmPlan;
import loomlab.core.arm.TaskProgram;
import loomlab.core.arm.TaskThroughputArmResult;
import loomlab.core.arm.ThreadLimitArmResult;
import loomlab.threads.ExecutorMode;
import org.junit.jupiter.api.Test;

/** Plans and verdicts of the task-level experiments, from fixed figures. */
class TaskExperimentsTest {

    private static List<TaskArmPlan> taskPlans(Experiment experiment, Profile profile) {
        List<TaskArmPlan> plans = new ArrayList<>();
        for (ArmPlan plan : experiment.plan(profile)) {
            if (plan instanceof TaskArmPlan task) {
                plans.add(task);
            }
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
    void fairnessVerdictComparesLightDelays() {
        List<ArmResult> arms = List.of(fairness(NoisyNeighbour.PLATFORM, "platform", 600, 0.9, 120),
                fairness(NoisyNeighbour.VIRTUAL, "virtual", 120_000, 35, 30));
        String verdict = new NoisyNeighbour().verdict(arms);
        assertTrue(verdict.startsWith("Platform threads won for the light tasks: they waited 120000 ms in total on"
                + " virtual threads against 600 ms on platform threads (200.0x; the seed published 21,686 against 313 ms,"
                + " 70x), a p99 of 35.0 against 0.90 ms each."), verdict);
        assertTrue(verdict.endsWith("queue behind them."), "no mitigation ran, so none is judged: " + verdict);
    }

    @Test
    void fairnessVerdictNamesTheMitigationsWithinTwiceThePlatformP99AndWhatTheHeavyTasksPaid() {
        FairnessArmResult platform = fairness(NoisyNeighbour.PLATFORM, "platform", 600, 1.0, 200);
        FairnessArmResult virtual = fairness(NoisyNeighbour.VIRTUAL, "virtual", 100_000, 35, 25);
        List<FairnessArmResult> arms = List.of(platform, virtual,
                fairness("light virtual, heavy platform", "split", 900, 1.5, 220),
                fairness("virtual, heavy work yields", "virtual-yield", 40_000, 2.0, 50),
                fairness("virtual, 8 carriers", "virtual-parallelism", 50_000, 22, 25));
        assertEquals("2 mitigations brought the virtual light-task p99 within 2.0x of platform threads' light-task p99"
                + " (1.00 ms): \"light virtual, heavy platform\" (split: p99 1.50 ms; heavy tasks done after 220 ms,"
                + " 8.8x plain virtual's and 1.1x platform's); \"virtual, heavy work yields\" (virtual-yield: p99 2.00 ms;"
                + " heavy tasks done after 50.0 ms, 2.0x plain virtual's and 0.3x platform's). The other 1 stayed above"
                + " 2.00 ms.", NoisyNeighbour.mitigations(platform, virtual, arms));
    }

    @Test
    void fairnessVerdictSaysWhenNoMitigationComesWithinTwiceThePlatformP99() {
        FairnessArmResult platform = fairness(NoisyNeighbour.PLATFORM, "platform", 600, 1.0, 200);
        FairnessArmResult virtual = fairness(NoisyNeighbour.VIRTUAL, "virtual", 100_000, 35, 25);
        List<FairnessArmResult> arms = List.of(platform, virtual,
                fairness("virtual, heavy work on a platform pool", "virtual-offload", 35_000, 28, 50),
                fairness("virtual, heavy work yields", "virtual-yield", 40_000, 18.5, 68));
        assertEquals("No mitigation brought the virtual light-task p99 within 2.0x of platform threads' light-task p99"
                + " (1.00 ms); the closest, \"virtual, heavy work yields\" (virtual-yield: p99 18.5 ms; heavy tasks done"
                + " after 68.0 ms, 2.7x plain virtual's and 0.3x platform's), stayed at 18.5x.",
                NoisyNeighbour.mitigations(platform, virtual, arms));
    }

    private static FairnessArmResult fairness(String name, String mode, double sumMs, double p99Ms, double heavyDoneMs) {
        return new FairnessArmResult(name, mode, 5, 1000, 1000, 5000, new DelayMs(sumMs, sumMs / 5000, p99Ms,
                p99Ms * 1.2), heavyDoneMs, 2, null);
    }

    @Test
    void fairnessThroughAServerLoadsHelloBesideCpuUsersOnTwoPlatformPoolsAndOnVirtualThreads() {
        List<NoisyServerArmPlan> plans = new NoisyNeighbour(2).plan(Profile.QUICK).stream()
                .filter(p -> p instanceof NoisyServerArmPlan).map(p -> (NoisyServerArmPlan) p).toList();
        assertEquals(List.of("platform:4", "platform:8", "virtual"), plans.stream().map(NoisyServerArmPlan::mode).toList());
        plans.forEach(p -> assertEquals(4, p.cpuUsers()));
        plans.forEach(p -> assertEquals("/cpu/" + NoisyNeighbour.CPU_ITERATIONS, p.cpuPath()));
        plans.forEach(p -> assertEquals("loomcat", p.server()));
        assertTrue(plans.get(0).duration().toSeconds() + plans.get(0).warmup().toSeconds() <= 10,
                "the quick profile keeps each server arm to a few seconds");
    }

    @Test
    void serverVerdictSaysWhichModeKeptHelloFastAndWhy() {
        String verdict = NoisyNeighbour.server(List.of(server("platform:4", 90.0, 60, 250),
                server("platform:8", 4.0, 60, 270), server("virtual", 60.0, 61, 260))).orElseThrow();
        assertEquals("Through loomcat, with 4 users keeping /cpu/2500000 busy (61.0 ms each at the median on virtual"
                + " threads), /hello at 100 requests/s had a p50/p99 from its intended send time of 0.50/90.0 ms on"
                + " platform:4, 0.50/4.00 ms on platform:8, 0.50/60.0 ms on virtual. The platform:8 pool kept /hello"
                + " fastest: with threads to spare beyond the /cpu requests, /hello got one at once and the OS time-slices"
                + " the pool's threads, so /hello ran between slices of the /cpu requests, while a virtual thread on /cpu"
                + " holds its carrier until the request ends and /hello waited for a free carrier. A pool no larger than"
                + " the 4 /cpu users (platform:4) left /hello queueing for a free thread (p99 90.0 ms). Meanwhile the"
                + " server completed 250 /cpu requests on platform:4, 270 /cpu requests on platform:8, 260 /cpu requests"
                + " on virtual.", verdict);
        String reversed = NoisyNeighbour.server(List.of(server("platform:4", 60.0, 30, 300),
                server("virtual", 4.0, 25, 320))).orElseThrow();
        assertTrue(reversed.contains("Virtual threads kept /hello faster than any pool: the pools' threads were taken"),
                reversed);
        String even = NoisyNeighbour.server(List.of(server("platform:8", 10.0, 30, 300),
                server("virtual", 10.5, 25, 320))).orElseThrow();
        assertTrue(even.contains("Neither kept /hello clearly faster."), even);
        assertTrue(NoisyNeighbour.server(List.of(server("virtual", 4.0, 25, 320))).isEmpty());
    }

    private static NoisyServerArmResult server(String mode, double helloP99, double cpuP50, long cpuRequests) {
        return new NoisyServerArmResult(NoisyNeighbour.serverArmName(ExecutorMode.parse(mode)), "loomcat", mode, 4,
                NoisyNeighbour.CPU_ITERATIONS, 100, 4, 400, 0, new Latency(1.0, 0.5, 1.0, helloP99, helloP99, helloP99),
                cpuRequests, 0, new Latency(cpuP50, cpuP50, cpuP50, cpuP50, cpuP50, cpuP50),
                new ServerUsage(3.9, 120.0, 30L, 800L), null);
    }

    @Test
    void taskThroughputCapsPlatformThreadsInTheQuickProfile() {
        List<TaskArmPlan> quick = taskPlans(new ManyTasks(), Profile.QUICK);
        List<TaskArmPlan> full = taskPlans(new ManyTasks(), Profile.FULL);
        assertEquals(List.of("virtual", "cached", "per-task", "platform:2000", "virtual", "virtual"),
                quick.stream().map(TaskArmPlan::mode).toList());
        assertEquals(List.of("virtual", "cached", "per-task", "platform:10000", "virtual", "virtual"),
                full.stream().map(TaskArmPlan::mode).toList());
        assertTrue(quick.get(2).args().containsAll(List.of("--tasks", "10000")), quick.get(2).args().toString());
        assertTrue(full.get(2).args().containsAll(List.of("--tasks", "100000")), full.get(2).args().toString());
        assertTrue(full.get(3).args().containsAll(List.of("--tasks", "100000")), full.get(3).args().toString());
        assertTrue(quick.get(0).published().note().contains("this profile runs 10,000 tasks"));
    }

    @Test
    void taskThroughputRunsTheTunedVirtualArmsAtTheIssuesSizesInEveryProfile() {
        for (Profile profile : Profile.values()) {
            List<TaskArmPlan> plans = taskPlans(new ManyTasks(), profile);
            TaskArmPlan hundredThousand = plans.get(4);
            TaskArmPlan million = plans.get(5);
            assertEquals(ManyTasks.TUNED_100K, hundredThousand.name());
            assertTrue(hundredThousand.args().containsAll(List.of("--tasks", "100000", "--sleep-ms", "1000",
                    "--warmup-rounds", "3")), hundredThousand.args().toString());
            assertTrue(million.args().containsAll(List.of("--tasks", "1000000", "--sleep-ms", "1000",
                    "--warmup-rounds", "3")), million.args().toString());
            assertEquals(ManyTasks.TUNED_JVM, million.jvmArgs());
            assertEquals(ManyTasks.TUNED_JVM, hundredThousand.jvmArgs());
        }
    }

    @Test
    void taskThroughputVerdictComparesEachModeWithVirtual() {
        List<ArmResult> arms = List.of(throughput("virtual, 100,000", "virtual", 1.0, 1.5, 0),
                throughput("cached pool, 100,000", "cached", 1.0, 15, 0),
                throughput("fixed pool of 10,000, 100,000", "platform:10000", 10.0, 12, 0),
                throughput(ManyTasks.TUNED_1M, "virtual", 1.0, 1.9, 3));
        String verdict = new ManyTasks().verdict(arms);
        assertTrue(verdict.startsWith("100,000 tasks sleeping 1.00 s took 1.50 s on virtual threads (2.00 s from process"
                + " start to exit), 15.0 s on cached (10.0x longer), 12.0 s on platform:10000 (8.0x longer; its floor is"
                + " 10.0 s, the tasks sleeping in waves)"), verdict);
        assertTrue(verdict.contains("With the tuned JVM 100,000 virtual tasks took 1.90 s in the process, 0.90 s above the"
                + " floor (2.40 s from process start to exit)."), verdict);
    }

    private static TaskThroughputArmResult throughput(String name, String mode, double floorS, double seconds,
                                                      int warmupRounds) {
        return new TaskThroughputArmResult(name, mode, 100_000, 100_000, 1000, floorS, seconds + 0.5, seconds, 0.1,
                1.0, 0.2, 300.0, warmupRounds, null);
    }

    @Test
    void threadLimitCapsAreTheIssuesInTheFullProfileLowerInTheQuickOneAndChosenWhenGiven() {
        assertEquals(List.of("20000", "1000000"), caps(new ThreadLimit(), Profile.FULL));
        assertEquals(List.of("2000", "100000"), caps(new ThreadLimit(), Profile.QUICK));
        assertEquals(List.of("500", "100000"), caps(new ThreadLimit(new ThreadLimit.Caps(500, null)), Profile.QUICK));
        assertEquals(List.of("20000", "3000000"), caps(new ThreadLimit(new ThreadLimit.Caps(null, 3_000_000)),
                Profile.FULL));
    }

    @Test
    void threadLimitCapsOutsideTheirRangeAreRefusedWithTheRange() {
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class, () -> new ThreadLimit.Caps(0, null));
        assertEquals("the platform thread cap must be from 1 to 100,000, got 0", zero.getMessage());
        IllegalArgumentException huge = assertThrows(IllegalArgumentException.class,
                () -> new ThreadLimit.Caps(null, 20_000_000));
        assertEquals("the virtual thread cap must be from 1 to 10,000,000, got 20000000", huge.getMessage());
    }

    private static List<String> caps(ThreadLimit experiment, Profile profile) {
        return taskPlans(experiment, profile).stream().map(p -> p.args().get(p.args().indexOf("--cap") + 1)).toList();
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
        return new HandleOrderArmResult(StructuredConcurrency.armName(orderCase, style), style, orderCase, style, answerMs,
                "failure", "X", "SimulatedFailure", cancelled, cancelled ? 1 : 0, leaked, "failed",
                cancelled ? "cancelled" : "succeeded");
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
