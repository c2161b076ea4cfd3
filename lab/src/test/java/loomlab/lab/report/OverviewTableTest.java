package loomlab.lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.core.breakage.BreakageFixtures;
import loomlab.core.finding.ArmHung;
import loomlab.core.finding.ArmsNotSwitched;
import loomlab.core.finding.Measure;
import loomlab.core.finding.NotMeasured;
import loomlab.core.finding.Ranking;
import loomlab.core.result.Overview;
import org.junit.jupiter.api.Test;

class OverviewTableTest {
    private static final ArmKey VIRTUAL = new ArmKey(ServerId.LOOMCAT, ServingModel.parse("virtual"), 20, null, 21, Map.of());
    private static final ArmKey POOL = new ArmKey(ServerId.LOOMCAT, ServingModel.parse("platform:10"), 20, null, 21, Map.of());

    @Test
    void theFigureAheadIsNamedWhicheverWayTheMeasureIsBetter() {
        assertEquals("the first 2.0x better", OverviewTable.better(new Overview.Figures(Measure.ELAPSED, VIRTUAL, 3,
                POOL, 6.0)));
        assertEquals("the second 2.0x better", OverviewTable.better(new Overview.Figures(Measure.ELAPSED, VIRTUAL, 6,
                POOL, 3.0)));
        assertEquals("the second 4.0x better", OverviewTable.better(new Overview.Figures(Measure.GOODPUT, VIRTUAL, 20,
                POOL, 80.0)));
    }

    @Test
    void aPairIsWrittenWithItsArmsAndWhichIsAhead() {
        assertEquals("virtual, 20 users, JDK 21 / platform:10, 20 users, JDK 21: 390 / 19.5 req/s (the first 20.0x"
                + " better)", OverviewTable.figures(new Overview.Figures(Measure.GOODPUT, VIRTUAL, 390, POOL, 19.5)));
        assertEquals("virtual, 20 users, JDK 21: 390 req/s", OverviewTable.figures(new Overview.Figures(
                Measure.GOODPUT, VIRTUAL, 390, null, null)));
    }

    /** One run measured no spread: a comparison's row says so beside its ratio; with ranges apart it does not. */
    @Test
    void aComparisonsRowSaysOneRunMeasuredNoSpreadAndNotWhenItsRangesWereMeasured() {
        loomlab.core.finding.Lead oneRun = new loomlab.core.finding.Lead(Measure.ELAPSED, VIRTUAL, 3.0, POOL, 6.0);
        assertEquals("virtual, 20 users, JDK 21 / platform:10, 20 users, JDK 21: 3.00 / 6.00 s (the first 2.0x better;"
                + " one run: spread not measured)", ours(oneRun));
        loomlab.core.finding.Lead apart = new loomlab.core.finding.Lead(Measure.ELAPSED, VIRTUAL, 3.0, POOL, 6.0,
                new loomlab.core.finding.Lead.Range(2.9, 3.1), new loomlab.core.finding.Lead.Range(5.8, 6.2));
        assertEquals("virtual, 20 users, JDK 21 / platform:10, 20 users, JDK 21: 3.00 / 6.00 s (the first 2.0x"
                + " better)", ours(apart), "reversed: the same figures over repeats");
    }

    private static String ours(loomlab.core.finding.Lead lead) {
        Overview.Row row = Overview.of(List.of(new loomlab.core.result.ExperimentResult("x", "s", "q?", "quick",
                List.of(), List.of(lead), Ranking.COMPARISONS))).getFirst();
        return OverviewTable.cells(row).get(3);
    }

    @Test
    void anAssessmentsJdkWithoutCapacitiesSaysWhyInItsOursCell() {
        assertEquals("virtual: hung: carrier-deadlock at loomlab.loomcat.LockEndpoints.sharedLockSleep:66",
                OverviewTable.uncompared(new ArmHung(VIRTUAL, BreakageFixtures.deadlockedOnJdk21("arms/x").hang())));
        assertEquals("not compared: the arms were not switched", OverviewTable.uncompared(new ArmsNotSwitched(POOL,
                VIRTUAL, ArmsNotSwitched.Reason.NO_VIRTUAL_THREAD_SEEN, "2 platform threads")));
        assertEquals("not compared: virtual died, platform:10 failed to start", OverviewTable.uncompared(
                new NotMeasured(List.of(new NotMeasured.Arm(VIRTUAL, "died", "exit 1"),
                        new NotMeasured.Arm(POOL, "failed to start", "port taken")), null)));
    }

    /** Issue 41 item 1: the overview's capacities say when they are one run's, and over runs give their spread. */
    @Test
    void item1_capacitiesSayOneRunMeasuredNoSpreadAndRepeatsGiveEachMedianWithItsRange() {
        loomlab.core.assess.Capacity low = new loomlab.core.assess.Capacity(loomlab.core.assess.Capacity.Kind.BRACKETED,
                190.0, 190, 199.0, null, List.of());
        loomlab.core.assess.Capacity high = new loomlab.core.assess.Capacity(
                loomlab.core.assess.Capacity.Kind.BRACKETED, 950.0, 950, 990.0, null, List.of());
        loomlab.core.finding.CapacityLead once = loomlab.core.finding.CapacityLead.of(POOL, low, VIRTUAL, high);
        assertEquals("virtual / pool: 950 / 190 req/s at the p99 target (one run: spread not measured)",
                OverviewTable.cells(row(once)).get(3));
        // Brackets that overlap are a tie of their own, but one run still measured no spread: it says so too.
        loomlab.core.assess.Capacity near = new loomlab.core.assess.Capacity(
                loomlab.core.assess.Capacity.Kind.BRACKETED, 195.0, 195, 260.0, null, List.of());
        loomlab.core.finding.CapacityLead overlapping = loomlab.core.finding.CapacityLead.of(POOL, low, VIRTUAL, near);
        assertEquals(loomlab.core.finding.CapacityLead.Tie.OVERLAP, overlapping.why());
        assertEquals("virtual / pool: 195 / 190 req/s at the p99 target (one run: spread not measured)",
                OverviewTable.cells(row(overlapping)).get(3));
        loomlab.core.finding.CapacityLead thrice = loomlab.core.finding.CapacityLead.of(POOL, low, VIRTUAL, high, 3,
                loomlab.core.arm.Spread.of(List.of(185.0, 190.0, 195.0)),
                loomlab.core.arm.Spread.of(List.of(900.0, 950.0, 1000.0)));
        assertEquals("virtual / pool: 950 (900-1,000) / 190 (185-195) req/s at the p99 target, 3 runs",
                OverviewTable.cells(row(thrice)).get(3));
    }

    private static Overview.Row row(loomlab.core.finding.CapacityLead lead) {
        return new Overview.Row("assess", "q?", 21, null, null, null, Overview.Status.NEW, lead);
    }
}
