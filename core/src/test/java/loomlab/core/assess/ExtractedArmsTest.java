package loomlab.core.assess;

import static loomlab.core.assess.AssessFixtures.NONE_PINNED;
import static loomlab.core.assess.AssessFixtures.arm;
import static loomlab.core.assess.AssessFixtures.bracketed;
import static loomlab.core.assess.AssessFixtures.costs;
import static loomlab.core.assess.AssessFixtures.curve;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.AssessArmResult;
import loomlab.core.breakage.WatchReport;
import loomlab.core.experiment.Profile;
import loomlab.core.finding.CapacityLead;
import loomlab.core.finding.ExtractionEffect;
import loomlab.core.finding.Finding;
import loomlab.core.finding.Leader;
import loomlab.core.repeat.RepeatedRuns;
import loomlab.core.experiment.OnJdks;
import org.junit.jupiter.api.Test;

/** {@code assess --extracted}: an arm per thread model on the extracted jar, each set against its fat sibling. */
class ExtractedArmsTest {
    private static final Assessment FAT = new Assessment("spring.jar", 10, List.of(25));
    private static final Assessment EXTRACTED = FAT.withExtracted(true);
    private static final List<Integer> USERS = List.of(1, 16, 64);
    private static final ServiceCosts COSTS = costs(0.4, 0.4, 0.2, 300, 40, 30);

    private static AssessArmResult platform(Capacity capacity) {
        return arm(AssessFixtures.PLATFORM, 10, 25, capacity, curve(10, USERS), COSTS, NONE_PINNED);
    }

    private static AssessArmResult virtual(Capacity capacity) {
        return arm(AssessFixtures.VIRTUAL, 10, 25, capacity, curve(null, USERS), COSTS, NONE_PINNED);
    }

    /** The same arm run from the extracted jar, its curve's p99s times {@code p99Times}. */
    private static AssessArmResult extracted(AssessArmResult fat, double p99Times) {
        List<CurvePoint> curve = fat.curve().stream().map(p -> new CurvePoint(p.users(), p.throughputRps(),
                p.p50Ms(), p.p99Ms() * p99Times, p.errors())).toList();
        return new AssessArmResult(ExtractedJar.of(fat.key()), fat.setup(), curve, fat.capacity(), fat.costs(),
                fat.pinning(), fat.failure(), fat.watch(), fat.switched(), null, null);
    }

    private static AssessArmResult withCapacity(AssessArmResult arm, Capacity capacity) {
        return new AssessArmResult(arm.key(), arm.setup(), arm.curve(), capacity, arm.costs(), arm.pinning(),
                arm.failure(), arm.watch(), arm.switched(), null, null);
    }

    private static List<ExtractionEffect> effects(List<Finding> findings) {
        return findings.stream().filter(ExtractionEffect.class::isInstance).map(ExtractionEffect.class::cast).toList();
    }

    @Test
    void plansEachThreadModelAgainOnTheExtractedJarAndNoneWithout() {
        List<ArmPlan> plans = OnJdks.apply(EXTRACTED.plan(Profile.QUICK), EXTRACTED.jdks());
        assertEquals(List.of("platform:10, JDK 25", "virtual, JDK 25", "platform:10, extracted, JDK 25",
                "virtual, extracted, JDK 25"), plans.stream().map(ArmPlan::name).toList());
        assertTrue(ExtractedJar.runs(plans.get(3).key()));
        assertEquals(plans.get(1).key(), ExtractedJar.fat(plans.get(3).key()));
        // Reversed: without --extracted, the two fat-jar arms alone.
        assertEquals(List.of("platform:10, JDK 25", "virtual, JDK 25"), OnJdks.apply(FAT.plan(Profile.QUICK),
                FAT.jdks()).stream().map(ArmPlan::name).toList());
    }

