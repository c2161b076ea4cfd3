package loomlab.lab.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import loomlab.core.arm.ArmFlag;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.ParamValue;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.core.experiment.ArmFixtures;
import loomlab.core.experiment.NoisyNeighbour;
import loomlab.core.experiment.Profile;
import loomlab.core.experiment.ServiceToService;
import loomlab.core.finding.FairnessEffect;
import loomlab.core.finding.Flagged;
import loomlab.core.finding.HelloBesideCpu;
import loomlab.core.finding.Lead;
import loomlab.core.finding.Measure;
import loomlab.core.finding.NotMeasured;
import loomlab.core.finding.PacingDifference;
import loomlab.core.finding.Ranking;
import loomlab.core.finding.SameConcurrency;
import loomlab.core.finding.ThreadsHeld;
import loomlab.core.sweep.Sweep;
import loomlab.core.verdict.Verdict;
import loomlab.threads.Threads;
import org.junit.jupiter.api.Test;

/** The words follow the findings, whichever way the figures went. */
class VerdictWriterTest {
    private static final ArmKey VIRTUAL = new ArmKey(ServerId.LOOMCAT, ServingModel.parse("virtual"), 20, null, null, Map.of());
    private static final ArmKey POOL = new ArmKey(ServerId.LOOMCAT, ServingModel.parse("platform:10"), 20, null, null, Map.of());

    @Test
    void aLeadIsWordedTheWayItsMeasureReadsInEitherDirection() {
        assertEquals("loomcat virtual, 20 users led loomcat platform:10, 20 users on elapsed time: 3.05 against 6.10 s,"
                + " 2.0x shorter.", VerdictWriter.write(List.of(new Lead(Measure.ELAPSED, VIRTUAL, 3.05, POOL, 6.1,
                range(3.05), range(6.1)))));
        assertEquals("loomcat platform:10, 20 users led loomcat virtual, 20 users on elapsed time: 3.05 against 6.10 s,"
                + " 2.0x shorter.", VerdictWriter.write(List.of(new Lead(Measure.ELAPSED, VIRTUAL, 6.1, POOL, 3.05,
                range(6.1), range(3.05)))));
        assertEquals("loomcat platform:10, 20 users led loomcat virtual, 20 users on throughput: 200 against 100 req/s,"
                + " 2.0x higher.", VerdictWriter.write(List.of(new Lead(Measure.THROUGHPUT, VIRTUAL, 100, POOL, 200,
                range(100), range(200)))));
        assertEquals("Neither loomcat virtual, 20 users nor loomcat platform:10, 20 users clearly led on throughput:"
                + " 100 against 104 req/s, and their measured ranges overlap (95.0 to 105 against 98.8 to 109 req/s).",
                VerdictWriter.write(List.of(new Lead(Measure.THROUGHPUT, VIRTUAL, 100, POOL, 104, range(100),
                        range(104)))));
    }

    /** The rule, reversed: the same figures from one run name no winner, and say why, the better figure first. */
    @Test
    void oneRunMeasuredNoSpreadSoItsComparisonNamesNoLeadInEitherDirection() {
        assertEquals("One run: spread not measured, so no lead is named: loomcat virtual, 20 users against loomcat"
                + " platform:10, 20 users on elapsed time, 3.05 against 6.10 s, 2.0x shorter.",
                VerdictWriter.write(List.of(new Lead(Measure.ELAPSED, VIRTUAL, 3.05, POOL, 6.1))));
        assertEquals("One run: spread not measured, so no lead is named: loomcat platform:10, 20 users against loomcat"
                + " virtual, 20 users on elapsed time, 3.05 against 6.10 s, 2.0x shorter.",
                VerdictWriter.write(List.of(new Lead(Measure.ELAPSED, VIRTUAL, 6.1, POOL, 3.05))));
    }

