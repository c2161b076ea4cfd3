package loomlab.core.finding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ParamValue;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.core.finding.WinnersMatrix.Cell;
import loomlab.core.finding.WinnersMatrix.Entry;
import loomlab.core.finding.WinnersMatrix.Exclusion;
import loomlab.core.finding.WinnersMatrix.Metric;
import loomlab.core.finding.WinnersMatrix.Tie;
import org.junit.jupiter.api.Test;

class WinnersMatrixTest {
    /** A cell of ranges over four runs, the fewest whose ranges apart name a winner ({@link Chance}). */
    private static Cell judge(Metric metric, List<Entry> entries) {
        return Cell.judge(metric, entries, 4);
    }

    private static final ArmKey VIRTUAL = new ArmKey(ServerId.SPRING, ServingModel.parse("virtual"), null, null, null, Map.of("workload", ParamValue.named("w")));
    private static final ArmKey REACTIVE = new ArmKey(ServerId.WEBFLUX, ServingModel.parse("reactive"), null, null, null, Map.of("workload", ParamValue.named("w")));
    private static final ArmKey POOL = new ArmKey(ServerId.SPRING, ServingModel.parse("platform:20"), null, null, null, Map.of("workload", ParamValue.named("w")));
    private static final ArmKey DEFAULT_POOL = new ArmKey(ServerId.SPRING, ServingModel.parse("platform:200"), null, null, null, Map.of("workload", ParamValue.named("w")));

    @Test
    void aCapacityWhoseBracketClearsEveryOtherWinsAndTheReverseWinsReversed() {
        Cell cell = judge(Metric.CAPACITY, List.of(new Entry(VIRTUAL, 1000.0, 1100.0, Exclusion.NONE),
                new Entry(REACTIVE, 700.0, 800.0, Exclusion.NONE), new Entry(POOL, 300.0, 330.0, Exclusion.NONE)));
        assertEquals(VIRTUAL, cell.winner());
        Cell reversed = judge(Metric.CAPACITY, List.of(new Entry(VIRTUAL, 700.0, 800.0, Exclusion.NONE),
                new Entry(REACTIVE, 1000.0, 1100.0, Exclusion.NONE), new Entry(POOL, 300.0, 330.0, Exclusion.NONE)));
        assertEquals(REACTIVE, reversed.winner());
    }

    @Test
    void overlappingBracketsNameNoWinner() {
        Cell cell = judge(Metric.CAPACITY, List.of(new Entry(VIRTUAL, 900.0, 1100.0, Exclusion.NONE),
                new Entry(REACTIVE, 1000.0, 1200.0, Exclusion.NONE)));
        assertNull(cell.winner());
        assertEquals(Tie.OVERLAP, cell.tie());
        assertEquals(REACTIVE, cell.leader(), "the higher low end leads");
        assertEquals(List.of(VIRTUAL), cell.rivals());
    }

    @Test
    void everyArmThatKeepsTheLeaderFromWinningIsARival() {
        Cell cell = judge(Metric.CAPACITY, List.of(new Entry(POOL, 900.0, 1100.0, Exclusion.NONE),
                new Entry(VIRTUAL, 950.0, 1150.0, Exclusion.NONE), new Entry(REACTIVE, 1000.0, 1200.0, Exclusion.NONE)));
        assertEquals(Tie.OVERLAP, cell.tie());
        assertEquals(REACTIVE, cell.leader());
        assertEquals(List.of(VIRTUAL, POOL), cell.rivals(), "the nearest to the leader first");
        Cell oneOverlaps = judge(Metric.CAPACITY, List.of(new Entry(POOL, 300.0, 330.0, Exclusion.NONE),
                new Entry(VIRTUAL, 950.0, 1150.0, Exclusion.NONE), new Entry(REACTIVE, 1000.0, 1200.0, Exclusion.NONE)));
        assertEquals(List.of(VIRTUAL), oneOverlaps.rivals(), "an arm clearly beaten is no rival");
    }

    /**
     * A capacity's upper end is a rate that failed: a pass at 3,200 req/s in every run against a failure
     * there in some run is apart, and over repeated runs a lead at any distance. Costs are measured at both
     * ends: equal ones overlap.
     */
    @Test
    void capacityRangesThatMeetAreApartCostsThatMeetOverlap() {
        Cell cell = judge(Metric.CAPACITY, List.of(new Entry(VIRTUAL, 1600.0, 3200.0, Exclusion.NONE),
                new Entry(REACTIVE, 3200.0, null, Exclusion.NONE)));
        assertEquals(REACTIVE, cell.winner());
        Cell reversed = judge(Metric.CAPACITY, List.of(new Entry(VIRTUAL, 3200.0, null, Exclusion.NONE),
                new Entry(REACTIVE, 1600.0, 3200.0, Exclusion.NONE)));
        assertEquals(VIRTUAL, reversed.winner());
        Cell equalPoints = judge(Metric.CPU_PER_REQUEST, List.of(Entry.point(VIRTUAL, 1.0, Exclusion.NONE),
                Entry.point(REACTIVE, 1.0, Exclusion.NONE)));
        assertEquals(Tie.OVERLAP, equalPoints.tie());
    }

