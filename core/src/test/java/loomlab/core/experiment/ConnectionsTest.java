package loomlab.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import loomlab.core.arm.ArmFlag;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ConnectionsArmPlan;
import loomlab.core.arm.ConnectionsArmResult;
import loomlab.core.arm.ConnectionsArmResult.ClientCosts;
import loomlab.core.arm.ConnectionsArmResult.ConnectionCap;
import loomlab.core.arm.ConnectionsArmResult.ConnectionLimit;
import loomlab.core.arm.FailedArm;
import loomlab.core.finding.ConnectionsHeld;
import loomlab.core.finding.Finding;
import loomlab.core.finding.Flagged;
import loomlab.core.finding.Lead;
import loomlab.core.finding.Leader;
import loomlab.core.finding.Measure;
import loomlab.core.finding.NotMeasured;
import loomlab.threads.Threads;
import org.junit.jupiter.api.Test;

/** The connections experiment's plan and findings, from fixed figures, each claim in both directions. */
class ConnectionsTest {
    private static final ConnectionCap FILES = new ConnectionCap(19_744, "RLIMIT_NOFILE", 20_000);

    @Test
    void theProfilesSetTheCountsAndTheUserOverridesThem() {
        assertEquals(List.of(10_000, 10_000), counts(new Connections(), Profile.QUICK));
        assertEquals(List.of(100_000, 100_000), counts(new Connections(), Profile.FULL));
        assertEquals(List.of(2_000, 2_000), counts(new Connections(new Connections.Settings(2_000, null, null, null)),
                Profile.FULL));
        ConnectionsArmPlan quick = (ConnectionsArmPlan) new Connections().plan(Profile.QUICK).getFirst();
        assertEquals(3_000, quick.intervalMs());
        assertEquals(3, quick.holdS());
        assertEquals(Connections.DEFAULT_CONNECT_RATE, quick.connectRatePerS());
        assertFalse(quick.virtual());
        assertEquals("platform", quick.name());
    }

