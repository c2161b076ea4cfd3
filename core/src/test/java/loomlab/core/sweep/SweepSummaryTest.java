package loomlab.core.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.ErrorCounts;
import loomlab.core.arm.GeneratorUsage;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.HttpMeasurement;
import loomlab.core.arm.Latency;
import loomlab.core.arm.ServerUsage;
import loomlab.core.experiment.Profile;
import loomlab.core.experiment.ServiceToService;
import org.junit.jupiter.api.Test;

class SweepSummaryTest {
    @Test
    void namesEachCurvesPeakAgainstItsBound() {
        List<ArmPlan> plans = Sweep.parse("users=20,1,100").apply("service-to-service",
                new ServiceToService().plan(Profile.QUICK));
        double[] throughput = {19.5, 19.8, 19.9, 390, 19.9, 1900};
        List<ArmResult> results = new ArrayList<>();
        for (int i = 0; i < plans.size(); i++) {
            results.add(measured((HttpArmPlan) plans.get(i), throughput[i]));
        }
        assertEquals("Sweep of users: platform:1 peaked at 19.9 req/s at users=100 (99% of its 20.0 req/s bound);"
                + " virtual peaked at 1900 req/s at users=100 (95% of its 2000 req/s bound).",
                SweepSummary.describe(results));
        assertEquals(List.of(1, 20, 100), SweepSummary.curves(results).get("virtual").stream()
                .map(a -> a.sweep().value()).toList());
    }

    @Test
    void saysNothingWithoutASweep() {
        List<ArmResult> results = new ServiceToService().plan(Profile.QUICK).stream()
                .map(p -> (ArmResult) measured((HttpArmPlan) p, 19)).toList();
        assertEquals("", SweepSummary.describe(results));
    }

    private static HttpArmResult measured(HttpArmPlan plan, double throughput) {
        Latency latency = new Latency(50.0, 50.0, 51.0, 55.0, 60.0, 70.0);
        return HttpArmResult.of(plan, new HttpMeasurement((long) (throughput * 5), 5, throughput, latency, latency,
                ErrorCounts.NONE, 10, 0, ServerUsage.UNKNOWN, new GeneratorUsage(0.1, 0.05, false), List.of()));
    }
}