    /** The seed's two figures are not our measurement, and came with no spread: quoted, no lead named. */
    @Test
    void theSeedsTwoPublishedFiguresAreQuotedWithTheirRatioAndNoLead() {
        loomlab.core.arm.Published virtual = new loomlab.core.arm.Published(12.21, "s", "seed 002");
        loomlab.core.arm.Published pool = new loomlab.core.arm.Published(21.21, "s", "seed 002");
        String seed = VerdictWriter.write(List.of(new loomlab.core.finding.PublishedLead(Measure.ELAPSED, VIRTUAL,
                virtual, POOL, pool)));
        assertTrue(seed.contains(": virtual's 1.7x shorter (one figure each, no spread published)."), seed);
        assertFalse(seed.contains(" led ") || seed.contains("ahead"), seed);
        String reversed = VerdictWriter.write(List.of(new loomlab.core.finding.PublishedLead(Measure.ELAPSED, VIRTUAL,
                pool, POOL, virtual)));
        assertTrue(reversed.contains(": platform:10's 1.7x shorter (one figure each, no spread published)."), reversed);
    }

    /** A figure's measured range as a repeat's spread would give it: 5 % either side. */
    private static Lead.Range range(double value) {
        return new Lead.Range(value * 0.95, value * 1.05);
    }

    @Test
    void eachComparisonIsAParagraphAndTheNotesOnTheRunFollowInOne() {
        ArmKey virtual200 = new ArmKey(ServerId.LOOMCAT, ServingModel.parse("virtual"), 200, null, null, Map.of());
        ArmKey pool200 = new ArmKey(ServerId.LOOMCAT, ServingModel.parse("platform:200"), 200, null, null, Map.of());
        String verdict = VerdictWriter.write(List.of(new Lead(Measure.ELAPSED, VIRTUAL, 3.05, POOL, 6.1, range(3.05),
                        range(6.1)),
                new SameConcurrency(List.of(pool200, virtual200), 200),
                new Lead(Measure.ELAPSED, virtual200, 3.02, pool200, 3.03, range(3.02), range(3.03)),
                new Flagged(pool200, List.of(new ArmFlag.BacklogOverflowed(99))),
                new Flagged(virtual200, List.of(new ArmFlag.BacklogOverflowed(1)))));
        List<String> paragraphs = List.of(verdict.split(VerdictWriter.PARAGRAPH_BREAK));
        assertEquals(3, paragraphs.size(), verdict);
        assertTrue(paragraphs.get(0).startsWith("loomcat virtual, 20 users led") && paragraphs.get(0).contains(
                "the load allows only 200 requests"), verdict);
        assertTrue(paragraphs.get(1).startsWith("Neither loomcat virtual, 200 users nor"), verdict);
        assertTrue(paragraphs.get(2).startsWith("loomcat platform:200, 200 users is flagged: the kernel dropped 99"
                + " connections") && paragraphs.get(2).contains("dropped 1 connection at"), verdict);
        assertEquals(1, VerdictWriter.write(List.of(new Flagged(pool200, List.of(new ArmFlag.BacklogOverflowed(9)))))
                .split(VerdictWriter.PARAGRAPH_BREAK).length, "a verdict of notes alone is one paragraph");
    }

    @Test
    void aSlowestHelloFarBeyondItsP99IsGivenWithItsFigureAndNoCause() {
        ArmKey pool = new ArmKey(ServerId.LOOMCAT, ServingModel.parse("platform:8"), 4, null, null, Map.of());
        ArmKey virtual = new ArmKey(ServerId.LOOMCAT, ServingModel.parse("virtual"), 4, null, null, Map.of());
        List<HelloBesideCpu.Arm> arms = List.of(
                new HelloBesideCpu.Arm(pool, 4, 2_500_000, 100, 1.68, 13.6, 18.6, 24.0, 639),
                new HelloBesideCpu.Arm(virtual, 4, 2_500_000, 100, 16.6, 28.5, 3525.3, 24.3, 634));
        Lead lead = new Lead(Measure.P99, virtual, 28.5, pool, 13.6);
        String far = VerdictWriter.write(List.of(new HelloBesideCpu(arms, pool, virtual, lead, true, true, List.of(),
                List.of(virtual))));
        assertTrue(far.contains("On virtual the slowest /hello took 3,525 ms, 123.7x its p99 and as long as 145 /cpu"
                + " requests at their median: a rare wait the percentiles do not show, whose cause these figures do"
                + " not give"), far);
        assertTrue(far.contains("consistent with waiting for a carrier") && !far.contains("it waited for a carrier"),
                "a threshold gives no cause: " + far);
        String none = VerdictWriter.write(List.of(new HelloBesideCpu(arms, pool, virtual, lead, true, true, List.of(),
                List.of())));
        assertFalse(none.contains("slowest"), none);
    }

