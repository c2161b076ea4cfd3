package loomlab.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.BoundReadings;
import loomlab.core.arm.ErrorCounts;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.HttpMeasurement;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServerUsage;
import loomlab.core.arm.ServingModel;
import loomlab.core.finding.Finding;
import loomlab.core.finding.Lead;
import loomlab.core.finding.Leader;
import loomlab.core.finding.Measure;
import org.junit.jupiter.api.Test;

/**
 * Who led: a lead needs a difference beyond the measured spread (repeats' ranges, JMH's error); one run
 * measured no spread and names no lead, whatever its figures; and on goodput.
 */
class LeadsTest {
    private static final ArmKey A = new ArmKey(ServerId.LOOMCAT, ServingModel.parse("virtual"), 20, null, null, Map.of());
    private static final ArmKey B = new ArmKey(ServerId.LOOMCAT, ServingModel.parse("platform:20"), 20, null, null, Map.of());

    /** The rule, and the result reversed: the same figures name a winner only once ranges apart are measured. */
    @Test
    void aLeadNeedsADifferenceBeyondTheMeasuredSpreadAndOneRunMeasuredNone() {
        Lead oneRun = new Lead(Measure.THROUGHPUT, A, 300, B, 100);
        assertEquals(Leader.NEITHER, oneRun.leader(), "3x apart, but one run measured no spread");
        assertNull(oneRun.winner());
        assertEquals(Leader.FIRST, oneRun.ahead(), "whose figure was the better is still known");
        assertEquals(3.0, oneRun.factor(), 1e-9, "and by how much");
        assertFalse(oneRun.byRanges());
        Lead apart = new Lead(Measure.THROUGHPUT, A, 300, B, 100, new Lead.Range(290, 310), new Lead.Range(95, 105));
        assertEquals(Leader.FIRST, apart.leader(), "the same figures with ranges apart");
        assertEquals(A, apart.winner());
        Lead overlapping = new Lead(Measure.THROUGHPUT, A, 300, B, 100, new Lead.Range(90, 310),
                new Lead.Range(95, 105));
        assertEquals(Leader.NEITHER, overlapping.leader(), "the same figures with ranges that overlap");
        assertEquals(Leader.SECOND, new Lead(Measure.THROUGHPUT, A, 100, B, 300, new Lead.Range(95, 105),
                new Lead.Range(290, 310)).leader(), "reversed");
        assertEquals(Leader.SECOND, new Lead(Measure.THROUGHPUT, A, 100, B, 300).ahead(), "reversed, one run");
        assertEquals(Leader.NEITHER, new Lead(Measure.THROUGHPUT, A, 100, B, 300).leader(), "reversed, one run");
    }

    @Test
    void aRangeOnOneSideOnlyIsNoMeasuredSpreadBetweenThemAndNamesNoLead() {
        assertEquals(Leader.NEITHER, new Lead(Measure.THROUGHPUT, A, 300, B, 100, new Lead.Range(290, 310), null)
                .leader());
        assertEquals(Leader.NEITHER, new Lead(Measure.THROUGHPUT, A, 300, B, 100, null, new Lead.Range(95, 105))
                .leader());
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
        assertEquals(Leader.NEITHER, new Lead(Measure.P99, A, 0, B, 40).ahead());
        assertEquals(Leader.NEITHER, new Lead(Measure.P99, A, 40, B, 0).ahead());
        assertEquals(Leader.NEITHER, new Lead(Measure.P99, A, 0, B, 40, new Lead.Range(0, 0), new Lead.Range(39, 41))
                .leader(), "ranges apart, but a time of 0 is none");
        assertEquals(Leader.FIRST, new Lead(Measure.P99, A, 20, B, 40).ahead());
        assertEquals(Leader.FIRST, new Lead(Measure.P99, A, 20, B, 40, new Lead.Range(19, 21), new Lead.Range(39, 41))
                .leader());
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
        assertEquals(Leader.SECOND, lead.ahead(), "100 good answers a second against 40: " + lead);
        assertNull(lead.winner(), "one run names no winner: " + lead);
    }
}
