package loomlab.core.experiment;

import loomlab.core.arm.ServingModel;
import java.util.Map;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.BoundReadings;
import loomlab.core.arm.ErrorCounts;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.HttpMeasurement;
import loomlab.core.arm.ServerUsage;
import loomlab.core.arm.ServerId;
import loomlab.core.finding.Finding;
import loomlab.core.finding.Lead;
import loomlab.core.finding.Leader;
import loomlab.core.finding.Measure;
import org.junit.jupiter.api.Test;

/** Who led: by the fixed margin without a measured range, by the ranges with one, and on goodput. */
class LeadsTest {
    private static final ArmKey A = new ArmKey(ServerId.LOOMCAT, ServingModel.parse("virtual"), 20, null, null, Map.of());
    private static final ArmKey B = new ArmKey(ServerId.LOOMCAT, ServingModel.parse("platform:20"), 20, null, null, Map.of());

    @Test
    void withoutRangesTheFixedMarginDecides() {
        assertEquals(Leader.NEITHER, new Lead(Measure.THROUGHPUT, A, 105, B, 100).leader());
        assertEquals(Leader.FIRST, new Lead(Measure.THROUGHPUT, A, 120, B, 100).leader());
        assertEquals(Leader.SECOND, new Lead(Measure.THROUGHPUT, A, 100, B, 120).leader(), "reversed");
    }

    @Test
    void measuredRangesDecideInsteadOfTheMargin() {
        Lead apart = new Lead(Measure.THROUGHPUT, A, 105, B, 100, new Lead.Range(104, 106), new Lead.Range(99, 101));
        assertEquals(Leader.FIRST, apart.leader(), "5 % apart, but the repeats never met");
        Lead overlapping = new Lead(Measure.THROUGHPUT, A, 150, B, 100, new Lead.Range(95, 160),
                new Lead.Range(90, 110));
        assertEquals(Leader.NEITHER, overlapping.leader(), "50 % apart, but one run of each met");
        Lead jmh = new Lead(Measure.OPS, A, 100, B, 130, Lead.Range.around(100, 40.0), Lead.Range.around(130, 5.0));
        assertEquals(Leader.NEITHER, jmh.leader(), "within JMH's own score error");
        assertEquals(Leader.SECOND, new Lead(Measure.OPS, A, 100, B, 130, Lead.Range.around(100, 4.0),
                Lead.Range.around(130, 5.0)).leader());
    }

    @Test
    void aTimeOfZeroIsNoMeasurementAndLeadsNothing() {
        assertEquals(Leader.NEITHER, new Lead(Measure.P99, A, 0, B, 40).leader());
        assertEquals(Leader.NEITHER, new Lead(Measure.P99, A, 40, B, 0).leader());
        assertEquals(Leader.FIRST, new Lead(Measure.P99, A, 20, B, 40).leader());
    }

    @Test
    void fastErrorsDoNotMakeAnArmLeadOnThroughput() {
        List<ArmPlan> plans = new ServiceToService().plan(Profile.QUICK);
        HttpArmPlan platform = (HttpArmPlan) plans.get(1);
        HttpArmPlan virtual = (HttpArmPlan) plans.get(3);
        // The virtual arm answers twice as many, but four in five of them are 503s.
        HttpArmResult failing = HttpArmResult.of(virtual, ArmFixtures.measurement(2000, 10, 5,
                HttpMeasurement.LAB_ENGINE, new ErrorCounts(0, 0, 1600, 0)), ServerUsage.UNKNOWN, BoundReadings.none(2));
        HttpArmResult steady = ArmFixtures.measured(platform, 1000, 10);
        assertEquals(40.0, failing.goodputRps(), 1e-9, "400 successful answers over 10 s");
        List<Finding> findings = new ServiceToService().findings(List.of(steady, failing));
        Lead lead = findings.stream().filter(f -> f instanceof Lead).map(f -> (Lead) f).findFirst().orElseThrow();
        assertEquals(Measure.GOODPUT, lead.measure());
        assertEquals(steady.key(), lead.winner(), "100 good answers a second beat 40: " + lead);
    }
}
