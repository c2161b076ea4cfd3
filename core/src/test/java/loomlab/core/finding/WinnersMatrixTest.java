package loomlab.core.finding;

import loomlab.core.arm.ServingModel;
import java.util.Map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ServerId;
import loomlab.core.finding.WinnersMatrix.Cell;
import loomlab.core.finding.WinnersMatrix.Entry;
import loomlab.core.finding.WinnersMatrix.Metric;
import loomlab.core.finding.WinnersMatrix.Tie;
import loomlab.core.finding.WinnersMatrix.Exclusion;
import org.junit.jupiter.api.Test;

class WinnersMatrixTest {
    private static final ArmKey VIRTUAL = new ArmKey(ServerId.SPRING, ServingModel.parse("virtual"), null, null, null, Map.of("workload", "w"));
    private static final ArmKey REACTIVE = new ArmKey(ServerId.WEBFLUX, ServingModel.parse("reactive"), null, null, null, Map.of("workload", "w"));
    private static final ArmKey POOL = new ArmKey(ServerId.SPRING, ServingModel.parse("platform:20"), null, null, null, Map.of("workload", "w"));
    private static final ArmKey DEFAULT_POOL = new ArmKey(ServerId.SPRING, ServingModel.parse("platform:200"), null, null, null, Map.of("workload", "w"));

    @Test
    void aCapacityWhoseBracketClearsEveryOtherWinsAndTheReverseWinsReversed() {
        Cell cell = Cell.judge(Metric.CAPACITY, List.of(new Entry(VIRTUAL, 1000.0, 1100.0, Exclusion.NONE),
                new Entry(REACTIVE, 700.0, 800.0, Exclusion.NONE), new Entry(POOL, 300.0, 330.0, Exclusion.NONE)));
        assertEquals(VIRTUAL, cell.winner());
        Cell reversed = Cell.judge(Metric.CAPACITY, List.of(new Entry(VIRTUAL, 700.0, 800.0, Exclusion.NONE),
                new Entry(REACTIVE, 1000.0, 1100.0, Exclusion.NONE), new Entry(POOL, 300.0, 330.0, Exclusion.NONE)));
        assertEquals(REACTIVE, reversed.winner());
    }

    @Test
    void overlappingBracketsNameNoWinner() {
        Cell cell = Cell.judge(Metric.CAPACITY, List.of(new Entry(VIRTUAL, 900.0, 1100.0, Exclusion.NONE),
                new Entry(REACTIVE, 1000.0, 1200.0, Exclusion.NONE)));
        assertNull(cell.winner());
        assertEquals(Tie.OVERLAP, cell.tie());
        assertEquals(REACTIVE, cell.leader(), "the higher low end leads");
        assertEquals(List.of(VIRTUAL), cell.rivals());
    }

    @Test
    void everyArmThatKeepsTheLeaderFromWinningIsARival() {
        Cell cell = Cell.judge(Metric.CAPACITY, List.of(new Entry(POOL, 900.0, 1100.0, Exclusion.NONE),
                new Entry(VIRTUAL, 950.0, 1150.0, Exclusion.NONE), new Entry(REACTIVE, 1000.0, 1200.0, Exclusion.NONE)));
        assertEquals(Tie.OVERLAP, cell.tie());
        assertEquals(REACTIVE, cell.leader());
        assertEquals(List.of(VIRTUAL, POOL), cell.rivals(), "the nearest to the leader first");
        Cell oneOverlaps = Cell.judge(Metric.CAPACITY, List.of(new Entry(POOL, 300.0, 330.0, Exclusion.NONE),
                new Entry(VIRTUAL, 950.0, 1150.0, Exclusion.NONE), new Entry(REACTIVE, 1000.0, 1200.0, Exclusion.NONE)));
        assertEquals(List.of(VIRTUAL), oneOverlaps.rivals(), "an arm clearly beaten is no rival");
    }

