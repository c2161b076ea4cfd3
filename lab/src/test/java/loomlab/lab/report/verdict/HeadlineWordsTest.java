package loomlab.lab.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.core.assess.AssessFixtures;
import loomlab.core.assess.Assessment;
import loomlab.core.assess.PinningFigures;
import loomlab.core.breakage.BreakageFixtures;
import loomlab.core.experiment.StructuredConcurrency;
import loomlab.core.finding.ArmHung;
import loomlab.core.finding.CapacityLead;
import loomlab.core.finding.Finding;
import loomlab.core.finding.FlaggedLeads;
import loomlab.core.finding.Lead;
import loomlab.core.finding.Leader;
import loomlab.core.finding.Measure;
import loomlab.core.finding.PinningSitesFound;
import loomlab.core.finding.Ranking;
import loomlab.threads.Threads;
import org.junit.jupiter.api.Test;

class HeadlineWordsTest {
    private static final StructuredConcurrency STRUCTURED = new StructuredConcurrency();
    private static final ArmKey VIRTUAL = new ArmKey(ServerId.LOOMCAT, ServingModel.parse("virtual"), 20, null, null, Map.of());
    private static final ArmKey PLATFORM = new ArmKey(ServerId.LOOMCAT, ServingModel.parse("platform:1"), 20, null, null, Map.of());

    @Test
    void aComparisonThatNamedAWinnerIsTheHeadlineWithItsFigures() {
        String headline = headline(List.of(new Lead(Measure.GOODPUT, VIRTUAL, 390, PLATFORM, 19.2,
                new Lead.Range(380, 395), new Lead.Range(19.0, 19.4))));
        assertTrue(headline.startsWith("loomcat virtual, 20 users led loomcat platform:1, 20 users"), headline);
        assertTrue(headline.contains("390 against 19.2 req/s"), headline);
        String reversed = headline(List.of(new Lead(Measure.GOODPUT, VIRTUAL, 19.2, PLATFORM, 390,
                new Lead.Range(19.0, 19.4), new Lead.Range(380, 395))));
        assertTrue(reversed.startsWith("loomcat platform:1, 20 users led loomcat virtual, 20 users"), reversed);
    }

    /** One run measured no spread: the headline names no winner, and gives the figures, the better first. */
    @Test
    void oneRunsHeadlineNamesNoWinnerAndSaysTheFiguresAndThatItMeasuredNoSpread() {
        assertEquals("One run: spread not measured, so no lead is named: loomcat virtual, 20 users against loomcat"
                + " platform:1, 20 users on goodput (successful answers per second), 390 against 19.2 req/s, 20.3x"
                + " higher.", headline(List.of(new Lead(Measure.GOODPUT, VIRTUAL, 390, PLATFORM, 19.2))));
        assertEquals("One run: spread not measured, so no lead is named: loomcat platform:1, 20 users against loomcat"
                + " virtual, 20 users on goodput (successful answers per second), 390 against 19.2 req/s, 20.3x"
                + " higher.", headline(List.of(new Lead(Measure.GOODPUT, VIRTUAL, 19.2, PLATFORM, 390))),
                "reversed");
        assertEquals("One run: spread not measured, so no lead is named: loomcat virtual, 1 user against loomcat"
                + " platform:1, 1 user on goodput (successful answers per second), 19.0 against 19.0 req/s.",
                headline(List.of(new Lead(Measure.GOODPUT, VIRTUAL.withUsers(1), 19.0,
                        PLATFORM.withUsers(1), 19.0))), "even figures: no factor to give");
    }

    @Test
    void aDecisiveComparisonLeadsOneThatNamedNoWinner() {
        List<Finding> findings = List.of(new Lead(Measure.GOODPUT, VIRTUAL.withUsers(1), 19.0, PLATFORM.withUsers(1),
                19.1), new Lead(Measure.GOODPUT, VIRTUAL, 390, PLATFORM, 19.2, new Lead.Range(380, 395),
                new Lead.Range(19.0, 19.4)));
        assertTrue(headline(findings).startsWith("loomcat virtual, 20 users led"),
                headline(findings));
        String tie = headline(findings.subList(0, 1));
        assertTrue(tie.startsWith("One run: spread not measured, so no lead is named: loomcat platform:1, 1 user"
                + " against loomcat virtual, 1 user"), tie);
    }