    @Test
    void aSentenceThatReadsTheSameForSeveralArmsIsSaidOnce() {
        Lead lead = new Lead(Measure.ELAPSED, VIRTUAL, 3.05, POOL, 6.1);
        assertEquals(VerdictWriter.write(List.of(lead)), VerdictWriter.write(List.of(lead, lead)));
    }

    @Test
    void whenThePoolWinsServiceToServiceNamesNoVirtualCause() {
        List<ArmPlan> plans = new ServiceToService().plan(Profile.QUICK);
        List<ArmResult> reversed = List.of(ArmFixtures.measured((HttpArmPlan) plans.get(1), 98, 5, 50),
                ArmFixtures.measured((HttpArmPlan) plans.get(3), 60, 5, 1600));
        String verdict = VerdictWriter.write(new ServiceToService().findings(reversed));
        assertTrue(verdict.startsWith("One run: spread not measured, so no lead is named: loomcat platform:1, 20 users"
                + " against loomcat virtual, 20 users on goodput"), verdict);
        assertFalse(verdict.contains("in flight"), verdict);
        assertFalse(verdict.contains("waited at the same time"), verdict);
    }

    @Test
    void underADelaySweepTheBoundIsWordedWithTheSweptWait() {
        List<ArmPlan> swept = Sweep.parse("delay=10").apply("service-to-service", new ServiceToService().plan(
                Profile.QUICK));
        String verdict = VerdictWriter.write(new ServiceToService().findings(List.of(
                ArmFixtures.measured((HttpArmPlan) swept.get(1), 490, 5, 10.2),
                ArmFixtures.measured((HttpArmPlan) swept.get(3), 9000, 5, 11))));
        assertTrue(verdict.contains("a bound of 100 req/s (98%); Little's law with 1 request in progress at once"
                + " (the server's limit of 1) and the 10.0 ms each request waits"), verdict);
        assertFalse(verdict.contains("50.0 ms") || verdict.contains("20 req/s"), verdict);
    }

    @Test
    void siegesPacingIsWordedWithTheRatioItComputed() {
        String verdict = VerdictWriter.write(List.of(PacingDifference.of(2.0, 1.0)));
        assertTrue(verdict.contains("with requests of 2.00 s, siege's users came back 1.2x as often"), verdict);
        assertFalse(verdict.contains("twice"), verdict);
    }

    @Test
    void eachFairnessEffectSaysWhatItShows() {
        ArmKey platform = ArmKey.program(Threads.PLATFORM);
        ArmKey virtual = ArmKey.program(Threads.VIRTUAL);
        String starts = VerdictWriter.write(List.of(new FairnessEffect(platform, virtual, 0.08, 1, 180.0, 2,
                FairnessEffect.Effect.QUEUEING_BEHIND_STARTS)));
        assertTrue(starts.contains("one of which took 0.08 ms, less than the 0.18 ms starting a platform thread"
                + " took, and at most 1 ran at once on 2 cores"), starts);
        String notReported = VerdictWriter.write(List.of(new FairnessEffect(platform, virtual, 0.08, null, 180.0, 2,
                FairnessEffect.Effect.NOT_MEASURED)));
        assertTrue(notReported.contains("did not report how many heavy tasks ran at once"), notReported);
        String reported = VerdictWriter.write(List.of(new FairnessEffect(platform, virtual, 0.08, 7, null, 2,
                FairnessEffect.Effect.NOT_MEASURED)));
        assertTrue(reported.contains("did not report how long a platform thread took to start")
                && !reported.contains("ran at once"), "the peak was reported: " + reported);
        assertTrue(starts.contains("first-in-first-out queueing behind cheap virtual-thread starts, not the"
                + " scheduler's missing time-slicing"), starts);
        ArmKey longVirtual = ArmKey.program(Threads.VIRTUAL).withParam(NoisyNeighbour.HEAVY, ParamValue.count(2_500_000));
        String slicing = VerdictWriter.write(List.of(new FairnessEffect(platform, longVirtual, 9.5, 87, null, 2,
                FairnessEffect.Effect.MISSING_TIME_SLICING)));
        assertTrue(slicing.startsWith("With heavy tasks of 2,500,000 additions, one of which took 9.50 ms, up to 87 ran"
                + " at once"), slicing);
        assertTrue(slicing.contains("missing time-slicing"), slicing);
        String none = VerdictWriter.write(List.of(new FairnessEffect(platform, virtual, 0.08, 1, null, 2,
                FairnessEffect.Effect.NO_VIRTUAL_PENALTY)));
        assertFalse(none.contains("time-slicing") || none.contains("queueing"), none);
    }

