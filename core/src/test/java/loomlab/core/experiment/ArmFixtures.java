package loomlab.core.experiment;

import java.util.List;
import loomlab.core.arm.ErrorCounts;
import loomlab.core.arm.GeneratorUsage;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.HttpMeasurement;
import loomlab.core.arm.Latency;
import loomlab.core.arm.ServerUsage;

/** Results made from fixed numbers, so verdicts can be checked without running anything. */
final class ArmFixtures {
    private ArmFixtures() {
    }

    static HttpArmResult measured(HttpArmPlan plan, long requests, double elapsedSeconds) {
        return measured(plan, requests, elapsedSeconds, HttpMeasurement.LAB_ENGINE);
    }

    /** Measured by {@code engine}: lab, ab, siege or wrk. */
    static HttpArmResult measured(HttpArmPlan plan, long requests, double elapsedSeconds, String engine) {
        Latency latency = new Latency(50.0, 50.0, 51.0, 55.0, 60.0, 70.0);
        HttpMeasurement measurement = new HttpMeasurement(requests, elapsedSeconds, requests / elapsedSeconds,
                latency, latency, ErrorCounts.NONE, 10, 0, ServerUsage.UNKNOWN,
                new GeneratorUsage(0.1, 0.05, false), List.of(), engine);
        return HttpArmResult.of(plan, measurement);
    }

    /** With the server's CPU seconds over the measurement and a mean latency. */
    static HttpArmResult measured(HttpArmPlan plan, long requests, double elapsedSeconds, double serverCpuS,
                                  double meanMs) {
        Latency latency = new Latency(meanMs, meanMs, meanMs + 1, meanMs + 5, meanMs + 10, meanMs + 20);
        HttpMeasurement measurement = new HttpMeasurement(requests, elapsedSeconds, requests / elapsedSeconds,
                latency, latency, ErrorCounts.NONE, 10, 0, new ServerUsage(serverCpuS, 300.0, 30L, requests + 10),
                new GeneratorUsage(0.08, 0.05, false), List.of());
        return HttpArmResult.of(plan, measurement);
    }
}
