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
        Latency latency = new Latency(50, 50, 51, 55, 60, 70);
        HttpMeasurement measurement = new HttpMeasurement(requests, elapsedSeconds, requests / elapsedSeconds,
                latency, latency, ErrorCounts.NONE, 10, 0, ServerUsage.UNKNOWN,
                new GeneratorUsage(0.1, 0.05, false), List.of());
        return HttpArmResult.of(plan, measurement);
    }
}
