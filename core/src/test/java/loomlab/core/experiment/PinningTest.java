package loomlab.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.Endpoint.Sleep.Holding;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.ParamValue;
import loomlab.core.arm.PinningArmPlan;
import loomlab.core.breakage.Breakage;
import loomlab.core.breakage.BreakageFixtures;
import loomlab.core.breakage.DumpCounts;
import loomlab.core.breakage.Hang;
import loomlab.core.breakage.Outcome;
import loomlab.core.breakage.WatchReport;
import loomlab.core.finding.AgainstBound;
import loomlab.core.finding.ArmHung;
import loomlab.core.finding.Finding;
import loomlab.core.finding.HungOnSomeJdks;
import loomlab.core.finding.NotMeasured;
import loomlab.core.finding.PinnedByJdk;
import loomlab.core.finding.PinningCollapse;
import loomlab.core.finding.Workaround;
import org.junit.jupiter.api.Test;

class PinningTest {
    private final Pinning experiment = new Pinning();
    private final List<PinningArmPlan> onBoth = OnJdks.apply(experiment.plan(Profile.QUICK), experiment.jdks())
            .stream().map(p -> (PinningArmPlan) p).toList();

    private PinningArmPlan arm(String variant, int jdk) {
        return onBoth.stream().filter(p -> p.key().has(Pinning.CASE, ParamValue.named(variant)) && p.key().jdk() == jdk).findFirst()
                .orElseThrow();
    }

    @Test
    void plansEachVariantOnJdk21AndJdk25WithTwoCarriers() {
        assertEquals(List.of(21, 25), experiment.jdks());
        assertEquals(10, onBoth.size());
        assertEquals("loomcat virtual, 8 users, synchronized, JDK 21", onBoth.getFirst().name());
        assertEquals("loomcat platform:8, 8 users, platform, JDK 25", arm("platform", 25).name());
        assertEquals(new Endpoint.Sleep(50, Holding.SHARED_LOCK), arm("deadlock", 21).http().endpoint());
        assertEquals(new Endpoint.Hello(), arm("deadlock", 21).http().load().warmup().endpoint(),
                "a warm-up of the deadlock itself would hang before the arm began");
        assertEquals(List.of("-Djdk.virtualThreadScheduler.parallelism=2",
                "-Djdk.virtualThreadScheduler.maxPoolSize=2"), onBoth.getFirst().carrierFlags());
        assertTrue(onBoth.getFirst().http().load().duration().toSeconds() <= 4);
    }

    @Test
    void theSynchronizedCollapseIsPutDownToPinningOnlyWhenTheRecordingCaughtItNearCarriersOverW() {
        List<Finding> findings = experiment.findings(results(19.5, 40, 78, 0));
        PinningCollapse collapse = FindingsOf.only(findings, PinningCollapse.class);
        assertTrue(collapse.collapsedToCarriers());
        assertEquals(20.0, collapse.carriersBoundRps(), 1e-9);
        assertEquals(80.0, collapse.usersBoundRps(), 1e-9);
        assertEquals(78 / 19.5, collapse.ratio(), 1e-9);

        List<Finding> unpinned = experiment.findings(results(19.5, 0, 78, 0));
        assertFalse(FindingsOf.only(unpinned, PinningCollapse.class).collapsedToCarriers(),
                "no pinned event was recorded, so pinning is not the measured cause");
        List<Finding> noCollapse = experiment.findings(results(77, 40, 78, 0));
        assertFalse(FindingsOf.only(noCollapse, PinningCollapse.class).collapsedToCarriers());
    }

