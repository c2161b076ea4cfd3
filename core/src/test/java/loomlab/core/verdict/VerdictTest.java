package loomlab.core.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.Published;
import loomlab.core.breakage.BreakageFixtures;
import loomlab.core.finding.ArmHung;
import loomlab.core.finding.Finding;
import loomlab.core.finding.FlaggedLeads;
import loomlab.core.finding.KeyFact;
import loomlab.core.finding.KeyFacts;
import loomlab.core.finding.Lead;
import loomlab.core.finding.Measure;
import loomlab.core.finding.PublishedLead;
import loomlab.core.finding.Ranking;
import loomlab.core.result.ExperimentResult;
import loomlab.core.result.Overview;
import org.junit.jupiter.api.Test;

/** The default ranking, the key facts as ranked and the paragraphs, before any words; each reversed too. */
class VerdictTest {
    private static final ArmKey VIRTUAL = FlaggedLeads.VIRTUAL_20;
    private static final ArmKey POOL = FlaggedLeads.POOL_20;
    private static final Lead VIRTUAL_LED = FlaggedLeads.VIRTUAL_LED_AT_20;
    /** Ranges that overlap: no winner. */
    private static final Lead TIE = new Lead(Measure.ELAPSED, FlaggedLeads.VIRTUAL_200, 2.00,
            FlaggedLeads.POOL_200, 2.01, new Lead.Range(1.9, 2.1), new Lead.Range(1.95, 2.05));
    /** The figures of {@link #VIRTUAL_LED} from one run: no spread measured, no winner. */
    private static final Lead ONE_RUN = new Lead(Measure.ELAPSED, VIRTUAL, VIRTUAL_LED.firstValue(), POOL,
            VIRTUAL_LED.secondValue());
    private static final ArmHung HUNG = new ArmHung(VIRTUAL.withJdk(21),
            BreakageFixtures.deadlockedOnJdk21("arms/x").hang());

    private static KeyFact key(Finding... findings) {
        return Verdict.of(Ranking.COMPARISONS, List.of(findings)).facts().getFirst();
    }

    @Test
    void theKeyFactsAreTheOnesItsExperimentRankedAndItsOpeningOnlyWhereItRankedNone() {
        KeyFacts chosen = KeyFacts.byJdk(List.of(new KeyFacts.Key(21, new KeyFact.Hung(HUNG)), new KeyFacts.Key(25,
                null)));
        Verdict ranked = Verdict.of(findings -> chosen, List.of(TIE, HUNG));
        assertTrue(ranked.byJdk());
        assertEquals(chosen.keys(), ranked.keys(), "as the experiment chose them");
        assertEquals(List.of(new KeyFact.Hung(HUNG)), ranked.facts(), "without the JDK that has none");
        // Reversed: an experiment that ranked nothing is summed up by the finding its verdict opens with.
        Verdict unranked = Verdict.of(findings -> KeyFacts.NONE, List.of(TIE, HUNG));
        assertFalse(unranked.byJdk());
        assertEquals(List.of(new KeyFact.Opening(TIE)), unranked.facts());
    }

    @Test
    void aComparisonThatNamedAWinnerLeadsAnArmThatHungWhichLeadsOneThatDidNot() {
        assertEquals(new KeyFact.Comparison(VIRTUAL_LED, List.of()), key(HUNG, VIRTUAL_LED));
        assertEquals(new KeyFact.Comparison(VIRTUAL_LED, List.of()), key(VIRTUAL_LED, HUNG), "in either order");
        // Reversed: the comparison named no winner, so the hang is the fact.
        assertEquals(new KeyFact.Hung(HUNG), key(TIE, HUNG));
        assertEquals(new KeyFact.Hung(HUNG), key(HUNG, TIE));
    }

    /** One run says it measured no spread: its comparison, 2.0x apart, names no winner and outranks no real fact. */
    @Test
    void oneRunsComparisonNamesNoWinnerAndGivesWayToAHangAndToALeadBeyondTheSpread() {
        assertEquals(new KeyFact.Hung(HUNG), key(ONE_RUN, HUNG), "the same figures as the lead, from one run");
        assertEquals(new KeyFact.Hung(HUNG), key(HUNG, ONE_RUN));
        assertEquals(new KeyFact.Comparison(VIRTUAL_LED, List.of()), key(ONE_RUN, VIRTUAL_LED),
                "reversed: the same figures with ranges apart lead");
        assertEquals(new KeyFact.Comparison(ONE_RUN, List.of()), key(ONE_RUN), "alone, it is still the fact");
    }

