package loomlab.core.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ParamValue;
import loomlab.core.arm.Published;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.core.assess.Assessment;
import loomlab.core.assess.Capacity;
import loomlab.core.assess.PinningFigures;
import loomlab.core.breakage.BreakageFixtures;
import loomlab.core.experiment.Reactive;
import loomlab.core.finding.AgainstPublished;
import loomlab.core.finding.ArmHung;
import loomlab.core.finding.ArmsNotSwitched;
import loomlab.core.finding.CapacityLead;
import loomlab.core.finding.Finding;
import loomlab.core.finding.FlaggedLeads;
import loomlab.core.finding.Lead;
import loomlab.core.finding.Measure;
import loomlab.core.finding.PinningSitesFound;
import loomlab.core.finding.PublishedLead;
import loomlab.core.finding.PublishedOverBound;
import loomlab.core.finding.VirtualVersusReactive;
import org.junit.jupiter.api.Test;

/** The overview's status, from the findings alone, tested with the figures reversed. */
class OverviewTest {
    private static final Assessment ASSESSMENT = new Assessment("app.jar", 8, List.of(21, 25));
    private static final ArmKey VIRTUAL = new ArmKey(ServerId.LOOMCAT, ServingModel.parse("virtual"), 20, null, null, Map.of());
    private static final ArmKey POOL = new ArmKey(ServerId.LOOMCAT, ServingModel.parse("platform:10"), 20, null, null, Map.of());

    private static Overview.Row row(Finding... findings) {
        return Overview.row("x", "a question?", List.of(findings));
    }

    private static PublishedLead seed(double virtual, double pool) {
        return new PublishedLead(Measure.ELAPSED, VIRTUAL, new Published(virtual, "s", "seed"), POOL,
                new Published(pool, "s", "seed"));
    }

    @Test
    void theSeedsRatioInTheSameDirectionWithinTenPercentIsReproduced() {
        Overview.Row close = row(new Lead(Measure.ELAPSED, VIRTUAL, 9.0, POOL, 16.0), seed(12.21, 21.21));
        assertEquals(Overview.Status.REPRODUCED, close.status(), "ours 0.56, the seed's 0.58");
        assertEquals(21.21, close.published().secondValue());
        assertEquals(21.21 / 12.21, close.published().advantage(), 1e-9, "a time: the other's over this one's");
        Overview.Row far = row(new Lead(Measure.ELAPSED, VIRTUAL, 9.0, POOL, 18.0), seed(12.21, 15.0));
        assertEquals(Overview.Status.DIFFERS, far.status(), "ours 0.50, the seed's 0.81");
        Overview.Row reversed = row(new Lead(Measure.ELAPSED, VIRTUAL, 16.0, POOL, 9.0), seed(12.21, 21.21));
        assertEquals(Overview.Status.DIFFERS, reversed.status(), "the other arm led");
        PublishedLead otherSetting = new PublishedLead(Measure.ELAPSED, VIRTUAL, new Published(12.21, "s", "seed")
                .changedSetting("; this profile sleeps 0.5 s"), POOL, new Published(21.21, "s", "seed")
                .changedSetting("; this profile sleeps 0.5 s"));
        Overview.Row notCompared = row(new Lead(Measure.ELAPSED, VIRTUAL, 9.0, POOL, 16.0), otherSetting);
        assertEquals(Overview.Status.NOT_COMPARED, notCompared.status(), "the seed's ratio of another setting");
    }

    @Test
    void oursIsSetInTheSeedsOrderWhateverOrderOurComparisonHad() {
        Overview.Row swapped = row(new Lead(Measure.ELAPSED, POOL, 16.0, VIRTUAL, 9.0), seed(12.21, 21.21));
        assertEquals(VIRTUAL, swapped.ours().first());
        assertEquals(9.0, swapped.ours().firstValue());
        assertEquals(Overview.Status.REPRODUCED, swapped.status());
    }

    @Test
    void withoutTheSeedsRatioTheKeyArmsOwnFigureDecides() {
        Finding lead = new Lead(Measure.GOODPUT, VIRTUAL, 390, POOL, 19.2);
        Overview.Row differs = row(lead, new AgainstPublished(VIRTUAL, Measure.THROUGHPUT, 390,
                new Published(213, "req/s", "seed")));
        assertEquals(Overview.Status.DIFFERS, differs.status());
        assertEquals(213, differs.published().firstValue());
        Overview.Row close = row(lead, new AgainstPublished(VIRTUAL, Measure.THROUGHPUT, 390,
                new Published(380, "req/s", "seed")));
        assertEquals(Overview.Status.REPRODUCED, close.status());
        Overview.Row otherArm = row(lead, new AgainstPublished(POOL, Measure.THROUGHPUT, 19.2,
                new Published(19.0, "req/s", "seed")));
        assertEquals(Overview.Status.REPRODUCED, otherArm.status(), "the seed's figure of another arm stands in");
        assertEquals(POOL, otherArm.ours().first());
        Overview.Row otherArmFar = row(lead, new AgainstPublished(POOL, Measure.THROUGHPUT, 19.2,
                new Published(17.2, "req/s", "seed")));
        assertEquals(Overview.Status.DIFFERS, otherArmFar.status(), "reversed: 19.2 against 17.2");
    }