    @Test
    void theWorkaroundIsClaimedOnlyWhenTheLockPinnedNothingWhereSynchronizedPinnedCountsNotOneRunsRates() {
        assertEquals(1, FindingsOf.all(experiment.findings(results(19.5, 40, 78, 0)), Workaround.class).size());
        // Its rates are one figure each, which name no lead: a slower lock that pinned nothing still shows it.
        List<ArmResult> lockSlow = new ArrayList<>(results(19.5, 40, 78, 0));
        lockSlow.replaceAll(a -> a.key().equals(arm("reentrant-lock", 21).key())
                ? measured(arm("reentrant-lock", 21), 19.0, 0L, null) : a);
        assertEquals(1, FindingsOf.all(experiment.findings(lockSlow), Workaround.class).size());
        // Reversed: the lock pinned, or synchronized pinned nothing: no workaround to show.
        List<ArmResult> lockPinned = new ArrayList<>(results(19.5, 40, 78, 0));
        lockPinned.replaceAll(a -> a.key().equals(arm("reentrant-lock", 21).key())
                ? measured(arm("reentrant-lock", 21), 78, 3L, null) : a);
        assertTrue(FindingsOf.all(experiment.findings(lockPinned), Workaround.class).isEmpty());
        assertTrue(FindingsOf.all(experiment.findings(results(78, 0, 78, 0)), Workaround.class).isEmpty());
    }

    @Test
    void theDeadlockArmReportsHowItEndedOnEachJdkAndNoBoundForTheHungOne() {
        List<Finding> findings = experiment.findings(results(19.5, 40, 78, 0));
        ArmHung hung = FindingsOf.only(findings, ArmHung.class);
        assertEquals(arm("deadlock", 21).key(), hung.arm());
        assertTrue(hung.hang().deadlocked(), "decided on the dumps: every carrier pinned, the holder unmounted");
        HungOnSomeJdks some = FindingsOf.only(findings, HungOnSomeJdks.class);
        assertEquals(List.of(21), some.hungOn());
        assertEquals(List.of(new HungOnSomeJdks.Completed(25, Math.round(19.8 * 4))), some.completed());
        assertTrue(FindingsOf.all(findings, AgainstBound.class).stream()
                .noneMatch(b -> b.arm().equals(arm("deadlock", 21).key())));
    }

    @Test
    void aHangWhoseDumpsShowNoDeadlockIsNotCalledOne() {
        List<ArmResult> results = new ArrayList<>(results(19.5, 40, 78, 0));
        Hang stalled = new Hang(5, 3.2, 8, 4, new Breakage.Unclassified("the dumps fit no kind the lab knows",
                new DumpCounts(2, 0, 0, 0, 0, 8, 20)), List.of("arms/a.json", "arms/b.json"), null);
        results.replaceAll(a -> a.key().equals(arm("deadlock", 21).key())
                ? measured(arm("deadlock", 21), 0.0, 0L, new WatchReport(true, Outcome.HUNG, stalled, List.of())) : a);
        ArmHung hung = FindingsOf.only(experiment.findings(results), ArmHung.class);
        assertFalse(hung.hang().deadlocked(), "0 of 2 carriers pinned: a stall, not a deadlock");
    }

    @Test
    void jep491IsNamedOnlyWhereTheNewerJdkHasItPinnedNothingAndKeptUpWithItsUsers() {
        assertTrue(FindingsOf.only(experiment.findings(results(19.5, 40, 78, 0)), PinningCollapse.class)
                .freedByJep491());
        assertFalse(FindingsOf.only(experiment.findings(results(19.5, 40, 78, 3)), PinningCollapse.class)
                .freedByJep491(), "JDK 25 recorded pins");
        assertFalse(FindingsOf.only(experiment.findings(results(19.5, 40, 40, 0)), PinningCollapse.class)
                .freedByJep491(), "JDK 25 fell short of users / W (80 req/s)");
        List<PinningArmPlan> on23 = OnJdks.apply(experiment.plan(Profile.QUICK), List.of(21, 23)).stream()
                .map(p -> (PinningArmPlan) p).toList();
        List<ArmResult> results = new ArrayList<>();
        for (PinningArmPlan plan : on23) {
            boolean older = plan.key().jdk() == 21;
            results.add(measured(plan, older ? 19.5 : 78, older ? 40L : 0L, null));
        }
        assertFalse(FindingsOf.only(experiment.findings(results), PinningCollapse.class).freedByJep491(),
                "JDK 23 predates JEP 491: its speed is not JEP 491's doing");
    }