    @Test
    void badSettingsNameTheirRange() {
        for (int bad : List.of(0, -1, 1_000_001)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new Connections.Settings(bad, null, null, null));
            assertTrue(e.getMessage().startsWith("--connections must be from 1 to 1,000,000"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> new Connections.Settings(null, 0, null, null));
        assertThrows(IllegalArgumentException.class, () -> new Connections.Settings(null, null, 5, null));
    }

    @Test
    void virtualThreadsTakeLessMemoryOrThePlatformArmDoesButOneRunNamesNoLead() {
        List<Finding> findings = new Connections().findings(List.of(arm("platform", 10_000, 10_000, 40.0, 2.0),
                arm("virtual", 10_000, 10_000, 5.0, 2.5)));
        Lead memory = lead(findings, Measure.RSS_PER_CONNECTION);
        assertEquals(Leader.FIRST, memory.ahead());
        assertEquals(Leader.NEITHER, memory.leader(), "one run measured no spread");
        assertEquals(8.0, memory.factor(), 1e-9);
        assertEquals(Leader.SECOND, lead(findings, Measure.MESSAGE_P99).ahead(), "the same count: round trips compare");
        assertTrue(findings.stream().noneMatch(f -> f instanceof Lead l && l.measure() == Measure.CONNECTIONS_HELD));

        List<Finding> reversed = new Connections().findings(List.of(arm("platform", 10_000, 10_000, 5.0, 2.5),
                arm("virtual", 10_000, 10_000, 40.0, 2.0)));
        assertEquals(Leader.SECOND, lead(reversed, Measure.RSS_PER_CONNECTION).ahead());
    }

    @Test
    void anArmStoppedByALimitIsNamedAndRoundTripsAtDifferentCountsAreNotCompared() {
        ConnectionsArmResult platform = withLimit(arm("platform", 100_000, 8_000, 40.0, 2.0),
                new ConnectionLimit("OutOfMemoryError: unable to create native thread", null, 8_000));
        ConnectionsArmResult virtual = withLimit(arm("virtual", 100_000, 19_744, 5.0, 2.0),
                new ConnectionLimit("RLIMIT_NOFILE", 20_000L, 19_744));
        List<Finding> findings = new Connections().findings(List.of(platform, virtual));
        List<ConnectionsHeld> held = FindingsOf.all(findings, ConnectionsHeld.class);
        assertEquals(2, held.size());
        assertEquals(8_000, held.getFirst().limit().reachedAt());
        assertEquals(List.of(), held.getFirst().further(), "the cap itself is not a further limit");
        assertTrue(held.get(1).heldAllowed(), "held all the limit allowed, without an error");
        assertEquals(Leader.FIRST, lead(findings, Measure.CONNECTIONS_HELD).ahead());
        assertTrue(findings.stream().noneMatch(f -> f instanceof Lead l && l.measure() == Measure.MESSAGE_P99));

        List<Finding> reversed = new Connections().findings(List.of(
                withLimit(arm("platform", 100_000, 19_744, 40.0, 2.0), virtual.limit()),
                withLimit(arm("virtual", 100_000, 8_000, 5.0, 2.0), platform.limit())));
        assertEquals(Leader.SECOND, lead(reversed, Measure.CONNECTIONS_HELD).ahead());
    }

    /** Issue 41, item 10: the lab's cap is a prediction, held apart from a limit the ramp met by itself. */
    @Test
    void item10AnArmTheLabCappedHeldWhatItWasAllowedWithNoLimitReached() {
        ConnectionsArmResult capped = withCap(arm("virtual", 100_000, 19_744, 5.0, 2.0), FILES);
        ConnectionsHeld held = FindingsOf.only(new Connections().findings(List.of(capped)), ConnectionsHeld.class);
        assertEquals(FILES, held.cappedAt());
        assertEquals(null, held.limit(), "no limit was met: the lab asked for no more");
        assertTrue(held.heldAllowed(), "all the cap allowed, without an error");
        assertFalse(FindingsOf.only(new Connections().findings(List.of(withCap(arm("virtual", 100_000, 19_000, 5.0,
                2.0), FILES))), ConnectionsHeld.class).heldAllowed(), "short of its own cap, with no limit met");
    }

    @Test
    void item10ReversedARampThatFailedByItselfKeepsItsLimitAndNoCap() {
        ConnectionsArmResult stopped = withLimit(arm("platform", 100_000, 8_000, 40.0, 2.0),
                new ConnectionLimit("OutOfMemoryError: unable to create native thread", null, 8_000));
        ConnectionsHeld held = FindingsOf.only(new Connections().findings(List.of(stopped)), ConnectionsHeld.class);
        assertEquals(null, held.cappedAt());
        assertEquals(8_000, held.limit().reachedAt());
        assertTrue(held.heldAllowed());
    }

    /** Issue 41, item 11: RSS with the connections open not above the idle RSS is a failed reading, not 0 KB. */
    @Test
    void item11ANegativeMemoryDifferenceIsUnknownAndFlaggedNeverZero() {
        assertEquals(null, ConnectionsArmResult.rssPerConnectionKb(50.0, 52.0, 10_000), "below idle: failed");
        assertEquals(null, ConnectionsArmResult.rssPerConnectionKb(52.0, 52.0, 10_000), "equal: no connection costs 0");
        assertEquals(null, ConnectionsArmResult.rssPerConnectionKb(null, 52.0, 10_000));
        assertEquals(null, ConnectionsArmResult.rssPerConnectionKb(90.0, 52.0, 0), "nothing held");
        ConnectionsArmResult failed = withMemory(arm("virtual", 10_000, 10_000, 5.0, 2.0), 50.0, 52.0);
        List<Finding> findings = new Connections().findings(List.of(arm("platform", 10_000, 10_000, 40.0, 2.0),
                failed));
        assertEquals(null, FindingsOf.all(findings, ConnectionsHeld.class).get(1).rssPerConnectionKb());
        assertEquals(List.of(new ArmFlag.RssNotAboveIdle(50.0, 52.0)), FindingsOf.only(findings, Flagged.class).flags());
        assertTrue(findings.stream().noneMatch(f -> f instanceof Lead l && l.measure() == Measure.RSS_PER_CONNECTION),
                "no memory lead rests on a failed reading");
    }

    @Test
    void item11ReversedMemoryAboveIdleGivesItsFigurePerConnectionAndNoFlag() {
        assertEquals((90.0 - 52.0) * 1024 / 10_000, ConnectionsArmResult.rssPerConnectionKb(90.0, 52.0, 10_000), 1e-12);
        ConnectionsArmResult grew = withMemory(arm("virtual", 10_000, 10_000, 5.0, 2.0), 90.0, 52.0);
        assertFalse(grew.rssNotAboveIdle());
        assertTrue(FindingsOf.all(new Connections().findings(List.of(grew)), Flagged.class).isEmpty());
    }

    @Test
    void errorsBelowTheTargetAreNotHoldingWhatWasAllowed() {
        ConnectionsArmResult failing = new ConnectionsArmResult(ArmKey.program(Threads.VIRTUAL), 10_000, 9_000, 1.0,
                9_000.0, 100.0, 50.0, 5.0, 100.0, 20, 1.0, 10.0, 1_000, 0.2, 1.0, 3.0, 1_000,
                new ConnectionsArmResult.ConnectionError("reset", "Connection reset"), null, FILES, List.of(FILES), null, 5_000,
                10_000, List.of(), null, null);
        ConnectionsHeld held = FindingsOf.only(new Connections().findings(List.of(failing)), ConnectionsHeld.class);
        assertFalse(held.heldAllowed());
        assertEquals("reset", held.firstError().kind());
    }

    @Test
    void aClientBehindItsScheduleFlagsItsArmAndOneOnScheduleDoesNot() {
        ConnectionsArmResult behind = withClient(arm("virtual", 10_000, 10_000, 5.0, 900.0),
                new ClientCosts(3.0, 80.0, 900.0, true));
        Flagged flagged = FindingsOf.only(new Connections().findings(List.of(arm("platform", 10_000, 10_000, 40.0,
                2.0), behind)), Flagged.class);
        assertEquals(List.of(new ArmFlag.ClientBehind(900.0, 5_000)), flagged.flags());
        assertTrue(FindingsOf.all(new Connections().findings(List.of(arm("platform", 10_000, 10_000, 40.0, 2.0),
                arm("virtual", 10_000, 10_000, 5.0, 2.0))), Flagged.class).isEmpty());
    }

    @Test
    void aSkippedArmLeavesNoComparisonAndSaysWhatIsMissing() {
        ArmPlan platform = new Connections().plan(Profile.QUICK).getFirst();
        List<Finding> findings = new Connections().findings(List.of(FailedArm.skipped(platform, "no root"),
                arm("virtual", 10_000, 10_000, 5.0, 2.0)));
        assertEquals(1, FindingsOf.all(findings, ConnectionsHeld.class).size());
        assertEquals(1, FindingsOf.only(findings, NotMeasured.class).arms().size());
        assertTrue(FindingsOf.all(findings, Lead.class).isEmpty());
    }

    private static Lead lead(List<Finding> findings, Measure measure) {
        return findings.stream().filter(f -> f instanceof Lead l && l.measure() == measure).map(Lead.class::cast)
                .findFirst().orElseThrow(() -> new AssertionError("no " + measure + " lead in " + findings));
    }

    private static List<Integer> counts(Connections experiment, Profile profile) {
        return experiment.plan(profile).stream().map(p -> ((ConnectionsArmPlan) p).connections()).toList();
    }

    private static ConnectionsArmResult arm(String mode, int target, int held, double kbEach, double p99Ms) {
        return new ConnectionsArmResult(ArmKey.program(Threads.parse(mode)), target, held, 2.0, held / 2.0, 40 + held * kbEach
                / 1024, 40.0, kbEach, held * 0.1, mode.equals("virtual") ? 20 : held + 20, 1.5, 12.0, held * 2L,
                p99Ms / 2, p99Ms, p99Ms * 2, 0, null, null, FILES, List.of(FILES), new ClientCosts(1.0, 60.0, 3.0, false), 5_000,
                10_000, List.of(), null, null);
    }

    private static ConnectionsArmResult withLimit(ConnectionsArmResult arm, ConnectionLimit limit) {
        return new ConnectionsArmResult(arm.key(), arm.connectionsTarget(), arm.connectionsHeld(), arm.connectSeconds(),
                arm.connectRatePerS(), arm.rssMb(), arm.rssBaselineMb(), arm.rssPerConnectionKb(), arm.socketMemoryKb(),
                arm.threads(), arm.serverCpuS(), arm.cpuPerMessageUs(), arm.messages(), arm.messageP50Ms(),
                arm.messageP99Ms(), arm.messageMaxMs(), arm.errors(), arm.firstError(), limit, arm.expectedCap(),
                arm.limitsInForce(), arm.client(), arm.intervalMs(), arm.connectRateTargetPerS(), arm.rssByConnections(),
                arm.cappedAt(), arm.collections());
    }

    private static ConnectionsArmResult withCap(ConnectionsArmResult arm, ConnectionCap cap) {
        return new ConnectionsArmResult(arm.key(), arm.connectionsTarget(), arm.connectionsHeld(), arm.connectSeconds(),
                arm.connectRatePerS(), arm.rssMb(), arm.rssBaselineMb(), arm.rssPerConnectionKb(), arm.socketMemoryKb(),
                arm.threads(), arm.serverCpuS(), arm.cpuPerMessageUs(), arm.messages(), arm.messageP50Ms(),
                arm.messageP99Ms(), arm.messageMaxMs(), arm.errors(), arm.firstError(), arm.limit(), arm.expectedCap(),
                arm.limitsInForce(), arm.client(), arm.intervalMs(), arm.connectRateTargetPerS(), arm.rssByConnections(),
                cap, arm.collections());
    }

    /** The arm with these RSS readings, and its memory per connection computed from them as the runner does. */
    private static ConnectionsArmResult withMemory(ConnectionsArmResult arm, double rssMb, double idleMb) {
        return new ConnectionsArmResult(arm.key(), arm.connectionsTarget(), arm.connectionsHeld(), arm.connectSeconds(),
                arm.connectRatePerS(), rssMb, idleMb, ConnectionsArmResult.rssPerConnectionKb(rssMb, idleMb,
                arm.connectionsHeld()), arm.socketMemoryKb(),
                arm.threads(), arm.serverCpuS(), arm.cpuPerMessageUs(), arm.messages(), arm.messageP50Ms(),
                arm.messageP99Ms(), arm.messageMaxMs(), arm.errors(), arm.firstError(), arm.limit(), arm.expectedCap(),
                arm.limitsInForce(), arm.client(), arm.intervalMs(), arm.connectRateTargetPerS(), arm.rssByConnections(),
                arm.cappedAt(), arm.collections());
    }

    private static ConnectionsArmResult withClient(ConnectionsArmResult arm, ClientCosts client) {
        return new ConnectionsArmResult(arm.key(), arm.connectionsTarget(), arm.connectionsHeld(), arm.connectSeconds(),
                arm.connectRatePerS(), arm.rssMb(), arm.rssBaselineMb(), arm.rssPerConnectionKb(), arm.socketMemoryKb(),
                arm.threads(), arm.serverCpuS(), arm.cpuPerMessageUs(), arm.messages(), arm.messageP50Ms(),
                arm.messageP99Ms(), arm.messageMaxMs(), arm.errors(), arm.firstError(), arm.limit(), arm.expectedCap(),
                arm.limitsInForce(), client, arm.intervalMs(), arm.connectRateTargetPerS(), arm.rssByConnections(),
                arm.cappedAt(), arm.collections());
    }
}
