package loomlab.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ParamValue;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.core.assess.Assessment;
import loomlab.core.assess.Capacity;
import loomlab.core.assess.PinningFigures;
import loomlab.core.breakage.BreakageFixtures;
import loomlab.core.finding.ArmHung;
import loomlab.core.finding.CloseWaitedForSibling;
import loomlab.core.finding.ConnectionsHeld;
import loomlab.core.finding.Finding;
import loomlab.core.finding.FlaggedLeads;
import loomlab.core.finding.KeyFact;
import loomlab.core.finding.KeyFacts;
import loomlab.core.finding.Lead;
import loomlab.core.finding.NotMeasured;
import loomlab.core.finding.PinningCollapse;
import loomlab.core.finding.PinningSitesFound;
import loomlab.core.finding.Ranking;
import loomlab.core.finding.VirtualVersusReactive;
import loomlab.core.verdict.Verdict;
import loomlab.threads.Threads;
import org.junit.jupiter.api.Test;

/**
 * Each experiment ranks its own findings for the fact it is summed up by: the experiment with a point of
 * its own puts it before any comparison, and the same findings ranked by another experiment are ranked
 * by that one's rule, never guessed from which findings are there.
 */
class KeyFactsTest {
    private static final Lead VIRTUAL_LED = FlaggedLeads.VIRTUAL_LED_AT_20;
    private static final KeyFact LED = new KeyFact.Comparison(VIRTUAL_LED, List.of());
    private static final Experiment SERVICE_TO_SERVICE = new ServiceToService();
    private static final Assessment ASSESSMENT = new Assessment("app.jar", 8, List.of(21, 25));
    private static final ArmHung HUNG = new ArmHung(FlaggedLeads.VIRTUAL_20.withJdk(21),
            BreakageFixtures.deadlockedOnJdk21("arms/x").hang());

    private static KeyFact fact(Ranking ranking, Finding... findings) {
        KeyFacts ranked = ranking.keyFacts(List.of(findings));
        assertFalse(ranked.byJdk());
        assertEquals(1, ranked.keys().size(), ranked.toString());
        return ranked.keys().getFirst().fact();
    }

    @Test
    void byDefaultAComparisonThatNamedAWinnerIsTheFactThenAnArmThatHung() {
        assertEquals(LED, fact(SERVICE_TO_SERVICE, HUNG, VIRTUAL_LED));
        assertEquals(new KeyFact.Hung(HUNG), fact(SERVICE_TO_SERVICE, HUNG), "reversed: no comparison, the hang");
        assertEquals(KeyFacts.NONE, SERVICE_TO_SERVICE.keyFacts(List.of()), "nothing ranked: the verdict's opening");
    }

    @Test
    void thePinningExperimentLeadsWithItsCollapseBeforeAComparison() {
        ArmKey pins = ArmKey.program("synchronized", Threads.VIRTUAL);
        PinningCollapse collapse = new PinningCollapse(pins.withJdk(21), 8.0, 3_519, pins.withJdk(25), 160.0, 0, 2, 20,
                0.25, true, true);
        assertEquals(new KeyFact.Collapse(collapse), fact(new Pinning(), VIRTUAL_LED, collapse));
        assertEquals(LED, fact(new Pinning(), VIRTUAL_LED), "without a collapse, the comparison");
        assertEquals(LED, fact(SERVICE_TO_SERVICE, VIRTUAL_LED, collapse), "reversed: another experiment's rule");
    }

    @Test
    void theConnectionsExperimentLeadsWithWhatEachThreadModelHeldOnceBothHeldSome() {
        ConnectionsHeld virtual = held(Threads.VIRTUAL, 10_000);
        ConnectionsHeld platform = held(Threads.PLATFORM, 8_000);
        assertEquals(new KeyFact.Held(virtual, platform), fact(new Connections(), VIRTUAL_LED, platform, virtual));
        assertEquals(LED, fact(new Connections(), VIRTUAL_LED, virtual), "one arm alone: the comparison");
        assertEquals(LED, fact(SERVICE_TO_SERVICE, VIRTUAL_LED, platform, virtual), "reversed: another's rule");
    }

    @Test
    void structuredConcurrencyLeadsWithTheExecutorsCloseThatWaitedForASibling() {
        CloseWaitedForSibling waited = new CloseWaitedForSibling(ArmKey.program("executor", Threads.VIRTUAL), 1_018,
                ArmKey.program("scope", Threads.VIRTUAL), 80.5);
        assertEquals(new KeyFact.CloseWaited(List.of(waited)), fact(new StructuredConcurrency(), VIRTUAL_LED, waited));
        assertEquals(LED, fact(new StructuredConcurrency(), VIRTUAL_LED), "no close waited: the comparison");
        assertEquals(LED, fact(SERVICE_TO_SERVICE, VIRTUAL_LED, waited), "reversed: another's rule");
    }

