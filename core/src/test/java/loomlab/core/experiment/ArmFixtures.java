package loomlab.core.experiment;

import java.util.List;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.BoundReadings;
import loomlab.core.arm.ErrorCounts;
import loomlab.core.arm.GeneratorUsage;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.HttpMeasurement;
import loomlab.core.arm.Latency;
import loomlab.core.arm.LoadModel;
import loomlab.core.arm.ServerUsage;
import loomlab.core.bound.ProcessCpu;

/** Results made from fixed numbers, so findings can be checked without running anything. */
public final class ArmFixtures {
    public static final int CORES = 2;

    private ArmFixtures() {
    }

    /** An arm that answered {@code requests} in {@code elapsedSeconds}, with a mean latency of 50 ms. */
    public static HttpArmResult measured(HttpArmPlan plan, long requests, double elapsedSeconds) {
        return measured(plan, requests, elapsedSeconds, 50.0, HttpMeasurement.LAB_ENGINE);
    }

    /** The same with the mean latency the arm saw. */
    public static HttpArmResult measured(HttpArmPlan plan, long requests, double elapsedSeconds, double meanMs) {
        return measured(plan, requests, elapsedSeconds, meanMs, HttpMeasurement.LAB_ENGINE);
    }

    /** Measured by {@code engine}: lab, ab, siege or wrk. */
    public static HttpArmResult measured(HttpArmPlan plan, long requests, double elapsedSeconds, double meanMs,
                                         String engine) {
        HttpMeasurement measured = measurement(requests, elapsedSeconds, meanMs, engine, ErrorCounts.NONE);
        // ab is the tool that sends its first request alone; the fixture gives its measurement that trait.
        return HttpArmResult.of(plan, "ab".equals(engine) ? measured.sentFirstRequestAlone() : measured,
                ServerUsage.UNKNOWN, BoundReadings.none(CORES));
    }

    /** With the CPU every process spent and the unloaded latency, for arms whose bound needs them. */
    public static HttpArmResult measured(HttpArmPlan plan, long requests, double elapsedSeconds, double meanMs,
                                         BoundReadings readings) {
        return HttpArmResult.of(plan, measurement(requests, elapsedSeconds, meanMs, HttpMeasurement.LAB_ENGINE,
                ErrorCounts.NONE), new ServerUsage(cpu(readings, ProcessCpu.SERVER), 300.0, 30L, requests + 10),
                readings);
    }

    public static HttpMeasurement measurement(long requests, double elapsedSeconds, double meanMs, String engine,
                                              ErrorCounts errors) {
        Latency latency = new Latency(meanMs, meanMs, meanMs + 1, meanMs + 5, meanMs + 10, meanMs + 20);
        return new HttpMeasurement(requests, elapsedSeconds, requests / elapsedSeconds, latency, latency, errors, 10, 0,
                new GeneratorUsage(0.1, 0.05, false, 0.2), List.of(), engine, LoadModel.CLOSED);
    }

    /** CPU readings of the server, the database (null: unknown) and the generator. */
    public static BoundReadings cpu(Double unloadedLatencyS, double serverS, Double databaseS, double generatorS) {
        return new BoundReadings(unloadedLatencyS, List.of(new ProcessCpu(ProcessCpu.SERVER, serverS),
                new ProcessCpu(ProcessCpu.DATABASE, databaseS), new ProcessCpu(ProcessCpu.GENERATOR, generatorS)),
                CORES);
    }

    private static Double cpu(BoundReadings readings, String role) {
        return readings.processes().stream().filter(p -> p.role().equals(role)).map(ProcessCpu::cpuS).findFirst()
                .orElse(null);
    }

    @SuppressWarnings("unchecked")
    static <P extends ArmPlan> P plan(List<ArmPlan> plans, java.util.function.Predicate<ArmPlan> which) {
        return (P) plans.stream().filter(which).findFirst().orElseThrow();
    }
}
