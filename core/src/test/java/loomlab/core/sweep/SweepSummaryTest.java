package loomlab.core.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.experiment.ArmFixtures;
import loomlab.core.experiment.Profile;
import loomlab.core.experiment.ServiceToService;
import loomlab.core.finding.Finding;
import loomlab.core.finding.SweepPeak;
import org.junit.jupiter.api.Test;

class SweepSummaryTest {
    @Test
    void findsEachCurvesPeakAgainstItsBound() {
        List<ArmPlan> plans = Sweep.parse("users=1,20,100").apply("service-to-service",
                new ServiceToService().plan(Profile.QUICK));
        double[] throughput = {19.4, 19.6, 19.8, 19.4, 380, 1700};
        List<ArmResult> results = new ArrayList<>();
        for (int i = 0; i < plans.size(); i++) {
            results.add(ArmFixtures.measured((HttpArmPlan) plans.get(i), (long) (throughput[i] * 5), 5));
        }
        List<Finding> findings = SweepSummary.findings(results);
        assertEquals(2, findings.size());
        SweepPeak pool = (SweepPeak) findings.get(0);
        assertEquals("users", pool.parameter());
        assertEquals(100, pool.value());
        assertEquals(19.8, pool.throughputRps(), 1e-9);
        assertEquals(20.0, pool.boundRps(), 1e-9);
        assertEquals(List.of(1, 20, 100), SweepSummary.curves(results).values().stream().toList().get(1).stream()
                .map(a -> a.sweep().value()).toList());
        assertEquals("loomcat virtual", SweepSummary.curves(results).keySet().stream().toList().get(1).name());
    }

    @Test
    void findsNothingWithoutASweep() {
        List<ArmResult> results = new ServiceToService().plan(Profile.QUICK).stream()
                .map(p -> (ArmResult) ArmFixtures.measured((HttpArmPlan) p, 95, 5)).toList();
        assertTrue(SweepSummary.findings(results).isEmpty());
    }
}