    @Test
    void aThreadLimitArmAtItsCapSaysSoAndNothingAboutStoppingFirst() {
        String verdict = VerdictWriter.write(List.of(new ThreadsHeld(ArmKey.program(Threads.PLATFORM), 20_000, 20_000,
                "cap", null, 11.4, 21.6, 20_000)));
        assertEquals("Platform threads: 20,000 started in 11.4 s before reaching the cap of 20,000, 21.6 KB of RSS"
                + " each, read after 20,000 had parked.", verdict);
    }

    @Test
    void theDetailBelowAHeadlineDoesNotRepeatTheFindingItStates() {
        Lead led = new Lead(Measure.ELAPSED, VIRTUAL, 3.05, POOL, 6.1, range(3.05), range(6.1));
        ArmKey virtual1 = VIRTUAL.withUsers(1);
        ArmKey pool1 = POOL.withUsers(1);
        Lead tie = new Lead(Measure.ELAPSED, virtual1, 3.05, pool1, 3.06);
        SameConcurrency same = new SameConcurrency(List.of(pool1, virtual1), 1);
        Verdict verdict = Verdict.of(Ranking.COMPARISONS, List.of(led, same, tie));
        assertEquals(LeadWords.sentence(led), HeadlineWords.headline(verdict));
        assertEquals(List.of(VerdictWriter.sentence(same), LeadWords.sentence(tie)), VerdictWriter.detail(verdict),
                "the headline's lead opened the verdict: the rest of its paragraph, then the next");
        // Reversed: the verdict opens with the comparison that named no winner, so the headline's is said below.
        Verdict tieFirst = Verdict.of(Ranking.COMPARISONS, List.of(tie, led));
        assertEquals(LeadWords.sentence(led), HeadlineWords.headline(tieFirst));
        assertEquals(List.of(LeadWords.sentence(tie), LeadWords.sentence(led)), VerdictWriter.detail(tieFirst));
        // A flagged comparison's headline says more than the verdict's sentence: the verdict keeps it.
        Flagged dropped = new Flagged(VIRTUAL, List.of(new ArmFlag.BacklogOverflowed(99)));
        Verdict flagged = Verdict.of(Ranking.COMPARISONS, List.of(led, dropped));
        assertTrue(HeadlineWords.headline(flagged).startsWith("Flagged (connections dropped"),
                HeadlineWords.headline(flagged));
        assertEquals(LeadWords.sentence(led), VerdictWriter.detail(flagged).getFirst());
        assertEquals(List.of(), VerdictWriter.detail(Verdict.of(Ranking.COMPARISONS, List.of(led))),
                "the headline alone");
    }

    @Test
    void anOpeningFindingTooLongForTheHeadlineIsClippedThereAndSaidWholeBelow() {
        String reason = "x".repeat(HeadlineWords.MAX_LENGTH);
        NotMeasured lost = new NotMeasured(List.of(new NotMeasured.Arm(VIRTUAL, "failed", reason)), "both arms");
        Verdict verdict = Verdict.of(Ranking.COMPARISONS, List.of(lost));
        assertTrue(HeadlineWords.headline(verdict).endsWith("…"), HeadlineWords.headline(verdict));
        assertEquals(List.of(VerdictWriter.sentence(lost)), VerdictWriter.detail(verdict));
        // Reversed: one short enough is the headline whole, and nothing is said again below it.
        NotMeasured shortOne = new NotMeasured(List.of(new NotMeasured.Arm(VIRTUAL, "failed", "died")), "both arms");
        assertEquals("No verdict: it needs both arms. Not measured: loomcat virtual, 20 users (failed: died).",
                HeadlineWords.headline(Verdict.of(Ranking.COMPARISONS, List.of(shortOne))));
        assertEquals(List.of(), VerdictWriter.detail(Verdict.of(Ranking.COMPARISONS, List.of(shortOne))));
    }
}