    /** A capacity's upper end failed: a pass at 3,200 req/s against a failure there is no overlap, yet no win. */
    @Test
    void endsThatMeetAreWithinTheMarginNotAnOverlap() {
        Cell cell = Cell.judge(Metric.CAPACITY, List.of(new Entry(VIRTUAL, 1600.0, 3200.0, Exclusion.NONE),
                new Entry(REACTIVE, 3200.0, null, Exclusion.NONE)));
        assertNull(cell.winner());
        assertEquals(Tie.WITHIN_MARGIN, cell.tie());
        assertEquals(REACTIVE, cell.leader());
        assertEquals(List.of(VIRTUAL), cell.rivals());
        Cell reversed = Cell.judge(Metric.CAPACITY, List.of(new Entry(VIRTUAL, 3200.0, null, Exclusion.NONE),
                new Entry(REACTIVE, 1600.0, 3200.0, Exclusion.NONE)));
        assertEquals(VIRTUAL, reversed.leader());
        assertEquals(List.of(REACTIVE), reversed.rivals());
        Cell apart = Cell.judge(Metric.CAPACITY, List.of(new Entry(VIRTUAL, 1600.0, 2800.0, Exclusion.NONE),
                new Entry(REACTIVE, 3200.0, null, Exclusion.NONE)));
        assertEquals(REACTIVE, apart.winner(), "3,200 passed, 2,800 failed: more than the margin apart");
        Cell equalPoints = Cell.judge(Metric.CPU_PER_REQUEST, List.of(Entry.point(VIRTUAL, 1.0, Exclusion.NONE),
                Entry.point(REACTIVE, 1.0, Exclusion.NONE)));
        assertEquals(Tie.WITHIN_MARGIN, equalPoints.tie());
    }

    /** The quick run of 720880d's tails, in its entries' order: named from the leader's 56.1 ms outwards. */
    @Test
    void rivalsOfACostAreNamedFromTheLowest() {
        Cell cell = Cell.judge(Metric.TAIL_P999, List.of(Entry.point(POOL, 58.9, Exclusion.NONE),
                Entry.point(DEFAULT_POOL, 61.0, Exclusion.NONE), Entry.point(VIRTUAL, 56.1, Exclusion.NONE),
                Entry.point(REACTIVE, 60.9, Exclusion.NONE)));
        assertEquals(Tie.WITHIN_MARGIN, cell.tie());
        assertEquals(VIRTUAL, cell.leader());
        assertEquals(List.of(POOL, REACTIVE, DEFAULT_POOL), cell.rivals());
    }

    @Test
    void anOpenBracketOverlapsAnythingAboveItsLowEnd() {
        Cell cell = Cell.judge(Metric.CAPACITY, List.of(new Entry(VIRTUAL, 320.0, null, Exclusion.NONE),
                new Entry(REACTIVE, 1000.0, 1200.0, Exclusion.NONE)));
        assertEquals(Tie.OVERLAP, cell.tie());
        assertEquals(REACTIVE, cell.leader());
        assertEquals(List.of(VIRTUAL), cell.rivals(), "at least 320 may be anything above: it keeps 1,000-1,200 from winning");
    }

    @Test
    void singleFiguresWinOnlyByMoreThanTheMarginLowerBeingBetterForCosts() {
        Cell clear = Cell.judge(Metric.CPU_PER_REQUEST, List.of(Entry.point(VIRTUAL, 1.0, Exclusion.NONE),
                Entry.point(REACTIVE, 1.5, Exclusion.NONE)));
        assertEquals(VIRTUAL, clear.winner());
        Cell reversed = Cell.judge(Metric.CPU_PER_REQUEST, List.of(Entry.point(VIRTUAL, 1.5, Exclusion.NONE),
                Entry.point(REACTIVE, 1.0, Exclusion.NONE)));
        assertEquals(REACTIVE, reversed.winner());
        Cell close = Cell.judge(Metric.CPU_PER_REQUEST, List.of(Entry.point(VIRTUAL, 1.0, Exclusion.NONE),
                Entry.point(REACTIVE, 1.05, Exclusion.NONE)));
        assertNull(close.winner());
        assertEquals(Tie.WITHIN_MARGIN, close.tie());
        assertEquals(VIRTUAL, close.leader());
        assertEquals(List.of(REACTIVE), close.rivals());
        assertEquals(List.of(), clear.rivals(), "a winner has no rival");
    }