    /**
     * Issue 41 item 1: one run's brackets, however far apart, name no winner: one run measured no spread.
     * The same figures over four runs do; over three they do not, since two equal arms keep ranges of three
     * runs apart 1 time in 10.
     */
    @Test
    void item1_oneRunNamesNoWinnerWhateverItsBracketsAndFourRunsApartDo() {
        List<Entry> entries = List.of(new Entry(VIRTUAL, 800.0, 1600.0, Exclusion.NONE),
                new Entry(REACTIVE, 1600.0, 3200.0, Exclusion.NONE), new Entry(POOL, 283.0, 400.0, Exclusion.NONE));
        Cell once = Cell.judge(Metric.CAPACITY, entries, 1);
        assertNull(once.winner());
        assertEquals(Tie.ONE_RUN, once.tie());
        assertEquals(REACTIVE, once.leader(), "the best figure is still named, as the best, not the winner");
        assertEquals(List.of(VIRTUAL, POOL), once.rivals(), "every other arm, the nearest first");
        Cell cost = Cell.judge(Metric.CPU_PER_REQUEST, List.of(Entry.point(VIRTUAL, 3.05, Exclusion.NONE),
                Entry.point(REACTIVE, 0.82, Exclusion.NONE)), 1);
        assertEquals(Tie.ONE_RUN, cost.tie(), "3.7x apart in one run is no winner either");
        assertEquals(REACTIVE, Cell.judge(Metric.CAPACITY, entries, 4).winner());
        assertEquals(REACTIVE, Cell.judge(Metric.CPU_PER_REQUEST, List.of(Entry.point(VIRTUAL, 3.05, Exclusion.NONE),
                Entry.point(REACTIVE, 0.82, Exclusion.NONE)), 4).winner());
        Cell three = Cell.judge(Metric.CAPACITY, entries, 3);
        assertNull(three.winner());
        assertEquals(Tie.TOO_FEW, three.tie());
        assertEquals(REACTIVE, three.leader());
        assertEquals(Tie.TOO_FEW, Cell.judge(Metric.CAPACITY, entries, 2).tie());
        Cell overlapping = Cell.judge(Metric.CAPACITY, List.of(new Entry(VIRTUAL, 900.0, 1100.0, Exclusion.NONE),
                new Entry(REACTIVE, 1000.0, 1200.0, Exclusion.NONE)), 1);
        assertEquals(Tie.OVERLAP, overlapping.tie(), "brackets that overlap say so, one run or many");
    }

    /** A quick run's tails, in its entries' order, as ranges that all overlap the leader's (docs/measurements.md). */
    @Test
    void rivalsOfACostAreNamedFromTheLowest() {
        Cell cell = judge(Metric.TAIL_P99, List.of(new Entry(POOL, 56.5, 58.9, Exclusion.NONE),
                new Entry(DEFAULT_POOL, 56.4, 61.0, Exclusion.NONE), new Entry(VIRTUAL, 56.1, 57.0, Exclusion.NONE),
                new Entry(REACTIVE, 56.3, 60.9, Exclusion.NONE)));
        assertEquals(Tie.OVERLAP, cell.tie());
        assertEquals(VIRTUAL, cell.leader());
        assertEquals(List.of(REACTIVE, DEFAULT_POOL, POOL), cell.rivals(), "the nearest to the leader first");
    }

    @Test
    void anOpenBracketOverlapsAnythingAboveItsLowEnd() {
        Cell cell = judge(Metric.CAPACITY, List.of(new Entry(VIRTUAL, 320.0, null, Exclusion.NONE),
                new Entry(REACTIVE, 1000.0, 1200.0, Exclusion.NONE)));
        assertEquals(Tie.OVERLAP, cell.tie());
        assertEquals(REACTIVE, cell.leader());
        assertEquals(List.of(VIRTUAL), cell.rivals(), "at least 320 may be anything above: it keeps 1,000-1,200 from winning");
    }