    @Test
    void theReactiveExperimentIsSummedUpByItsComparisonsWithWebFlux() {
        Map<String, ParamValue> workload = Map.of("workload", ParamValue.named("downstream call"));
        VirtualVersusReactive versus = VirtualVersusReactive.of("downstream call", new ArmKey(ServerId.SPRING,
                ServingModel.parse("virtual"), null, null, null, workload), bracket(3650), new ArmKey(ServerId.WEBFLUX,
                ServingModel.parse("reactive"), null, null, null, workload), bracket(1530), null, null, null);
        assertEquals(new KeyFact.Reactive(List.of(versus)), fact(new Reactive(), VIRTUAL_LED, versus));
        assertEquals(KeyFacts.NONE, SERVICE_TO_SERVICE.keyFacts(List.of(versus)), "reversed: nothing it ranks");
    }

    @Test
    void anAssessmentsJdksAreKeyedOldestFirstWhateverOrderItsArmsRanIn() {
        PinningSitesFound on25 = sites(FlaggedLeads.VIRTUAL_20.withJdk(25));
        PinningSitesFound on21 = sites(FlaggedLeads.VIRTUAL_20.withJdk(21));
        KeyFacts ranFirstOn25 = ASSESSMENT.keyFacts(List.of(on25, on21, HUNG));
        assertTrue(ranFirstOn25.byJdk());
        assertEquals(List.of(21, 25), ranFirstOn25.keys().stream().map(KeyFacts.Key::jdk).toList());
        assertEquals(new KeyFact.Hung(HUNG), ranFirstOn25.keys().getFirst().fact(), "JDK 21's hang comes first");
        assertEquals(null, ranFirstOn25.keys().getLast().fact(), "JDK 25 has nothing to stand on");
        // Reversed: the arms ran on 21 first; the same keys in the same order.
        assertEquals(ranFirstOn25, ASSESSMENT.keyFacts(List.of(on21, on25, HUNG)));
    }

    /**
     * An assessment whose arms all failed has no pinning sites, which the verdict used to take for the sign
     * of an assessment: it was ranked as some other experiment, by its first finding. Its own ranking keys
     * it by JDK with why it was not compared; the assessment's findings ranked as another experiment's are
     * not keyed by JDK, pinning sites or none.
     */
    @Test
    void anAssessmentWhoseArmsAllFailedIsStillRankedByJdkAndNoOtherExperimentIs() {
        NotMeasured.Arm lost21 = new NotMeasured.Arm(FlaggedLeads.VIRTUAL_20.withJdk(21), "failed", "died");
        NotMeasured.Arm lost25 = new NotMeasured.Arm(FlaggedLeads.VIRTUAL_20.withJdk(25), "failed", "died");
        NotMeasured lost = new NotMeasured(List.of(lost25, lost21), null);
        KeyFacts ranked = ASSESSMENT.keyFacts(List.of(lost));
        assertTrue(ranked.byJdk());
        assertEquals(List.of(new KeyFacts.Key(21, new KeyFact.NotCompared(new NotMeasured(List.of(lost21), null))),
                new KeyFacts.Key(25, new KeyFact.NotCompared(new NotMeasured(List.of(lost25), null)))), ranked.keys());
        Verdict verdict = Verdict.of(ASSESSMENT, List.of(lost));
        assertTrue(verdict.byJdk());
        assertEquals(2, verdict.facts().size());

        Verdict guessedBefore = Verdict.of(SERVICE_TO_SERVICE, List.of(sites(FlaggedLeads.VIRTUAL_20.withJdk(21)),
                HUNG));
        assertFalse(guessedBefore.byJdk(), "pinning sites make no assessment of another experiment");
        assertEquals(List.of(new KeyFact.Hung(HUNG)), guessedBefore.facts());
    }

    private static ConnectionsHeld held(Threads threads, int count) {
        return new ConnectionsHeld(ArmKey.program(threads), count, count, null, null, List.of(), 0, null, 4.8, 9_870.4,
                null, null, null);
    }

    private static PinningSitesFound sites(ArmKey arm) {
        return new PinningSitesFound(arm, PinningFigures.UNREAD, false, null);
    }

    private static Capacity bracket(double low) {
        return new Capacity(Capacity.Kind.BRACKETED, low, low, low * 1.05, null, List.of());
    }
}