    @Test
    void aSeedThroughputAndOurTimeAreComparedEachTheirOwnWay() {
        PublishedLead throughput = new PublishedLead(Measure.THROUGHPUT, VIRTUAL, new Published(80.8, "req/s", "seed"),
                POOL, new Published(91.4, "req/s", "seed"));
        Overview.Row opposite = row(new Lead(Measure.ELAPSED, VIRTUAL, 3.10, POOL, 3.50), throughput);
        assertEquals(Overview.Status.DIFFERS, opposite.status(), "the seed's pool led, ours did not");
        Overview.Row same = row(new Lead(Measure.ELAPSED, VIRTUAL, 3.50, POOL, 3.10), throughput);
        assertEquals(Overview.Status.REPRODUCED, same.status(), "ours 0.89 against the seed's 0.88, the pool ahead");
    }

    @Test
    void oursSkipsAComparisonRestingOnAFlaggedArmAndSaysSoWhenNoOtherIsLeft() {
        Finding poolLed = FlaggedLeads.POOL_LED_AT_200;
        Finding virtualLed = FlaggedLeads.VIRTUAL_LED_AT_20;
        Overview.Row clean = row(poolLed, virtualLed, FlaggedLeads.dropped(FlaggedLeads.VIRTUAL_200));
        assertEquals(FlaggedLeads.VIRTUAL_20, clean.ours().first());
        assertFalse(clean.flagged());
        Overview.Row reversed = row(poolLed, virtualLed, FlaggedLeads.dropped(FlaggedLeads.POOL_20));
        assertEquals(FlaggedLeads.VIRTUAL_200, reversed.ours().first());
        assertFalse(reversed.flagged());
        Overview.Row onlyFlagged = row(poolLed, FlaggedLeads.dropped(FlaggedLeads.VIRTUAL_200));
        assertEquals(FlaggedLeads.VIRTUAL_200, onlyFlagged.ours().first());
        assertTrue(onlyFlagged.flagged());
    }

    @Test
    void theSeedsFiguresForBothArmsAreComparedAsARatioNotAsOneArmsAbsoluteFigure() {
        // Seed 001: platform 313 ms, virtual 21,686 ms of summed light-task delay (69.3x); ours 67.6x on a
        // machine whose absolute delays are twelve times the seed's.
        Finding lead = new Lead(Measure.LIGHT_DELAY_SUM, POOL, 3_765, VIRTUAL, 254_639);
        Finding seedPool = new AgainstPublished(POOL, Measure.LIGHT_DELAY_SUM, 3_765, new Published(313, "ms", "seed"));
        Finding seedVirtual = new AgainstPublished(VIRTUAL, Measure.LIGHT_DELAY_SUM, 254_639,
                new Published(21_686, "ms", "seed"));
        Overview.Row ratio = row(lead, seedPool, seedVirtual);
        assertEquals(Overview.Status.REPRODUCED, ratio.status(), "67.6x against the seed's 69.3x");
        assertEquals(313, ratio.published().firstValue());
        assertEquals(21_686, ratio.published().secondValue());
        Overview.Row reversed = row(new Lead(Measure.LIGHT_DELAY_SUM, POOL, 254_639, VIRTUAL, 3_765), seedPool,
                seedVirtual);
        assertEquals(Overview.Status.DIFFERS, reversed.status(), "virtual threads led, the seed's platform threads");
        Overview.Row changed = row(lead, new AgainstPublished(POOL, Measure.LIGHT_DELAY_SUM, 3_765,
                new Published(313, "ms", "seed").changedSetting(" (fewer rounds)")), new AgainstPublished(VIRTUAL,
                Measure.LIGHT_DELAY_SUM, 254_639, new Published(21_686, "ms", "seed").changedSetting(" (fewer rounds)")));
        assertEquals(Overview.Status.NOT_COMPARED, changed.status(), "the seed's figures of another setting: quoted");
        assertEquals(null, changed.published());
        Overview.Row oneArm = row(lead, seedPool);
        assertEquals(Overview.Status.DIFFERS, oneArm.status(), "with one arm's figure, that figure decides");
        assertEquals(313, oneArm.published().firstValue());
    }

