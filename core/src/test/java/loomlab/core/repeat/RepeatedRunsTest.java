package loomlab.core.repeat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.time.Duration;
import java.util.List;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.AssessArmResult;
import loomlab.core.arm.BoundReadings;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.ErrorCounts;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.FairnessArmResult;
import loomlab.core.arm.FairnessRepeats;
import loomlab.core.arm.GeneratorUsage;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.HttpMeasurement;
import loomlab.core.arm.Latency;
import loomlab.core.arm.LoadModel;
import loomlab.core.arm.Repeats;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServerUsage;
import loomlab.core.arm.Spread;
import loomlab.core.arm.TaskRepeats;
import loomlab.core.arm.TaskThroughputArmResult;
import loomlab.core.arm.Warmup;
import loomlab.core.assess.AssessFixtures;
import loomlab.core.assess.Capacity;
import loomlab.threads.ExecutorMode;
import loomlab.threads.Threads;
import org.junit.jupiter.api.Test;

class RepeatedRunsTest {
    private static final HttpArmPlan FOR_DURATION = HttpArmPlan.forDuration(ServerId.LOOMCAT, ExecutorMode.virtual(),
            new Endpoint.DownstreamCall(50), 20, Duration.ofSeconds(5),
            new Warmup(Duration.ofSeconds(1), new Endpoint.DownstreamCall(50)));
    private static final HttpArmPlan FOR_REQUESTS = HttpArmPlan.forRequests(ServerId.LOOMCAT, ExecutorMode.platform(10),
            new Endpoint.Sleep(1000), 20, 60, new Warmup(Duration.ofSeconds(1), new Endpoint.Sleep(1)));

    @Test
    void theHeadlineIsTheMedianRunByThroughputWithEveryRunsFigures() {
        ArmResult combined = RepeatedRuns.combine(List.of(run(FOR_DURATION, 1900, 5.0, 60),
                run(FOR_DURATION, 1700, 5.0, 80), run(FOR_DURATION, 1950, 5.0, 55)));
        HttpArmResult median = (HttpArmResult) combined;
        assertEquals(380.0, median.throughputRps(), 1e-9);
        assertEquals(60.0, median.latencyMs().p99(), 1e-9);
        Repeats repeats = median.repeats();
        assertEquals(3, repeats.runs());
        assertEquals(new Spread(List.of(380.0, 340.0, 390.0), 380.0, 340.0, 390.0), repeats.throughputRps());
        assertEquals(new Spread(List.of(60.0, 80.0, 55.0), 60.0, 55.0, 80.0), repeats.p99Ms());
        assertEquals(new Spread(List.of(5.0, 5.0, 5.0), 5.0, 5.0, 5.0), repeats.elapsedS());
    }

    @Test
    void requestCountArmsTakeTheMedianRunByElapsedTimeAndTheLowerMiddleWhenEven() {
        HttpArmResult combined = (HttpArmResult) RepeatedRuns.combine(List.of(run(FOR_REQUESTS, 60, 6.4, 1010),
                run(FOR_REQUESTS, 60, 6.1, 1003), run(FOR_REQUESTS, 60, 6.2, 1005), run(FOR_REQUESTS, 60, 7.0, 1100)));
        assertEquals(6.2, combined.elapsedS(), 1e-9);
        assertEquals(1005.0, combined.latencyMs().p99(), 1e-9);
        assertEquals(6.2, combined.repeats().elapsedS().median(), 1e-9);
        assertEquals(6.1, combined.repeats().elapsedS().min(), 1e-9);
        assertEquals(7.0, combined.repeats().elapsedS().max(), 1e-9);
        assertEquals(4, combined.repeats().runs());
    }

    @Test
    void oneFailedRunFailsTheArm() {
        FailedArm failure = FailedArm.failed(FOR_DURATION, "died");
        assertSame(failure, RepeatedRuns.combine(List.of(run(FOR_DURATION, 1900, 5.0, 60), failure)));
    }

    /** A reactive arm's runs: the median by capacity (a run that passed no rate counts lowest), every run kept. */
    @Test
    void anAssessedArmKeepsItsMedianRunByCapacityWithEveryRunBesideIt() {
        AssessArmResult high = assessed(1600.0);
        AssessArmResult none = assessed(null);
        AssessArmResult middle = assessed(800.0);
        AssessArmResult combined = (AssessArmResult) RepeatedRuns.combine(List.of(high, none, middle));
        assertSame(middle.capacity(), combined.capacity());
        assertEquals(List.of(high, none, middle), combined.repeats().runs(), "in the order they ran");
        assertEquals(3, combined.runs().size());
        AssessArmResult even = (AssessArmResult) RepeatedRuns.combine(List.of(high, middle));
        assertSame(middle.capacity(), even.capacity(), "the lower middle when even");
        assertNull(((AssessArmResult) RepeatedRuns.combine(List.of(high))).repeats());
    }