    /** Over repeated runs a cost wins at any distance where the ranges keep apart, lower being better. */
    @Test
    void costRangesApartWinAtAnyDistanceLowerBeingBetter() {
        Cell clear = judge(Metric.CPU_PER_REQUEST, List.of(new Entry(VIRTUAL, 1.0, 1.02, Exclusion.NONE),
                new Entry(REACTIVE, 1.03, 1.1, Exclusion.NONE)));
        assertEquals(VIRTUAL, clear.winner());
        assertEquals(List.of(), clear.rivals(), "a winner has no rival");
        Cell reversed = judge(Metric.CPU_PER_REQUEST, List.of(new Entry(VIRTUAL, 1.03, 1.1, Exclusion.NONE),
                new Entry(REACTIVE, 1.0, 1.02, Exclusion.NONE)));
        assertEquals(REACTIVE, reversed.winner());
        Cell close = judge(Metric.CPU_PER_REQUEST, List.of(new Entry(VIRTUAL, 1.0, 1.05, Exclusion.NONE),
                new Entry(REACTIVE, 1.04, 1.1, Exclusion.NONE)));
        assertNull(close.winner());
        assertEquals(Tie.OVERLAP, close.tie());
        assertEquals(VIRTUAL, close.leader());
        assertEquals(List.of(REACTIVE), close.rivals());
    }

    @Test
    void errorsTakeAnArmOutOfTheCellEvenWithTheBestFigure() {
        Cell cell = judge(Metric.TAIL_P99, List.of(Entry.point(VIRTUAL, 60.0, Exclusion.ERRORS),
                Entry.point(REACTIVE, 90.0, Exclusion.NONE), Entry.point(POOL, 200.0, Exclusion.NONE)));
        assertEquals(REACTIVE, cell.winner());
        Cell alone = judge(Metric.TAIL_P99, List.of(Entry.point(VIRTUAL, 60.0, Exclusion.ERRORS),
                Entry.point(REACTIVE, 90.0, Exclusion.NONE)));
        assertEquals(REACTIVE, alone.winner(), "the only arm without errors wins");
        Cell unmeasured = judge(Metric.TAIL_P99, List.of(Entry.point(VIRTUAL, null, Exclusion.NONE),
                Entry.point(REACTIVE, 90.0, Exclusion.NONE)));
        assertNull(unmeasured.winner(), "an arm with no figure is not beaten");
        assertEquals(Tie.NONE_QUALIFIED, unmeasured.tie());
        Cell none = judge(Metric.TAIL_P99, List.of(Entry.point(VIRTUAL, 60.0, Exclusion.ERRORS),
                Entry.point(REACTIVE, 90.0, Exclusion.ERRORS)));
        assertEquals(Tie.NONE_QUALIFIED, none.tie());
    }

    /**
     * Peak memory read over each arm's own search: the arm with the least wins only when it was offered at
     * least as much as the others (within 5 %); a lower peak under a lighter load names no winner.
     */
    @Test
    void aLowerPeakMemoryUnderALighterLoadWinsNothingAndUnderAsHeavyALoadWins() {
        Cell lighter = judge(Metric.PEAK_RSS, List.of(Entry.point(POOL, 200.0, Exclusion.NONE).underLoad(400.0),
                Entry.point(REACTIVE, 340.0, Exclusion.NONE).underLoad(3_200.0),
                Entry.point(VIRTUAL, 380.0, Exclusion.NONE).underLoad(1_600.0)));
        assertNull(lighter.winner());
        assertEquals(Tie.LIGHTER_LOAD, lighter.tie());
        assertEquals(POOL, lighter.leader());
        assertEquals(List.of(REACTIVE), lighter.rivals(), "the arm offered the most");
        Cell heavier = judge(Metric.PEAK_RSS, List.of(Entry.point(POOL, 200.0, Exclusion.NONE).underLoad(3_200.0),
                Entry.point(REACTIVE, 340.0, Exclusion.NONE).underLoad(3_200.0),
                Entry.point(VIRTUAL, 380.0, Exclusion.NONE).underLoad(1_600.0)));
        assertEquals(POOL, heavier.winner());
        Cell nearlySame = judge(Metric.PEAK_RSS, List.of(Entry.point(POOL, 200.0, Exclusion.NONE).underLoad(3_100.0),
                Entry.point(REACTIVE, 340.0, Exclusion.NONE).underLoad(3_200.0)));
        assertEquals(POOL, nearlySame.winner(), "3,100 and 3,200 req/s are within 5 %");
        Cell sameRate = judge(Metric.PEAK_RSS, List.of(Entry.point(POOL, 200.0, Exclusion.NONE),
                Entry.point(REACTIVE, 340.0, Exclusion.NONE)));
        assertEquals(POOL, sameRate.winner(), "without loads, figures are taken as read at the same rate");
    }
}