    @Test
    void theHeadlineWordsTheKeyFactTheOverviewRowStates() {
        Lead poolLed = FlaggedLeads.POOL_LED_AT_200;
        Lead virtualLed = FlaggedLeads.VIRTUAL_LED_AT_20;
        List<List<Finding>> cases = List.of(List.of(poolLed, virtualLed),
                List.of(poolLed, virtualLed, FlaggedLeads.dropped(FlaggedLeads.VIRTUAL_20)),
                List.of(poolLed, FlaggedLeads.dropped(FlaggedLeads.VIRTUAL_200)));
        for (List<Finding> findings : cases) {
            loomlab.core.result.Overview.Row row = loomlab.core.result.Overview.of(List.of(
                    new loomlab.core.result.ExperimentResult("x", "s", "q?", "quick", List.of(), findings,
                            Ranking.COMPARISONS))).getFirst();
            assertEquals(HeadlineWords.clip(HeadlineWords.sentence(row.key())), headline(findings),
                    findings.toString());
        }
    }

    @Test
    void aWinnerOverAFlaggedArmGivesWayToACleanComparisonOrSaysItsFlagFirst() {
        Lead poolLed = FlaggedLeads.POOL_LED_AT_200;
        Lead virtualLed = FlaggedLeads.VIRTUAL_LED_AT_20;
        String clean = headline(List.of(poolLed, virtualLed, FlaggedLeads.dropped(FlaggedLeads.VIRTUAL_200)));
        assertTrue(clean.startsWith("loomcat virtual, 20 users led loomcat platform:1, 20 users"), clean);
        String reversed = headline(List.of(poolLed, virtualLed, FlaggedLeads.dropped(FlaggedLeads.POOL_20)));
        assertTrue(reversed.startsWith("loomcat platform:200, 200 users led loomcat virtual, 200 users"), reversed);
        String onlyFlagged = headline(List.of(poolLed, FlaggedLeads.dropped(FlaggedLeads.VIRTUAL_200)));
        assertEquals("Flagged (connections dropped at the listen backlog): loomcat platform:200, 200 users led loomcat"
                + " virtual, 200 users on elapsed time: 1.69 against 2.22 s, 1.3x shorter.", onlyFlagged);
    }

    /**
     * A flagged comparison of one run: the flags, the figures and the factor, then the note. The long
     * form ("One run: spread not measured, so no lead is named: ...") pushed the factor past the clip.
     */
    @Test
    void aFlaggedComparisonOfOneRunKeepsItsFactorInsideTheHeadline() {
        Lead oneRun = new Lead(Measure.ELAPSED, FlaggedLeads.VIRTUAL_200, 2.22, FlaggedLeads.POOL_200, 1.69);
        String flagged = headline(List.of(oneRun, FlaggedLeads.dropped(FlaggedLeads.VIRTUAL_200)));
        assertEquals("Flagged (connections dropped at the listen backlog): loomcat platform:200, 200 users against"
                + " loomcat virtual, 200 users on elapsed time, 1.69 against 2.22 s, 1.3x shorter (one run: no lead).",
                flagged);
        assertTrue(flagged.length() <= HeadlineWords.MAX_LENGTH, flagged);
        // Unflagged, the same comparison keeps the long form, whose opening says why no lead is named.
        String clean = headline(List.of(oneRun));
        assertTrue(clean.startsWith("One run: spread not measured, so no lead is named: loomcat platform:200"), clean);
    }

    @Test
    void anAssessmentHasAHeadlinePerJdkAndAHungArmsIsItsHang() {
        ArmKey virtual21 = new ArmKey(ServerId.SERVICE, ServingModel.parse("virtual"), null, null, 21, Map.of());
        ArmKey virtual25 = virtual21.withJdk(25);
        ArmKey platform25 = new ArmKey(ServerId.SERVICE, ServingModel.parse("platform:8"), null, 8, 25, Map.of());
        List<Finding> findings = List.of(
                new ArmHung(virtual21, BreakageFixtures.deadlockedOnJdk21("arms/x").hang()),
                new CapacityLead(platform25, AssessFixtures.bracketed(10.9, 11.4), virtual25,
                        AssessFixtures.bracketed(10.9, 11.4), 1.0, 10.9 / 11.4, 11.4 / 10.9, Leader.NEITHER,
                        CapacityLead.Tie.OVERLAP, 1, null, null, null, null),
                // Every arm of an assessment has its pinning sites: they say which JDKs it ran on, in order.
                new PinningSitesFound(virtual21, new PinningFigures(0L, 0.0, List.of()), true, null),
                new PinningSitesFound(platform25, new PinningFigures(0L, 0.0, List.of()), false, null),
                new PinningSitesFound(virtual25, new PinningFigures(0L, 0.0, List.of()), false, null));
        assertEquals("JDK 21: the virtual arm hung: carrier-deadlock at loomlab.loomcat.LockEndpoints.sharedLockSleep:66,"
                + " caught 3.10 s after the last answer. JDK 25: neither thread model led (10.9 against 10.9 req/s at"
                + " the p99 target; one run: spread not measured).", HeadlineWords.headline(new Assessment("app.jar", 8,
                List.of(21, 25)), findings));
    }