    private static AssessArmResult assessed(Double capacityRps) {
        Capacity capacity = capacityRps == null
                ? new Capacity(Capacity.Kind.BELOW_LOWEST, null, 0, 100.0, null, List.of())
                : new Capacity(Capacity.Kind.BRACKETED, capacityRps, capacityRps, capacityRps * 1.4, null, List.of());
        return AssessFixtures.arm(AssessFixtures.VIRTUAL, null, null, capacity, AssessFixtures.curve(null, List.of(1, 16)),
                AssessFixtures.costs(1.0, 1.0, 0.1, 300, 40, 5), AssessFixtures.NONE_PINNED);
    }

    /** Task throughput: the median run by whole-process time, every run's time and peak RSS beside it. */
    @Test
    void aTaskThroughputArmKeepsItsMedianRunByWallTimeWithEveryRunsTimeAndMemory() {
        ArmResult combined = RepeatedRuns.combine(List.of(task(3.4, 310.0), task(1.5, 290.0), task(2.0, 300.0)));
        TaskThroughputArmResult median = assertInstanceOf(TaskThroughputArmResult.class, combined);
        assertEquals(2.0, median.wallS());
        assertEquals(new TaskRepeats(3, Spread.of(List.of(3.4, 1.5, 2.0)), Spread.of(List.of(310.0, 290.0, 300.0))),
                median.repeats());
        TaskThroughputArmResult noRss = assertInstanceOf(TaskThroughputArmResult.class,
                RepeatedRuns.combine(List.of(task(3.4, null), task(1.5, 290.0))));
        assertEquals(1.5, noRss.wallS(), "the lower middle of two");
        assertNull(noRss.peakRssSpread(), "a run without RSS leaves it out of the spread");
        assertNull(task(2.0, 300.0).repeats());
    }

    /** Fairness: the median run by the light tasks' summed wait, every run's sum and p99 beside it. */
    @Test
    void aFairnessArmKeepsItsMedianRunByTheLightTasksSummedWait() {
        ArmResult combined = RepeatedRuns.combine(List.of(fairness(900, 1.5), fairness(600, 0.9), fairness(700, 1.2)));
        FairnessArmResult median = assertInstanceOf(FairnessArmResult.class, combined);
        assertEquals(700, median.lightDelayMs().sum());
        assertEquals(new FairnessRepeats(3, Spread.of(List.of(900.0, 600.0, 700.0)), Spread.of(List.of(1.5, 0.9, 1.2))),
                median.repeats());
        assertNull(fairness(700, 1.2).repeats());
    }

    private static FairnessArmResult fairness(double sumMs, double p99Ms) {
        return new FairnessArmResult(loomlab.core.arm.ArmKey.program(Threads.VIRTUAL), 5, 1000, 1000, 5000,
                new loomlab.core.arm.DelayMs(sumMs, sumMs / 5000, p99Ms, p99Ms * 1.2), 120, 2, 1000, 0.08, 2, 180.0, null);
    }

    private static TaskThroughputArmResult task(double wallS, Double rssMb) {
        return new TaskThroughputArmResult(loomlab.core.arm.ArmKey.program(Threads.VIRTUAL), 10_000, 10_000, 1000, 1.0, wallS,
                wallS - 0.5, 0.1, 1.0, 0.2, rssMb, 0, null);
    }

    @Test
    void aSingleRunIsReturnedAsItIsWithoutARepeatsBlock() {
        HttpArmResult only = run(FOR_DURATION, 1900, 5.0, 60);
        assertSame(only, RepeatedRuns.combine(List.of(only)));
        assertNull(only.repeats());
    }

    @Test
    void aSpreadKeepsTheRunsInOrderWithTheirMedianMinimumAndMaximum() {
        assertEquals(new Spread(List.of(3.0, 1.0, 2.0), 2.0, 1.0, 3.0), Spread.of(List.of(3.0, 1.0, 2.0)));
        assertEquals(new Spread(List.of(4.0, 1.0, 3.0, 2.0), 2.0, 1.0, 4.0), Spread.of(List.of(4.0, 1.0, 3.0, 2.0)));
    }

    static HttpArmResult run(HttpArmPlan plan, long requests, double elapsed, double p99) {
        Latency latency = new Latency(p99 - 5, p99 - 8, p99 - 2, p99, p99 + 5, p99 + 10);
        return HttpArmResult.of(plan, new HttpMeasurement(requests, elapsed, requests / elapsed, latency, latency,
                ErrorCounts.NONE, 10, 0, GeneratorUsage.UNKNOWN, List.of(), HttpMeasurement.LAB_ENGINE,
                LoadModel.CLOSED), ServerUsage.UNKNOWN, BoundReadings.none(2));
    }
}
