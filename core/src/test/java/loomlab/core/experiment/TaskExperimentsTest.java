package loomlab.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmMode;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.DelayMs;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.FairnessArmResult;
import loomlab.core.arm.FairnessRepeats;
import loomlab.core.arm.HandleOrderArmResult;
import loomlab.core.arm.JmhArmResult;
import loomlab.core.arm.Latency;
import loomlab.core.arm.NoisyServerArmPlan;
import loomlab.core.arm.NoisyServerArmResult;
import loomlab.core.arm.ParamValue;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServerUsage;
import loomlab.core.arm.Spread;
import loomlab.core.arm.TaskArmPlan;
import loomlab.core.arm.TaskProgram;
import loomlab.core.arm.TaskRepeats;
import loomlab.core.arm.TaskThroughputArmResult;
import loomlab.core.arm.ThreadLimitArmResult;
import loomlab.core.finding.AgainstPublished;
import loomlab.core.finding.CarriersEffect;
import loomlab.core.finding.CloseWaitedForSibling;
import loomlab.core.finding.FairnessEffect;
import loomlab.core.finding.Finding;
import loomlab.core.finding.HelloBesideCpu;
import loomlab.core.finding.Lead;
import loomlab.core.finding.Leader;
import loomlab.core.finding.Measure;
import loomlab.core.finding.Mitigations;
import loomlab.core.finding.NotMeasured;
import loomlab.core.finding.PlatformStoppedFirst;
import loomlab.core.finding.PublishedLead;
import loomlab.core.finding.ThreadsHeld;
import loomlab.core.finding.TunedRun;
import loomlab.core.result.ExperimentResult;
import loomlab.core.result.Overview;
import loomlab.threads.ExecutorMode;
import loomlab.threads.Threads;
import org.junit.jupiter.api.Test;