    @Test
    void aComparisonOnAFlaggedArmComesLastAndCarriesItsTaints() {
        KeyFact flagged = key(VIRTUAL_LED, FlaggedLeads.dropped(VIRTUAL));
        KeyFact.Comparison comparison = assertInstanceOf(KeyFact.Comparison.class, flagged);
        assertTrue(comparison.flagged());
        assertEquals(1, comparison.taints().size());
        assertTrue(comparison.restates().isEmpty(), "its headline says more than the verdict's sentence");
        // Reversed: the flag on an arm of neither comparison; the lead is clean and restates the verdict's opening.
        KeyFact clean = key(VIRTUAL_LED, FlaggedLeads.dropped(FlaggedLeads.POOL_200));
        assertFalse(((KeyFact.Comparison) clean).flagged());
        assertEquals(VIRTUAL_LED, clean.restates().orElseThrow());
    }

    @Test
    void withoutAnyRankedFactTheOpeningFindingIsTheKeyAndNothingAtAllIsNoKey() {
        PublishedLead seed = seed(VIRTUAL, 12.21, 21.21);
        assertEquals(new KeyFact.Opening(seed), key(seed));
        assertTrue(Verdict.of(Ranking.COMPARISONS, List.of()).keys().isEmpty());
        assertTrue(Verdict.of(Ranking.COMPARISONS, List.of()).paragraphs().isEmpty());
    }

    @Test
    void theSeedsFiguresBesideEachArmOfItsThreadModelAreOneFact() {
        PublishedLead on21 = seed(VIRTUAL.withJdk(21), 12.21, 21.21);
        PublishedLead on25 = seed(VIRTUAL.withJdk(25), 12.21, 21.21);
        assertEquals(List.of(List.of(VIRTUAL_LED), List.<Finding>of(on21)),
                Verdict.of(Ranking.COMPARISONS, List.of(VIRTUAL_LED, on21, on25)).paragraphs(),
                "said once, where first found");
        // Reversed: other figures of the seed are another fact, said too.
        PublishedLead other = seed(VIRTUAL.withJdk(25), 9.0, 21.21);
        assertEquals(List.of(List.of(VIRTUAL_LED), List.<Finding>of(on21, other)),
                Verdict.of(Ranking.COMPARISONS, List.of(VIRTUAL_LED, on21, other)).paragraphs());
    }

    @Test
    void eachComparisonOpensAParagraphAndTheNotesFollowInOne() {
        PublishedLead seed = seed(VIRTUAL, 12.21, 21.21);
        assertEquals(List.of(List.<Finding>of(VIRTUAL_LED), List.<Finding>of(TIE), List.<Finding>of(seed)),
                Verdict.of(Ranking.COMPARISONS, List.of(VIRTUAL_LED, TIE, seed)).paragraphs());
    }

    @Test
    void theOverviewRowStatesTheKeyFactTheVerdictRanksFirst() {
        List<List<Finding>> cases = List.of(List.of(HUNG, VIRTUAL_LED), List.of(TIE, HUNG),
                List.of(VIRTUAL_LED, FlaggedLeads.dropped(VIRTUAL)), List.of(seed(VIRTUAL, 12.21, 21.21)));
        for (List<Finding> findings : cases) {
            Overview.Row row = Overview.of(List.of(new ExperimentResult("x", "s", "q?", "quick", List.of(), findings,
                    Ranking.COMPARISONS))).getFirst();
            assertEquals(Verdict.of(Ranking.COMPARISONS, findings).facts().getFirst(), row.key(), findings.toString());
        }
        Overview.Row hung = Overview.of(List.of(new ExperimentResult("x", "s", "q?", "quick", List.of(),
                List.of(TIE, HUNG), Ranking.COMPARISONS))).getFirst();
        assertEquals(HUNG, hung.uncompared(), "a hang is why the row has no comparison");
        assertTrue(Overview.of(List.of(new ExperimentResult("x", "s", "q?", "quick", List.of(),
                List.of(VIRTUAL_LED, FlaggedLeads.dropped(VIRTUAL)), Ranking.COMPARISONS))).getFirst().flagged());
    }

    private static PublishedLead seed(ArmKey virtual, double virtualS, double poolS) {
        return new PublishedLead(Measure.ELAPSED, virtual, new Published(virtualS, "s", "seed"), POOL.withJdk(
                virtual.jdk()), new Published(poolS, "s", "seed"));
    }
}