    @Test
    void aHeadlineIsClippedAtAWord() {
        String longOne = "word ".repeat(60).strip() + ".";
        String clipped = HeadlineWords.clip(longOne);
        assertTrue(clipped.length() <= HeadlineWords.MAX_LENGTH, clipped);
        assertTrue(clipped.endsWith("word…"), clipped);
        assertEquals("short.", HeadlineWords.clip("short."));
    }

    @Test
    void structuredConcurrencyLeadsWithTheExecutorsCloseThatWaitedForItsSiblingAgainstTheScope() {
        List<loomlab.core.arm.ArmResult> arms = new java.util.ArrayList<>();
        for (String orderCase : List.of("both-succeed", "inventory-fails", "order-fails-inventory-slow",
                "caller-interrupted")) {
            boolean fails = !orderCase.equals("both-succeed");
            arms.add(order(orderCase, "scope", fails ? 58.5 + arms.size() : 125, fails));
            arms.add(order(orderCase, "executor", fails ? 1_018 + arms.size() : 113, false));
        }
        String headline = HeadlineWords.headline(STRUCTURED, STRUCTURED.findings(arms));
        assertEquals("In 3 cases with a failure or an interruption, the scope answered in 60.5 to 64.5 ms; the executor"
                + " closed by try-with-resources took 1,021 to 1,025 ms, waiting for the sibling it did not cancel.",
                headline);
        assertTrue(headline.length() <= HeadlineWords.MAX_LENGTH, headline);
        String one = HeadlineWords.headline(STRUCTURED, STRUCTURED.findings(List.of(
                order("inventory-fails", "scope", 80.5, true), order("inventory-fails", "executor", 1_018, false))));
        assertEquals("In inventory-fails, the scope answered in 80.5 ms; the executor closed by try-with-resources took"
                + " 1,018 ms, waiting for the sibling it did not cancel.", one);
    }

    /**
     * Reversed: an executor that cancelled its sibling waited for nothing, so no close-wait leads; the
     * failing case's comparison then comes before the one where both succeeded, and when the failing case
     * ties, the other comparison, whose figures differ, speaks (one run: with no lead named either way).
     */
    @Test
    void anExecutorThatDidNotWaitLeavesTheHeadlineToAFailingCasesComparisonBeforeBothSucceeding() {
        List<loomlab.core.arm.ArmResult> arms = List.of(order("both-succeed", "scope", 125, false),
                order("both-succeed", "executor", 100, false), order("inventory-fails", "scope", 80.5, true),
                order("inventory-fails", "executor", 150, true));
        String headline = HeadlineWords.headline(STRUCTURED, STRUCTURED.findings(arms));
        // One run each: no lead, so the failing case's comparison, the first, speaks with its figures.
        assertTrue(headline.startsWith("One run: spread not measured, so no lead is named: scope, inventory-fails"
                + " against executor, inventory-fails"), headline);
        String tied = HeadlineWords.headline(STRUCTURED, STRUCTURED.findings(List.of(
                arms.get(0), arms.get(1), arms.get(2), order("inventory-fails", "executor", 82, true))));
        assertTrue(tied.startsWith("One run: spread not measured, so no lead is named: executor, both-succeed"
                + " against scope, both-succeed"), tied);
    }

    /** The headline of an experiment that ranks its findings by their comparisons, as most do. */
    private static String headline(List<Finding> findings) {
        return HeadlineWords.headline(Ranking.COMPARISONS, findings);
    }

    private static loomlab.core.arm.HandleOrderArmResult order(String orderCase, String style, double answerMs,
                                                               boolean cancelled) {
        boolean success = orderCase.equals("both-succeed");
        return new loomlab.core.arm.HandleOrderArmResult(ArmKey.program(style, style.equals("scope") ? Threads.VIRTUAL : Threads.PLATFORM).withParam(
                loomlab.core.experiment.StructuredConcurrency.CASE, loomlab.core.arm.ParamValue.named(orderCase)), orderCase, style, answerMs,
                success ? "success" : "failure", success ? null : "X", success ? null : "SimulatedFailure", cancelled,
                cancelled ? 1 : 0, 0, success ? "succeeded" : "failed", cancelled ? "cancelled" : "succeeded");
    }
}