/** Plans and findings of the task-level experiments, from fixed figures, each claim in both directions. */
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

    // --- fairness ---

    @Test
    void fairnessRunsTheSeedsSizeThenLongerHeavyTasksThenTheMitigations() {
        List<TaskArmPlan> plans = taskPlans(new NoisyNeighbour(2), Profile.QUICK);
        assertEquals(List.of("platform", "virtual", "platform, 2,500,000 additions",
                "virtual, 2,500,000 additions", "platform, 25,000,000 additions",
                "virtual, 25,000,000 additions", "virtual-parallelism", "virtual-offload",
                "virtual-yield", "split"), plans.stream().map(TaskArmPlan::name).toList());
        plans.forEach(p -> assertEquals(TaskProgram.FAIRNESS, p.program()));
        assertTrue(plans.get(0).args().containsAll(List.of("--rounds", "5", "--heavy-iterations", "1000")));
        assertTrue(plans.get(4).args().containsAll(List.of("--heavy-iterations", "25000000", "--heavy-tasks", "8")));
        assertTrue(plans.get(6).jvmArgs().get(0).startsWith("-Djdk.virtualThreadScheduler.parallelism=8"));
        assertEquals(21_686, plans.get(1).published().value());
        assertNull(plans.get(3).published(), "the seed never ran long heavy tasks");
    }

    @Test
    void theSeedsShortHeavyTasksShowQueueingBehindStartsNotMissingTimeSlicing() {
        List<Finding> findings = new NoisyNeighbour(2).findings(List.of(
                fairness("platform", null, 600, 0.9, 120, 0.08, 2),
                fairness("virtual", null, 120_000, 35, 30, 0.08, 2)));
        Lead lead = FindingsOf.only(findings, Lead.class);
        assertEquals(Measure.LIGHT_DELAY_SUM, lead.measure());
        assertEquals(Leader.SECOND, lead.ahead());
        assertEquals(Leader.NEITHER, lead.leader(), "one run measured no spread: no lead, the effect still judged");
        FairnessEffect effect = FindingsOf.only(findings, FairnessEffect.class);
        assertEquals(FairnessEffect.Effect.QUEUEING_BEHIND_STARTS, effect.effect());
        assertEquals(0.08, effect.heavyTaskMs());
        assertEquals(2, FindingsOf.all(findings, AgainstPublished.class).size());
    }

    /**
     * Under {@code --repeat}, the light tasks' summed waits come with every run's range: ranges apart name
     * the lead (either way), overlapping ranges none.
     */
    @Test
    void repeatedFairnessArmsLeadOnlyWhereTheirSummedWaitRangesLieApart() {
        FairnessArmResult platform = repeatedFairness("platform", 120, 550, 600, 700);
        FairnessArmResult virtual = repeatedFairness("virtual", 30, 90_000, 120_000, 150_000);
        Lead apart = FindingsOf.only(new NoisyNeighbour(2).findings(List.of(platform, virtual)), Lead.class);
        assertEquals(Leader.SECOND, apart.leader(), "the platform threads' waits lay below: " + apart);

        Lead overlap = FindingsOf.only(new NoisyNeighbour(2).findings(List.of(platform,
                repeatedFairness("virtual", 30, 500, 650, 800))), Lead.class);
        assertEquals(Leader.NEITHER, overlap.leader(), "500-800 against 550-700 ms overlap");
        assertTrue(overlap.byRanges());

        Lead virtualAhead = FindingsOf.only(new NoisyNeighbour(2).findings(List.of(
                repeatedFairness("platform", 120, 90_000, 120_000, 150_000),
                repeatedFairness("virtual", 30, 550, 600, 700))), Lead.class);
        assertEquals(Leader.FIRST, virtualAhead.leader());
    }

    /** A fairness arm of three runs, the median run's figures its own: light-task p99 a 1/500 of the sum. */
    private static FairnessArmResult repeatedFairness(String mode, double heavyDoneMs, double... sumsMs) {
        Spread sums = Spread.of(java.util.Arrays.stream(sumsMs).boxed().toList());
        Spread p99s = Spread.of(java.util.Arrays.stream(sumsMs).map(sum -> sum / 500).boxed().toList());
        return fairness(mode, null, sums.median(), p99s.median(), heavyDoneMs, 0.08, 2)
                .withRepeats(new FairnessRepeats(sumsMs.length, sums, p99s));
    }

    @Test
    void heavyTasksThatOverlapOnPlatformThreadsShowTheMissingTimeSlicing() {
        List<Finding> findings = new NoisyNeighbour(2).findings(List.of(
                fairness("platform", 2_500_000L, 900, 1.2, 600, 9.5, 87),
                fairness("virtual", 2_500_000L, 240_000, 480, 500, 9.5, 2)));
        assertEquals(FairnessEffect.Effect.MISSING_TIME_SLICING, FindingsOf.only(findings, FairnessEffect.class).effect());
        assertTrue(FindingsOf.all(findings, AgainstPublished.class).isEmpty());
    }

    @Test
    void withoutTheThreadStartsCostTheEffectIsNotClaimed() {
        assertEquals(FairnessEffect.Effect.NOT_MEASURED, FairnessEffect.judge(0.08, null, 7, 2, Leader.SECOND));
        assertEquals(FairnessEffect.Effect.NOT_MEASURED, FairnessEffect.judge(0.08, 180.0, null, 2, Leader.SECOND),
                "the queueing verdict needs the peak running at once");
        assertEquals(FairnessEffect.Effect.WITHIN_CORES, FairnessEffect.judge(9.5, 180.0, 2, 2, Leader.SECOND),
                "long heavy tasks that never overlapped beyond the cores show no time-slicing");
        assertEquals(FairnessEffect.Effect.UNDECIDED, FairnessEffect.judge(0.08, 180.0, 7, 2, Leader.SECOND),
                "short heavy tasks that still overlapped beyond the cores: not the queueing behind starts");
        assertEquals(FairnessEffect.Effect.QUEUEING_BEHIND_STARTS, FairnessEffect.judge(0.08, 180.0, 2, 2,
                Leader.SECOND), "the reverse: at most the cores at once");
    }

    @Test
    void whenVirtualLightTasksWaitedLessThereIsNoPenaltyToExplain() {
        List<Finding> findings = new NoisyNeighbour(2).findings(List.of(
                fairness("platform", null, 9_000, 9, 120, 0.08, 1), fairness("virtual", null, 300, 0.5, 30, 0.08, 2)));
        assertEquals(Leader.FIRST, FindingsOf.only(findings, Lead.class).ahead());
        assertEquals(FairnessEffect.Effect.NO_VIRTUAL_PENALTY, FindingsOf.only(findings, FairnessEffect.class).effect());
    }

    @Test
    void mitigationsWithinTwiceThePlatformP99AreTheOnesThatCountAndTheirCostIsKept() {
        FairnessArmResult platform = fairness("platform", null, 600, 1.0, 200, 0.08, 1);
        FairnessArmResult virtual = fairness("virtual", null, 100_000, 35, 25, 0.08, 2);
        Mitigations mitigations = (Mitigations) NoisyNeighbour.mitigations(platform, virtual, List.of(platform, virtual,
                fairness("split", null, 900, 1.5, 220, null, null),
                fairness("virtual-yield", null, 40_000, 2.0, 50, null, null),
                fairness("virtual-parallelism", null, 50_000, 22, 25, null, null))).orElseThrow();
        assertEquals(List.of("split", "virtual-yield"), mitigations.withinLimit().stream().map(m -> m.arm().mode().toString()).toList());
        assertEquals(3, mitigations.arms().size());
        assertEquals(220, mitigations.withinLimit().getFirst().heavyDoneMs());
        Mitigations none = (Mitigations) NoisyNeighbour.mitigations(platform, virtual, List.of(platform, virtual,
                fairness("virtual-offload", null, 35_000, 28, 50, null, null))).orElseThrow();
        assertTrue(none.withinLimit().isEmpty());
    }

    /** The mode of the experiment's arm spelled so, as the experiment plans it: its word on its threads. */
    private static ArmMode planned(Experiment experiment, String word) {
        return experiment.plan(Profile.QUICK).stream().map(p -> p.key().mode()).filter(m -> m.toString().equals(word))
                .findFirst().orElseThrow(() -> new AssertionError(experiment.name() + " plans no arm '" + word + "'"));
    }

    private static FairnessArmResult fairness(String mode, Long variant, double sumMs, double p99Ms,
                                              double heavyDoneMs, Double heavyTaskMs, Integer peakHeavy) {
        ArmKey key = ArmKey.program(planned(new NoisyNeighbour(2), mode));
        return new FairnessArmResult(variant == null ? key
                : key.withParam(NoisyNeighbour.HEAVY, ParamValue.count(variant)), 5, 1000, 1000, 5000,
                new DelayMs(sumMs, sumMs / 5000, p99Ms, p99Ms * 1.2), heavyDoneMs, 2, 1000, heavyTaskMs, peakHeavy,
                180.0, mode.equals("platform") && variant == null ? NoisyNeighbour.SEED_PLATFORM
                : mode.equals("virtual") && variant == null ? NoisyNeighbour.SEED_VIRTUAL : null);
    }

    @Test
    void fairnessThroughAServerLoadsHelloBesideCpuUsersOnTwoPlatformPoolsAndOnVirtualThreads() {
        List<NoisyServerArmPlan> plans = new NoisyNeighbour(2).plan(Profile.QUICK).stream()
                .filter(p -> p instanceof NoisyServerArmPlan).map(p -> (NoisyServerArmPlan) p).toList();
        assertEquals(List.of("platform:4", "platform:8", "virtual", "virtual"),
                plans.stream().map(p -> p.mode().toString()).toList());
        assertEquals(java.util.Arrays.asList(null, null, null, 8), plans.stream()
                .map(p -> p.carriers() == null ? null : p.carriers().count()).toList(), "4 carriers per core, measured");
        assertEquals(List.of("-Djdk.virtualThreadScheduler.parallelism=8"), plans.get(3).serverFlags(),
                "the parallelism alone: maxPoolSize as in the virtual arm beside it");
        assertEquals(4, plans.stream().map(NoisyServerArmPlan::key).distinct().count());
        plans.forEach(p -> assertEquals(4, p.cpuUsers()));
        plans.forEach(p -> assertEquals(ServerId.LOOMCAT, p.server()));
        assertTrue(plans.get(0).duration().toSeconds() + plans.get(0).warmup().toSeconds() <= 10);
    }

    @Test
    void moreCarriersChangedHelloOnlyWhenItsStallsOrItsP99MovedClearly() {
        NoisyServerArmResult usual = server("virtual", 900.0, 30, 250);
        CarriersEffect helped = (CarriersEffect) NoisyNeighbour.carriersEffect(List.of(usual,
                withCarriers(server("virtual", 40.0, 30, 250)))).orElseThrow();
        assertEquals(8, helped.carriers());
        assertEquals(CarriersEffect.Tail.HELLO_P99, helped.tail());
        assertEquals(900.0, helped.usualTailMs());
        assertEquals(40.0, helped.carrierTailMs());
        assertTrue(helped.changed());
        CarriersEffect same = (CarriersEffect) NoisyNeighbour.carriersEffect(List.of(usual,
                withCarriers(server("virtual", 800.0, 30, 250)))).orElseThrow();
        assertFalse(same.changed(), "within twice: noise");
        CarriersEffect worse = (CarriersEffect) NoisyNeighbour.carriersEffect(List.of(
                server("virtual", 40.0, 30, 250), withCarriers(server("virtual", 900.0, 30, 250)))).orElseThrow();
        assertTrue(worse.changed(), "the reverse: a change either way is a change");
        assertTrue(NoisyNeighbour.carriersEffect(List.of(usual)).isEmpty(), "no arm with carriers, no finding");
    }

    private static NoisyServerArmResult withCarriers(NoisyServerArmResult arm) {
        ArmKey key = new NoisyServerArmPlan(ServerId.LOOMCAT, ExecutorMode.virtual(), 4, NoisyNeighbour.CPU_ITERATIONS,
                100, java.time.Duration.ZERO, java.time.Duration.ofSeconds(4), null,
                new loomlab.core.arm.Carriers(8)).key();
        return new NoisyServerArmResult(key, arm.cpuUsers(), arm.cpuIterations(), arm.helloRateRps(), arm.durationS(),
                arm.helloRequests(), arm.helloErrors(), arm.helloLatencyMs(), arm.cpuRequests(), arm.cpuErrors(),
                arm.cpuLatencyMs(), arm.serverProcess(), 8, arm.watch());
    }

    @Test
    void aPoolWithSpareThreadsKeepingHelloFastIsExplainedOnlyWhereItsP99WasTheLowerAndUnderACpuRequest() {
        HelloBesideCpu led = (HelloBesideCpu) NoisyNeighbour.helloBesideCpu(List.of(server("platform:4", 90.0, 60, 250),
                server("platform:8", 4.0, 60, 270), server("virtual", 60.0, 61, 260))).orElseThrow();
        assertEquals(Leader.SECOND, led.lead().ahead());
        assertEquals(Leader.NEITHER, led.lead().leader(), "one figure each: no lead");
        assertTrue(led.spareThreads());
        assertTrue(led.waitedBehindCpu());
        assertEquals(List.of(key("platform:4")), led.queuedPools());
        HelloBesideCpu reversed = (HelloBesideCpu) NoisyNeighbour.helloBesideCpu(List.of(
                server("platform:4", 60.0, 30, 300), server("virtual", 4.0, 25, 320))).orElseThrow();
        assertEquals(Leader.FIRST, reversed.lead().ahead());
        assertTrue(!reversed.spareThreads() && !reversed.waitedBehindCpu());
        HelloBesideCpu even = (HelloBesideCpu) NoisyNeighbour.helloBesideCpu(List.of(
                server("platform:8", 10.0, 30, 300), server("virtual", 10.5, 25, 320))).orElseThrow();
        assertEquals(Leader.NEITHER, even.lead().leader());
        assertTrue(even.spareThreads(), "10.0 against 10.5 ms names no lead, but the pool's spare threads and its p99"
                + " under half a /cpu request show why /hello got a thread at once");
        HelloBesideCpu waited = (HelloBesideCpu) NoisyNeighbour.helloBesideCpu(List.of(
                server("platform:8", 20.0, 30, 300), server("virtual", 25.0, 25, 320))).orElseThrow();
        assertTrue(!waited.spareThreads(), "its p99 reached half a /cpu request: no thread at once shown");
        assertTrue(NoisyNeighbour.helloBesideCpu(List.of(server("virtual", 4.0, 25, 320))).isEmpty());
        assertEquals(List.of(), led.farTails(), "no slowest request beyond its p99 here");
    }

    @Test
    void aSlowestHelloFarBeyondItsP99AndTheCpuRequestsIsNamedAndOneWithinIsNot() {
        NoisyServerArmResult stalled = server("virtual", 28.5, 24, 634, 3525.0);
        HelloBesideCpu far = (HelloBesideCpu) NoisyNeighbour.helloBesideCpu(List.of(server("platform:8", 13.6, 24, 639),
                stalled)).orElseThrow();
        assertEquals(List.of(key("virtual")), far.farTails());
        HelloBesideCpu near = (HelloBesideCpu) NoisyNeighbour.helloBesideCpu(List.of(server("platform:8", 13.6, 24, 639),
                server("virtual", 28.5, 24, 634, 200.0))).orElseThrow();
        assertEquals(List.of(), near.farTails(), "200 ms is under 10 /cpu medians of 24 ms");
    }

    private static ArmKey key(String mode) {
        return new NoisyServerArmPlan(ServerId.LOOMCAT, ExecutorMode.parse(mode), 4, NoisyNeighbour.CPU_ITERATIONS,
                100, java.time.Duration.ZERO, java.time.Duration.ofSeconds(4), null, null).key();
    }

    private static NoisyServerArmResult server(String mode, double helloP99, double cpuP50, long cpuRequests) {
        return server(mode, helloP99, cpuP50, cpuRequests, helloP99);
    }

    private static NoisyServerArmResult server(String mode, double helloP99, double cpuP50, long cpuRequests,
                                               double helloMax) {
        return new NoisyServerArmResult(key(mode), 4, NoisyNeighbour.CPU_ITERATIONS, 100, 4, 400, 0,
                new Latency(1.0, 0.5, 1.0, helloP99, helloMax, helloMax), cpuRequests, 0,
                new Latency(cpuP50, cpuP50, cpuP50, cpuP50, cpuP50, cpuP50), new ServerUsage(3.9, 120.0, 30L, 800L), null,
                loomlab.core.breakage.WatchReport.completed(List.of()));
    }

    // --- task-throughput ---

    @Test
    void taskThroughputCapsPlatformThreadsInTheQuickProfileAndSetsTheSeedsFiguresBesideItsOwnSizeOnly() {
        List<TaskArmPlan> quick = taskPlans(new ManyTasks(), Profile.QUICK);
        List<TaskArmPlan> full = taskPlans(new ManyTasks(), Profile.FULL);
        assertEquals(List.of("virtual", "cached", "per-task", "platform:2000", "virtual"),
                quick.stream().map(p -> p.mode().toString()).toList());
        assertEquals(List.of("virtual", "cached", "per-task", "platform:10000", "virtual", "virtual"),
                full.stream().map(p -> p.mode().toString()).toList());
        assertTrue(quick.get(2).args().containsAll(List.of("--tasks", "10000")));
        assertTrue(full.get(3).args().containsAll(List.of("--tasks", "100000")));
        quick.forEach(p -> assertNull(p.published(), p.name()));
        assertEquals(2.62, full.get(0).published().value());
    }

    @Test
    void tunedArmsAreLabelledAsTunedAndCarryNoPublishedFigure() {
        for (Profile profile : Profile.values()) {
            TaskArmPlan hundredThousand = taskPlans(new ManyTasks(), profile).get(4);
            assertEquals("virtual, 100,000 tasks, tuned JVM, 3 warm-up rounds, in process", hundredThousand.name());
            assertEquals(ManyTasks.TUNED_JVM, hundredThousand.jvmArgs());
            assertNull(hundredThousand.published());
        }
        List<TaskArmPlan> full = taskPlans(new ManyTasks(), Profile.FULL);
        TaskArmPlan million = full.get(5);
        assertTrue(million.args().containsAll(List.of("--tasks", "1000000", "--warmup-rounds", "3")));
        assertEquals(ManyTasks.TUNED_JVM, million.jvmArgs());
        assertNull(million.published());
        assertEquals(5, taskPlans(new ManyTasks(), Profile.QUICK).size(), "a million tuned tasks are the full profile's");
    }

    @Test
    void taskThroughputComparesColdArmsByWallTimeInEitherDirection() {
        List<Finding> findings = new ManyTasks().findings(List.of(throughput("virtual", 1.0, 1.5, 0, 100_000),
                throughput("cached", 1.0, 15, 0, 100_000), throughput("platform:10000", 10.0, 12, 0, 100_000),
                throughput("virtual", 1.0, 1.9, 3, 1_000_000)));
        List<Lead> byWall = FindingsOf.all(findings, Lead.class).stream()
                .filter(l -> l.measure() == Measure.WALL_TIME).toList();
        assertEquals(2, byWall.size());
        assertTrue(byWall.stream().allMatch(l -> l.ahead() == Leader.FIRST && l.leader() == Leader.NEITHER));
        assertEquals(15.5 / 2.0, byWall.getFirst().factor(), 1e-9);
        TunedRun tuned = FindingsOf.only(findings, TunedRun.class);
        assertEquals(1.9, tuned.inProcessS());
        assertEquals(2, FindingsOf.all(findings, AgainstPublished.class).stream()
                .filter(p -> p.arm().mode().equals(ArmMode.ofExecutor("virtual"))).count(), "time and RSS beside the cold virtual arm");
        assertTrue(FindingsOf.all(findings, AgainstPublished.class).stream()
                .noneMatch(p -> p.arm().equals(tuned.arm())), "never a published figure beside a tuned one");

        List<Finding> reversed = new ManyTasks().findings(List.of(throughput("virtual", 1.0, 15, 0, 100_000),
                throughput("cached", 1.0, 1.5, 0, 100_000)));
        assertEquals(Leader.SECOND, FindingsOf.all(reversed, Lead.class).getFirst().ahead());
    }

    /**
     * The quick profile's 10,000 tasks are not the seed's 100,000: the seed's time is quoted with the
     * size this profile ran and never compared, and the overview says the seed measured it at a setting
     * the run did not have (not "new"). Reversed, at the seed's size, it is compared.
     */
    /**
     * Under {@code --repeat}, task throughput's wall times come with every run's range: ranges apart name
     * a lead, overlapping ranges name none however far apart the medians, and one run names none.
     */
    @Test
    void repeatedTaskThroughputArmsLeadOnlyWhereTheirWallTimeRangesLieApart() {
        TaskThroughputArmResult virtual = repeated(throughput("virtual", 1.0, 1.0, 0, 10_000), 1.4, 1.5, 1.7);
        TaskThroughputArmResult cached = repeated(throughput("cached", 1.0, 1.0, 0, 10_000), 3.0, 3.2, 3.5);
        Lead apart = wallLead(new ManyTasks().findings(List.of(virtual, cached)));
        assertEquals(Leader.FIRST, apart.leader());
        assertTrue(apart.byRanges());

        TaskThroughputArmResult overlapping = repeated(throughput("cached", 1.0, 1.0, 0, 10_000), 1.6, 2.4, 3.5);
        Lead tie = wallLead(new ManyTasks().findings(List.of(virtual, overlapping)));
        assertEquals(Leader.NEITHER, tie.leader(), "ranges 1.4-1.7 and 1.6-3.5 s overlap");
        assertEquals(Leader.FIRST, tie.ahead());

        Lead reversed = wallLead(new ManyTasks().findings(List.of(
                repeated(throughput("virtual", 1.0, 1.0, 0, 10_000), 3.0, 3.2, 3.5),
                repeated(throughput("cached", 1.0, 1.0, 0, 10_000), 1.4, 1.5, 1.7))));
        assertEquals(Leader.SECOND, reversed.leader());

        Lead once = wallLead(new ManyTasks().findings(List.of(throughput("virtual", 1.0, 1.0, 0, 10_000),
                throughput("cached", 1.0, 3.0, 0, 10_000))));
        assertEquals(Leader.NEITHER, once.leader(), "one run measured no spread");
    }

    /** The arm with its median run's wall time and every run's beside it, as {@code RepeatedRuns} folds them. */
    private static TaskThroughputArmResult repeated(TaskThroughputArmResult arm, double... walls) {
        List<Double> all = java.util.Arrays.stream(walls).boxed().toList();
        Spread spread = Spread.of(all);
        TaskThroughputArmResult median = new TaskThroughputArmResult(arm.key(), arm.tasks(), arm.completed(),
                arm.sleepMs(), arm.floorS(), spread.median(), arm.inProcessS(), arm.submitS(), arm.cpuUserS(),
                arm.cpuSysS(), arm.peakRssMb(), arm.warmupRounds(), arm.published());
        return median.withRepeats(new TaskRepeats(all.size(), spread, null));
    }

    private static Lead wallLead(List<Finding> findings) {
        return FindingsOf.all(findings, Lead.class).stream().filter(l -> l.measure() == Measure.WALL_TIME)
                .findFirst().orElseThrow();
    }

    @Test
    void atAnotherSizeTheSeedsTimeIsQuotedWithThatSizeAndNeverCompared() {
        List<ArmResult> quick = List.of(throughput("virtual", 1.0, 1.29, 0, 10_000),
                throughput("cached", 1.0, 3.25, 0, 10_000));
        List<Finding> findings = new ManyTasks().findings(quick);
        List<AgainstPublished> quoted = FindingsOf.all(findings, AgainstPublished.class);
        assertEquals(2, quoted.size(), "the time beside each cold arm the slides measured");
        assertTrue(quoted.stream().noneMatch(q -> q.published().sameSetting()));
        assertTrue(quoted.getFirst().published().note().endsWith("; this profile runs 10,000 tasks"),
                quoted.getFirst().published().note());
        ExperimentResult result = new ExperimentResult("task-throughput", "s", "q?", "quick", quick, findings,
                new ManyTasks());
        assertEquals(Overview.Status.NOT_COMPARED, Overview.of(List.of(result)).getFirst().status());

        List<Finding> seedSize = new ManyTasks().findings(List.of(throughput("virtual", 1.0, 1.29, 0, 100_000),
                throughput("cached", 1.0, 3.25, 0, 100_000)));
        assertTrue(FindingsOf.all(seedSize, AgainstPublished.class).stream().allMatch(q -> q.published().sameSetting()));
    }

    private static TaskThroughputArmResult throughput(String mode, double floorS, double seconds, int warmupRounds,
                                                      int tasks) {
        ArmKey key = warmupRounds > 0 ? ArmKey.program(ArmMode.ofExecutor(mode)).withParam(ManyTasks.TASKS, ParamValue.count(1_000_000))
                .withParam(ManyTasks.SETUP, ParamValue.named(ManyTasks.TUNED)) : ArmKey.program(ArmMode.ofExecutor(mode))
                .withParam(ManyTasks.TASKS, ParamValue.count(tasks));
        return new TaskThroughputArmResult(key, tasks, tasks, 1000, floorS, seconds + 0.5,
                seconds, 0.1, 1.0, 0.2, 300.0, warmupRounds, null);
    }

    // --- thread-limit ---

    @Test
    void threadLimitCapsAreTheIssuesInTheFullProfileLowerInTheQuickOneAndChosenWhenGiven() {
        assertEquals(List.of("20000", "1000000"), caps(new ThreadLimit(), Profile.FULL));
        assertEquals(List.of("2000", "100000"), caps(new ThreadLimit(), Profile.QUICK));
        assertEquals(List.of("500", "100000"), caps(new ThreadLimit(new ThreadLimit.Caps(500, null)), Profile.QUICK));
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class, () -> new ThreadLimit.Caps(0, null));
        assertEquals("the platform thread cap must be from 1 to 100,000, got 0", zero.getMessage());
    }

    private static List<String> caps(ThreadLimit experiment, Profile profile) {
        return taskPlans(experiment, profile).stream().map(p -> p.args().get(p.args().indexOf("--cap") + 1)).toList();
    }

    @Test
    void platformStoppingFirstIsClaimedOnlyWhenItStoppedShortOfItsCap() {
        List<Finding> error = new ThreadLimit().findings(List.of(
                limit("platform", 10_000, 4_000, "error", "java.lang.OutOfMemoryError: unable to create native thread",
                        25.6),
                limit("virtual", 1_000_000, 1_000_000, "cap", null, 0.85)));
        assertEquals(2, FindingsOf.all(error, ThreadsHeld.class).size());
        Lead memory = FindingsOf.only(error, Lead.class);
        assertEquals(Leader.FIRST, memory.ahead());
        assertEquals(25.6 / 0.85, memory.factor(), 1e-9);
        assertEquals(4_000, FindingsOf.only(error, PlatformStoppedFirst.class).platformStarted());

        List<Finding> atCap = new ThreadLimit().findings(List.of(limit("platform", 20_000, 20_000, "cap", null, 21.6),
                limit("virtual", 1_000_000, 1_000_000, "cap", null, 0.81)));
        assertTrue(FindingsOf.all(atCap, PlatformStoppedFirst.class).isEmpty(), atCap.toString());
    }

    private static ThreadLimitArmResult limit(String mode, int cap, int started, String stoppedBy, String error,
                                              double kbEach) {
        return new ThreadLimitArmResult(ArmKey.program(planned(new ThreadLimit(), mode)), cap, started, stoppedBy, error, 1.5, 40.0,
                40.0 + started * kbEach / 1024, kbEach, started);
    }

    // --- structured-concurrency ---

    @Test
    void structuredConcurrencyRunsEachCaseInEachStyle() {
        List<TaskArmPlan> plans = taskPlans(new StructuredConcurrency(), Profile.QUICK);
        assertEquals(12, plans.size());
        assertTrue(plans.get(4).args().containsAll(List.of("--cases", "inventory-fails", "--styles", "executor")));
        assertEquals("executor, inventory-fails", plans.get(4).name());
    }

    @Test
    void closeWaitingForItsSiblingIsClaimedOnlyWhenTheExecutorAnsweredLateWithoutCancelling() {
        List<Finding> late = new StructuredConcurrency().findings(List.of(order("inventory-fails", "scope", 52, true, 0),
                order("inventory-fails", "executor", 1003, false, 0), order("inventory-fails", "shared-executor", 51,
                        false, 1)));
        assertEquals(Leader.FIRST, FindingsOf.only(late, Lead.class).ahead());
        assertEquals(1003, FindingsOf.only(late, CloseWaitedForSibling.class).executorAnswerMs());
        List<Finding> prompt = new StructuredConcurrency().findings(List.of(order("inventory-fails", "scope", 52, true, 0),
                order("inventory-fails", "executor", 55, true, 0)));
        assertTrue(FindingsOf.all(prompt, CloseWaitedForSibling.class).isEmpty());
        assertEquals(Leader.NEITHER, FindingsOf.only(prompt, Lead.class).leader());
        assertEquals(Leader.FIRST, FindingsOf.only(prompt, Lead.class).ahead(), "52 against 55 ms, one run each");
    }

    private static HandleOrderArmResult order(String orderCase, String style, double answerMs, boolean cancelled,
                                              int leaked) {
        return new HandleOrderArmResult(StructuredConcurrency.key(orderCase, style), orderCase, style, answerMs,
                "failure", "X", "SimulatedFailure", cancelled, cancelled ? 1 : 0, leaked, "failed",
                cancelled ? "cancelled" : "succeeded");
    }

    // --- jmh ---

    @Test
    void jmhComparesVirtualWithTheBestPlatformBenchmarkInEitherDirection() {
        List<Finding> findings = new LoomBenchmarkTable().findings(List.of(jmh("per-task", 0.4), jmh("cached", 0.5),
                jmh("virtual", 1.8)));
        Lead lead = FindingsOf.only(findings, Lead.class);
        assertEquals(Leader.FIRST, lead.leader());
        assertEquals(ArmMode.ofExecutor("cached"), lead.second().mode());
        assertEquals(Leader.FIRST, FindingsOf.only(findings, PublishedLead.class).leader());
        List<Finding> reversed = new LoomBenchmarkTable().findings(List.of(jmh("cached", 2.0), jmh("virtual", 0.5)));
        assertEquals(Leader.SECOND, FindingsOf.only(reversed, Lead.class).leader());
        assertTrue(taskPlans(new LoomBenchmarkTable(), Profile.QUICK).stream().allMatch(p -> p.published() == null));
    }

    /**
     * Issue 48 section 3: JMH's error from one JVM's iterations names no lead, however far apart the scores; from
     * three forks it does. The full profile asks JMH for three.
     */
    @Test
    void jmhNamesALeadOnlyFromAnErrorAcrossThreeForks() {
        Lead oneFork = FindingsOf.only(new LoomBenchmarkTable().findings(List.of(jmh("cached", 0.5, 1),
                jmh("virtual", 1.8, 1))), Lead.class);
        assertEquals(Leader.NEITHER, oneFork.leader());
        assertFalse(oneFork.byRanges());
        assertEquals(Leader.FIRST, oneFork.ahead(), "whose score was the better is still said");
        Lead twoForks = FindingsOf.only(new LoomBenchmarkTable().findings(List.of(jmh("cached", 0.5, 2),
                jmh("virtual", 1.8, 3))), Lead.class);
        assertEquals(Leader.NEITHER, twoForks.leader(), "both arms need three forks");
        Lead threeForks = FindingsOf.only(new LoomBenchmarkTable().findings(List.of(jmh("cached", 0.5, 3),
                jmh("virtual", 1.8, 3))), Lead.class);
        assertEquals(Leader.FIRST, threeForks.leader());
        assertTrue(taskPlans(new LoomBenchmarkTable(), Profile.FULL).stream()
                .allMatch(p -> String.join(" ", p.args()).contains("-f " + JmhArmResult.LEAD_FORKS)));
    }

    @Test
    void jmhsSeedRatioIsComparedOnlyAtTheSeedsTasksAndSleep() {
        PublishedLead seedSetting = FindingsOf.only(new LoomBenchmarkTable().findings(List.of(jmh("cached", 0.5),
                jmh("virtual", 1.8))), PublishedLead.class);
        assertTrue(seedSetting.firstFigure().sameSetting() && seedSetting.secondFigure().sameSetting());
        JmhArmResult quickVirtual = new JmhArmResult(ArmKey.program(ArmMode.ofExecutor("virtual")).withParam("benchmark", ParamValue.named("virtualBench")),
                1_000, 100, 19.5, null, 1 / 19.5, null, null);
        PublishedLead quick = FindingsOf.only(new LoomBenchmarkTable().findings(List.of(jmh("cached", 4.5),
                quickVirtual)), PublishedLead.class);
        assertFalse(quick.firstFigure().sameSetting(), "1,000 tasks of 100 ms: quoted, not compared");
        assertTrue(quick.firstFigure().note().endsWith("; this profile: 1,000 tasks of 100 ms"), quick.firstFigure().note());
    }

    /** A full-profile score over three forks, the fewest whose error may decide a lead. */
    private static JmhArmResult jmh(String mode, double opsPerS) {
        return jmh(mode, opsPerS, JmhArmResult.LEAD_FORKS);
    }

    private static JmhArmResult jmh(String mode, double opsPerS, int forks) {
        return new JmhArmResult(ArmKey.program(ArmMode.ofExecutor(mode)).withParam("benchmark", ParamValue.named(mode + "Bench")), 10_000, 1000, opsPerS, 0.05, 1 / opsPerS, null,
                null, forks);
    }

    @Test
    void findingsSayWhatDidNotRun() {
        FailedArm failed = new FailedArm(ArmKey.program(Threads.VIRTUAL), FailedArm.Status.FAILED, "exited with code 1");
        NotMeasured missing = FindingsOf.only(new NoisyNeighbour(2).findings(List.of(failed)), NotMeasured.class);
        assertEquals("exited with code 1", missing.arms().getFirst().reason());
    }
}