    @Test
    void oneRunOfAnExtractedArmWhoseBracketLayAboveNamesNoLeadButSaysWhose() {
        AssessArmResult fat = virtual(bracketed(400, 420));
        AssessArmResult fast = withCapacity(extracted(fat, 0.25), bracketed(900, 950));
        List<Finding> findings = EXTRACTED.findings(List.<ArmResult>of(platform(bracketed(190, 199)), fat,
                extracted(platform(bracketed(190, 199)), 1), fast));
        List<ExtractionEffect> effects = effects(findings);
        assertEquals(2, effects.size(), findings.toString());
        ExtractionEffect onVirtual = effects.stream().filter(e -> e.fat().mode().onVirtualThreads()).findFirst()
                .orElseThrow();
        assertEquals(fat.key(), onVirtual.fat());
        assertEquals(Leader.NEITHER, onVirtual.leader());
        assertEquals(CapacityLead.Tie.ONE_RUN, onVirtual.why());
        assertEquals(Leader.FIRST, onVirtual.ahead());
        assertEquals(900.0 / 400, onVirtual.ratio(), 1e-9);
        assertTrue(onVirtual.tailChanged(), "a quarter of the p99 is apart by more than 2x");
        // The platform pool's extracted arm measured the same: no side above, the tail unchanged.
        ExtractionEffect onPlatform = effects.stream().filter(e -> e.fat().mode().onPlatformThreads()).findFirst()
                .orElseThrow();
        assertEquals(Leader.NEITHER, onPlatform.ahead());
        assertEquals(CapacityLead.Tie.OVERLAP, onPlatform.why());
        assertFalse(onPlatform.tailChanged());
        // The thread models are still compared on the fat jar alone: one CapacityLead, between its two arms.
        List<CapacityLead> leads = findings.stream().filter(CapacityLead.class::isInstance)
                .map(CapacityLead.class::cast).toList();
        assertEquals(1, leads.size());
        assertFalse(ExtractedJar.runs(leads.getFirst().virtual()));
        assertFalse(ExtractedJar.runs(leads.getFirst().platform()));
    }

    @Test
    void rangesApartOverRunsEnoughAreALeadForTheExtractedJarAndReversedForTheFatJar() {
        double[][] fatRuns = {{400, 420}, {405, 425}, {398, 418}, {402, 421}};
        double[][] extractedRuns = {{900, 950}, {910, 960}, {890, 940}, {905, 955}};
        AssessArmResult fat = repeated(fatRuns, false);
        AssessArmResult extracted = repeated(extractedRuns, true);
        ExtractionEffect effect = effects(EXTRACTED.findings(List.<ArmResult>of(fat, extracted))).getFirst();
        assertEquals(Leader.FIRST, effect.leader());
        assertEquals(extracted.key(), effect.winner());
        assertEquals(4, effect.runs());
        // Reversed: the fat jar's ranges above the extracted jar's.
        AssessArmResult fatAbove = repeated(extractedRuns, false);
        AssessArmResult extractedBelow = repeated(fatRuns, true);
        ExtractionEffect reversed = effects(EXTRACTED.findings(List.<ArmResult>of(fatAbove, extractedBelow)))
                .getFirst();
        assertEquals(Leader.SECOND, reversed.leader());
        assertEquals(fatAbove.key(), reversed.winner());
    }

    private static AssessArmResult repeated(double[][] brackets, boolean extracted) {
        List<ArmResult> runs = new java.util.ArrayList<>();
        for (double[] b : brackets) {
            AssessArmResult run = virtual(bracketed(b[0], b[1]));
            runs.add(extracted ? withCapacity(extracted(run, 1), run.capacity()) : run);
        }
        return (AssessArmResult) RepeatedRuns.combine(runs);
    }

    @Test
    void anArmThatDiedIsNotComparedOnCapacity() {
        AssessArmResult fat = virtual(bracketed(400, 420));
        AssessArmResult died = extracted(fat, 1);
        died = new AssessArmResult(died.key(), died.setup(), died.curve(), bracketed(900, 950), died.costs(),
                died.pinning(), "it died", WatchReport.completed(List.of()).died(), died.switched(), null, null);
        ExtractionEffect effect = effects(EXTRACTED.findings(List.<ArmResult>of(fat, died))).getFirst();
        assertFalse(effect.compared());
        assertEquals(Leader.NEITHER, effect.leader());
        assertNull(effect.why());
        // Reversed: the same arm alive is compared.
        assertTrue(effects(EXTRACTED.findings(List.<ArmResult>of(fat, withCapacity(extracted(fat, 1),
                bracketed(900, 950))))).getFirst().compared());
    }

    @Test
    void stallsChangeOnlyWhenTheCountsSplitMoreUnevenlyThanChance() {
        ExtractionEffect few = ExtractionEffect.judge(AssessFixtures.key(AssessFixtures.VIRTUAL, null, 25),
                ExtractedJar.of(AssessFixtures.key(AssessFixtures.VIRTUAL, null, 25)), bracketed(1, 2), bracketed(1, 2),
                null, 10.0, 10.0, 1, 0);
        assertFalse(few.stallsChanged());
        ExtractionEffect many = ExtractionEffect.judge(few.fat(), few.extracted(), bracketed(1, 2), bracketed(1, 2),
                null, 10.0, 10.0, 9, 0);
        assertTrue(many.stallsChanged());
    }
}