    @Test
    void noSeedFigureIsNew() {
        Overview.Row fresh = row(new Lead(Measure.GOODPUT, VIRTUAL, 79, POOL, 20));
        assertEquals(Overview.Status.NEW, fresh.status());
        assertNull(fresh.published());
        assertEquals(79, fresh.ours().firstValue());
        assertEquals(Overview.Status.NEW, row().status());
        Overview.Row otherSetting = row(new Lead(Measure.GOODPUT, VIRTUAL, 79, POOL, 20),
                new PublishedOverBound(POOL, new Published(21.21, "s", "seed"), 18, 3));
        assertEquals(Overview.Status.NOT_COMPARED, otherSetting.status(), "the seed measured a setting not run");
        assertNull(row().ours());
    }

    @Test
    void theReactiveRowSetsVirtualThreadsCapacityBesideWebFluxsEitherWayRound() {
        ArmKey virtual = new ArmKey(ServerId.SPRING, ServingModel.parse("virtual"), null, null, null, Map.of("workload", ParamValue.named("downstream call")));
        ArmKey reactive = new ArmKey(ServerId.WEBFLUX, ServingModel.parse("reactive"), null, null, null, Map.of("workload", ParamValue.named("downstream call")));
        for (double[] figures : List.of(new double[] {1530, 3650}, new double[] {3650, 1530})) {
            VirtualVersusReactive v = VirtualVersusReactive.of("downstream call", virtual, bracket(figures[0]),
                    reactive, bracket(figures[1]), null, null, null);
            ExperimentResult result = new ExperimentResult("reactive", "s", "q?", "quick", List.of(), List.of(v),
                    new Reactive());
            Overview.Row row = Overview.rows(result).getFirst();
            assertEquals(Overview.Status.NEW, row.status(), "no seed measured it");
            assertEquals(figures[0], row.ours().firstValue());
            assertEquals(figures[1], row.ours().secondValue());
            assertEquals(figures[0] / figures[1], row.ours().advantage(), 1e-9);
            assertEquals(reactive, row.capacity().platform(), "the brackets, WebFlux's in the other arm's place");
            assertEquals(figures[0], row.capacity().virtualCapacity().low());
        }
    }

    @Test
    void anAssessmentHasARowPerJdkAndAJdkWhoseVirtualArmHungKeepsItsRowWithTheHang() {
        ArmKey virtual21 = new ArmKey(ServerId.SERVICE, ServingModel.parse("virtual"), null, 8, 21, Map.of());
        ArmKey platform21 = new ArmKey(ServerId.SERVICE, ServingModel.parse("platform:8"), null, 8, 21, Map.of());
        for (int hungOn : List.of(21, 25)) {
            int completedOn = hungOn == 21 ? 25 : 21;
            ArmHung hang = new ArmHung(virtual21.withJdk(hungOn), BreakageFixtures.deadlockedOnJdk21("arms/x").hang());
            CapacityLead lead = CapacityLead.of(platform21.withJdk(completedOn), bracket(10.9),
                    virtual21.withJdk(completedOn), bracket(11.1));
            List<Finding> findings = List.of(hang, lead, sites(platform21.withJdk(25)), sites(virtual21.withJdk(25)),
                    sites(platform21), sites(virtual21));
            List<Overview.Row> rows = Overview.rows(new ExperimentResult("assess", "s", "q?", "quick", List.of(),
                    findings, ASSESSMENT));
            assertEquals(List.of(21, 25), rows.stream().map(Overview.Row::jdk).toList(),
                    "oldest first, though the arms ran on 25 first");
            Overview.Row hungRow = rows.stream().filter(r -> r.jdk() == hungOn).findFirst().orElseThrow();
            Overview.Row completedRow = rows.stream().filter(r -> r.jdk() == completedOn).findFirst().orElseThrow();
            assertEquals(hang, hungRow.uncompared());
            assertNull(hungRow.capacity());
            assertEquals(lead, completedRow.capacity());
            assertNull(completedRow.uncompared());
        }
    }

    @Test
    void anAssessmentWhoseArmsWereNotSwitchedSaysSoInItsRow() {
        ArmKey virtual = new ArmKey(ServerId.SERVICE, ServingModel.parse("virtual"), null, 8, 25, Map.of());
        ArmKey platform = new ArmKey(ServerId.SERVICE, ServingModel.parse("platform:8"), null, 8, 25, Map.of());
        ArmsNotSwitched notSwitched = new ArmsNotSwitched(platform, virtual, ArmsNotSwitched.Reason.CANNOT_SWITCH,
                "the command has no {threads}");
        List<Overview.Row> rows = Overview.rows(new ExperimentResult("assess", "s", "q?", "quick", List.of(),
                List.of(notSwitched, sites(platform), sites(virtual)), ASSESSMENT));
        assertEquals(1, rows.size());
        assertEquals(notSwitched, rows.getFirst().uncompared());
        assertNull(rows.getFirst().ours());
    }

    private static PinningSitesFound sites(ArmKey arm) {
        return new PinningSitesFound(arm, new PinningFigures(0L, 0.0, List.of()), false, null);
    }

    private static Capacity bracket(double low) {
        return new Capacity(Capacity.Kind.BRACKETED, low, low, low * 1.05, null, List.of());
    }
}