    @Test
    void whatEachJdkPinnedIsReportedPerVariant() {
        List<PinnedByJdk> pinned = FindingsOf.all(experiment.findings(results(19.5, 40, 78, 0)), PinnedByJdk.class);
        PinnedByJdk sync = pinned.stream().filter(p -> p.variant().equals("synchronized")).findFirst().orElseThrow();
        assertEquals(List.of(21), sync.pinnedOn());
        PinnedByJdk classInit = pinned.stream().filter(p -> p.variant().equals("class-init")).findFirst().orElseThrow();
        assertEquals(List.of(21, 25), classInit.pinnedOn());
    }

    @Test
    void aHungArmIsNotCountedAsPinningNothingAndPacingIsPutDownToPinsOnlyNearCarriersOverW() {
        List<PinnedByJdk> pinned = FindingsOf.all(experiment.findings(results(19.5, 40, 78, 0)), PinnedByJdk.class);
        assertTrue(pinned.stream().noneMatch(p -> p.variant().equals("deadlock")),
                "the deadlocked arm's pins never ended, so JFR wrote none; only one JDK is left to compare");
        PinnedByJdk classInit = pinned.stream().filter(p -> p.variant().equals("class-init")).findFirst().orElseThrow();
        assertTrue(classInit.jdks().stream().allMatch(PinnedByJdk.OnJdk::atCarriersBound), "19.6 req/s against 20");
        PinnedByJdk sync = pinned.stream().filter(p -> p.variant().equals("synchronized")).findFirst().orElseThrow();
        assertEquals(List.of(true, false), sync.jdks().stream().map(PinnedByJdk.OnJdk::atCarriersBound).toList(),
                "JDK 25 pinned nothing, so its pace is not the pins'");

        List<PinnedByJdk> fastDespitePins = FindingsOf.all(experiment.findings(results(77, 40, 78, 0)),
                PinnedByJdk.class);
        assertFalse(fastDespitePins.stream().filter(p -> p.variant().equals("synchronized")).findFirst()
                .orElseThrow().jdks().getFirst().atCarriersBound(), "77 req/s is nowhere near carriers / W");
    }

    @Test
    void withOneJdkThereIsNothingToCompare() {
        List<ArmResult> only25 = results(19.5, 40, 78, 0).stream().filter(a -> a.key().jdk() == 25).toList();
        assertTrue(FindingsOf.only(experiment.findings(only25), NotMeasured.class).needed().contains("two JDKs"));
    }

    /** Every arm on both JDKs: synchronized at the given rates and pinned events, the rest as the JDKs behave. */
    private List<ArmResult> results(double sync21Rps, long sync21Events, double sync25Rps, long sync25Events) {
        List<ArmResult> results = new ArrayList<>();
        for (PinningArmPlan plan : onBoth) {
            int jdk = plan.key().jdk();
            String variant = plan.key().param(Pinning.CASE).orElseThrow().toString();
            results.add(switch (variant) {
                case "synchronized" -> jdk == 21 ? measured(plan, sync21Rps, sync21Events, null)
                        : measured(plan, sync25Rps, sync25Events, null);
                case "reentrant-lock", "platform" -> measured(plan, 78, 0L, null);
                case "class-init" -> measured(plan, 19.6, 40L, null);
                case "deadlock" -> jdk == 21 ? measured(plan, 0.0, 4L, BreakageFixtures.deadlockedOnJdk21("arms/dl"))
                        : measured(plan, 19.8, 0L, null);
                default -> throw new IllegalStateException(variant);
            });
        }
        return results;
    }

    private static HttpArmResult measured(PinningArmPlan plan, double rps, Long pinnedEvents, WatchReport watch) {
        HttpArmResult result = ArmFixtures.measured(plan.http(), Math.round(rps * 4), 4, 100)
                .withPinning(pinnedEvents, pinnedEvents * 100.0, List.of());
        return result.withWatch(watch == null ? WatchReport.completed(List.of()) : watch, plan.carriers());
    }
}