    @Test
    void errorsTakeAnArmOutOfTheCellEvenWithTheBestFigure() {
        Cell cell = Cell.judge(Metric.TAIL_P999, List.of(Entry.point(VIRTUAL, 60.0, Exclusion.ERRORS),
                Entry.point(REACTIVE, 90.0, Exclusion.NONE), Entry.point(POOL, 200.0, Exclusion.NONE)));
        assertEquals(REACTIVE, cell.winner());
        Cell alone = Cell.judge(Metric.TAIL_P999, List.of(Entry.point(VIRTUAL, 60.0, Exclusion.ERRORS),
                Entry.point(REACTIVE, 90.0, Exclusion.NONE)));
        assertEquals(REACTIVE, alone.winner(), "the only arm without errors wins");
        Cell unmeasured = Cell.judge(Metric.TAIL_P999, List.of(Entry.point(VIRTUAL, null, Exclusion.NONE),
                Entry.point(REACTIVE, 90.0, Exclusion.NONE)));
        assertNull(unmeasured.winner(), "an arm with no figure is not beaten");
        assertEquals(Tie.NONE_QUALIFIED, unmeasured.tie());
        Cell none = Cell.judge(Metric.TAIL_P999, List.of(Entry.point(VIRTUAL, 60.0, Exclusion.ERRORS),
                Entry.point(REACTIVE, 90.0, Exclusion.ERRORS)));
        assertEquals(Tie.NONE_QUALIFIED, none.tie());
    }

    /**
     * Peak memory read over each arm's own search: the arm with the least wins only when it was offered at
     * least as much as the others (within 5 %); a lower peak under a lighter load names no winner.
     */
    @Test
    void aLowerPeakMemoryUnderALighterLoadWinsNothingAndUnderAsHeavyALoadWins() {
        Cell lighter = Cell.judge(Metric.PEAK_RSS, List.of(Entry.point(POOL, 200.0, Exclusion.NONE).underLoad(400.0),
                Entry.point(REACTIVE, 340.0, Exclusion.NONE).underLoad(3_200.0),
                Entry.point(VIRTUAL, 380.0, Exclusion.NONE).underLoad(1_600.0)));
        assertNull(lighter.winner());
        assertEquals(Tie.LIGHTER_LOAD, lighter.tie());
        assertEquals(POOL, lighter.leader());
        assertEquals(List.of(REACTIVE), lighter.rivals(), "the arm offered the most");
        Cell heavier = Cell.judge(Metric.PEAK_RSS, List.of(Entry.point(POOL, 200.0, Exclusion.NONE).underLoad(3_200.0),
                Entry.point(REACTIVE, 340.0, Exclusion.NONE).underLoad(3_200.0),
                Entry.point(VIRTUAL, 380.0, Exclusion.NONE).underLoad(1_600.0)));
        assertEquals(POOL, heavier.winner());
        Cell nearlySame = Cell.judge(Metric.PEAK_RSS, List.of(Entry.point(POOL, 200.0, Exclusion.NONE).underLoad(3_100.0),
                Entry.point(REACTIVE, 340.0, Exclusion.NONE).underLoad(3_200.0)));
        assertEquals(POOL, nearlySame.winner(), "3,100 and 3,200 req/s are within 5 %");
        Cell sameRate = Cell.judge(Metric.PEAK_RSS, List.of(Entry.point(POOL, 200.0, Exclusion.NONE),
                Entry.point(REACTIVE, 340.0, Exclusion.NONE)));
        assertEquals(POOL, sameRate.winner(), "without loads, figures are taken as read at the same rate");
    }
}
