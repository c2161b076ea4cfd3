package loomlab.core.finding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import loomlab.core.arm.ArmFlag;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ErrorCounts;
import loomlab.core.bound.Bound;
import org.junit.jupiter.api.Test;

class KeyLeadTest {
    private static final Lead AT_200 = FlaggedLeads.POOL_LED_AT_200;
    private static final Lead AT_20 = FlaggedLeads.VIRTUAL_LED_AT_20;
    private static final ArmKey VIRTUAL_200 = FlaggedLeads.VIRTUAL_200;
    private static final ArmKey POOL_200 = FlaggedLeads.POOL_200;
    private static final ArmKey VIRTUAL_20 = FlaggedLeads.VIRTUAL_20;
    private static final ArmKey POOL_20 = FlaggedLeads.POOL_20;
    private static final ArmFlag DROPPED = new ArmFlag.BacklogOverflowed(97);

    @Test
    void aLeadRestingOnAnArmWhoseConnectionsWereDroppedGivesWayToACleanOne() {
        Optional<KeyLead.Choice> choice = KeyLead.of(List.of(AT_200, AT_20, new Flagged(VIRTUAL_200, List.of(DROPPED))));
        assertEquals(AT_20, choice.orElseThrow().lead());
        assertFalse(choice.orElseThrow().flagged());
        // Reversed: the flag on the other comparison's arm; the first comparison is clean and leads.
        Optional<KeyLead.Choice> reversed = KeyLead.of(List.of(AT_200, AT_20, new Flagged(POOL_20, List.of(DROPPED))));
        assertEquals(AT_200, reversed.orElseThrow().lead());
        assertEquals(Optional.of(AT_200), KeyLead.decisiveClean(List.of(AT_200, AT_20,
                new Flagged(POOL_20, List.of(DROPPED)))));
    }

    @Test
    void aCleanComparisonThatNamedNoWinnerComesBeforeAFlaggedOneThatDid() {
        Lead tie = new Lead(Measure.ELAPSED, VIRTUAL_20, 1.52, POOL_20, 1.53);
        List<Finding> findings = List.of(AT_200, tie, new Flagged(POOL_200, List.of(DROPPED)));
        assertEquals(tie, KeyLead.of(findings).orElseThrow().lead());
        assertEquals(Optional.empty(), KeyLead.decisiveClean(findings));
    }

    /** One run names no winner: a pair whose figures differ comes before a pair of equal ones, whatever the order. */
    @Test
    void withNoWinnerNamedThePairWhoseFiguresDifferIsTheKeyBeforeATieInEitherOrder() {
        Lead tie = new Lead(Measure.ELAPSED, VIRTUAL_200, 1.87, POOL_200, 1.85);
        Lead twice = new Lead(Measure.ELAPSED, VIRTUAL_20, 1.58, POOL_20, 3.07);
        assertEquals(Leader.NEITHER, twice.leader(), "one run: no winner");
        assertEquals(twice, KeyLead.of(List.of(tie, twice)).orElseThrow().lead());
        assertEquals(twice, KeyLead.of(List.of(twice, tie)).orElseThrow().lead());
        // Reversed: two ties, or two that differ, keep the experiment's order.
        Lead otherTie = new Lead(Measure.ELAPSED, VIRTUAL_20, 3.06, POOL_20, 3.07);
        assertEquals(tie, KeyLead.of(List.of(tie, otherTie)).orElseThrow().lead());
        Lead thrice = new Lead(Measure.ELAPSED, VIRTUAL_200, 1.0, POOL_200, 3.0);
        assertEquals(twice, KeyLead.of(List.of(twice, thrice)).orElseThrow().lead(), "the first that differs, not the largest");
        // A winner over measured ranges still comes first.
        assertEquals(AT_20, KeyLead.of(List.of(twice, AT_20)).orElseThrow().lead());
    }

    @Test
    void withOnlyFlaggedComparisonsTheDecisiveOneStandsMarkedFlagged() {
        KeyLead.Choice choice = KeyLead.of(List.of(AT_200, new Flagged(VIRTUAL_200, List.of(DROPPED))))
                .orElseThrow();
        assertEquals(AT_200, choice.lead());
        assertTrue(choice.flagged());
        assertEquals(Optional.empty(), KeyLead.of(List.of(new Flagged(VIRTUAL_200, List.of(DROPPED)))));
    }

    @Test
    void errorsAMissingBoundAndAnExcessWithinNoiseDoNotTaintAnArmsFigures() {
        ArmFlag errors = new ArmFlag.Errors(new ErrorCounts(0, 0, 3, 0), 57);
        ArmFlag noBound = new ArmFlag.NoBound(ArmFlag.NoBound.Reason.NO_WAIT_AND_NO_CPU);
        ArmFlag withinNoise = new ArmFlag.AboveBound(1.01, Bound.Basis.WAIT);
        for (ArmFlag flag : List.of(errors, noBound, withinNoise)) {
            assertFalse(flag.taintsFigures(), flag.toString());
            assertEquals(AT_200, KeyLead.of(List.of(AT_200, AT_20, new Flagged(VIRTUAL_200, List.of(flag))))
                    .orElseThrow().lead(), flag.toString());
        }
        ArmFlag pastBound = new ArmFlag.AboveBound(1.088, Bound.Basis.CPU);
        assertTrue(pastBound.taintsFigures());
        assertEquals(AT_20, KeyLead.of(List.of(AT_200, AT_20, new Flagged(VIRTUAL_200, List.of(pastBound))))
                .orElseThrow().lead());
    }
}
