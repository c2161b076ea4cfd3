package loomlab.lab.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ConnectionsArmResult.ConnectionCap;
import loomlab.core.arm.ConnectionsArmResult.ConnectionError;
import loomlab.core.arm.ConnectionsArmResult.ConnectionLimit;
import loomlab.core.arm.ConnectionsArmResult.RssAroundCollections;
import loomlab.core.experiment.Connections;
import loomlab.core.finding.ConnectionsHeld;
import loomlab.threads.Threads;
import org.junit.jupiter.api.Test;

/** The sentence of each connections arm: what it held, the lab's cap or the limit that stopped it, the remedy. */
class ConnectionWordsTest {
    private static final ConnectionCap FILES = new ConnectionCap(19_744, "RLIMIT_NOFILE", 20_000);
    /** Both collections lowered the RSS. */
    private static final RssAroundCollections LOWERED = new RssAroundCollections(45.0, 44.6, 130.0, 120.0);

    @Test
    void anArmThatHeldItsTargetSaysSoWithItsCost() {
        assertEquals("Virtual threads held 10,000 of 10,000 connections, 4.80 KB of server RSS each, opened at 9,870"
                        + " per second, with 22 server threads.",
                ConnectionWords.held(new ConnectionsHeld(ArmKey.program(Threads.VIRTUAL), 10_000, 10_000, null, FILES, List.of(),
                        0, null, 4.8, 9_870.4, 22, null, LOWERED)));
    }

    /** Issue 41, item 10: the lab's cap is said as a cap, not as a limit the ramp stopped at. */
    @Test
    void item10AnArmTheLabCappedSaysCappedByTheLabNotStopped() {
        String words = ConnectionWords.held(new ConnectionsHeld(ArmKey.program(Threads.VIRTUAL), 100_000, 19_744, null,
                FILES, List.of(), 0, null, null, null, null, FILES, LOWERED));
        assertEquals("Virtual threads held 19,744 of 100,000 connections. Capped by the lab at 19,744, the open-files"
                + " limit less its reserve (RLIMIT_NOFILE 20,000 less the 256 files a JVM keeps for itself): it asked"
                + " for no more, so no limit was reached; to hold more, raise the open-files limit (ulimit -n, or"
                + " LimitNOFILE= for a systemd service).", words);
        assertFalse(words.contains("stopped"), words);
    }

    @Test
    void item10ReversedARampThatFailedByItselfStoppedAndSetsTheCapBesideIt() {
        assertEquals("Platform threads held 8,000 of 100,000 connections. It stopped at 8,000 on OutOfMemoryError:"
                        + " unable to create native thread; the limits in force allowed 19,744 (RLIMIT_NOFILE 20,000)."
                        + " 12 errors below any limit, the first reset: Connection reset.",
                ConnectionWords.held(new ConnectionsHeld(ArmKey.program(Threads.PLATFORM), 100_000, 8_000,
                        new ConnectionLimit("OutOfMemoryError: unable to create native thread", null, 8_000), FILES, List.of(),
                        12, new ConnectionError("reset", "Connection reset"), null, null, null, null, LOWERED)));
    }

    @Test
    void thePlatformArmAtTheLabsCapSaysWhichKernelLimitsComeNext() {
        assertEquals("Platform threads held 19,744 of 100,000 connections. Capped by the lab at 19,744, the open-files"
                        + " limit less its reserve (RLIMIT_NOFILE 20,000 less the 256 files a JVM keeps for itself): it"
                        + " asked for no more, so no limit was reached; to hold more, raise the open-files limit (ulimit"
                        + " -n, or LimitNOFILE= for a systemd service). Beyond it, kernel.pid_max (32,768) would stop it"
                        + " at 31,856 and vm.max_map_count (65,530) would stop it at 32,265.",
                ConnectionWords.held(new ConnectionsHeld(ArmKey.program(Threads.PLATFORM), 100_000, 19_744, null, FILES,
                        List.of(new ConnectionCap(31_856, "kernel.pid_max", 32_768),
                                new ConnectionCap(32_265, "vm.max_map_count", 65_530)), 0, null, null, null, null, FILES,
                        LOWERED)));
    }

    @Test
    void aCapFromAKernelLimitSaysHowTheLabComputedIt() {
        String words = ConnectionWords.capped(new ConnectionCap(31_856, "kernel.pid_max", 32_768));
        assertTrue(words.startsWith("Capped by the lab at 31,856, kernel.pid_max (32,768) less the machine's tasks and"
                + " the 512 left to it"), words);
    }

    /** Issue 41, item 11: a collection that did not lower the RSS leaves garbage's pages in the figure, said so. */
    @Test
    void item11ACollectionThatDidNotLowerTheRssSaysTheFigureIncludesGarbage() {
        String words = ConnectionWords.held(new ConnectionsHeld(ArmKey.program(Threads.VIRTUAL), 5_000, 5_000, null, FILES,
                List.of(), 0, null, 12.6, 1_700.0, 26, null, new RssAroundCollections(45.0, 44.6, 93.5, 106.7)));
        assertTrue(words.endsWith("The full collection the lab asked for did not lower the server's RSS (with every"
                + " connection open, 93.5 MB before it and 107 after), so the 12.6 KB per connection includes heap"
                + " pages that held garbage."), words);
        assertEquals("", ConnectionWords.garbage(new ConnectionsHeld(ArmKey.program(Threads.VIRTUAL), 5_000, 5_000, null,
                FILES, List.of(), 0, null, 12.6, 1_700.0, 26, null, LOWERED)), "reversed: both lowered it");
        assertEquals("", ConnectionWords.garbage(new ConnectionsHeld(ArmKey.program(Threads.VIRTUAL), 5_000, 5_000, null,
                FILES, List.of(), 0, null, 12.6, 1_700.0, 26, null, RssAroundCollections.UNREAD)), "unread: nothing said");
    }

    @Test
    void theHeadlineGivesBothCountsTheMemoryOfEachAndTheCapOrTheLimitEitherWay() {
        ConnectionsHeld virtual = new ConnectionsHeld(ArmKey.program(Threads.VIRTUAL), 100_000, 19_744, null, FILES,
                List.of(), 0, null, 3.58, 9_999.0, 25, FILES, LOWERED);
        ConnectionsHeld platform = new ConnectionsHeld(ArmKey.program(Threads.PLATFORM), 100_000, 19_744, null,
                FILES, List.of(), 0, null, 32.5, 9_890.0, 19_765, FILES, LOWERED);
        assertEquals("Both thread models held 19,744 connections: 3.58 KB of server RSS each on virtual, 32.5 KB on"
                + " platform threads; both capped by the lab at 19,744 (RLIMIT_NOFILE less its reserve).",
                HeadlineWords.headline(new Connections(), List.of(platform, virtual)));
        ConnectionsHeld stoppedEarly = new ConnectionsHeld(ArmKey.program(Threads.VIRTUAL), 100_000, 8_000,
                new ConnectionLimit("OutOfMemoryError: Java heap space", null, 8_000), FILES, List.of(), 0, null, 32.5,
                9_999.0, 25, null, LOWERED);
        ConnectionsHeld platformHeld = new ConnectionsHeld(ArmKey.program(Threads.PLATFORM), 100_000, 19_744, null,
                FILES, List.of(), 0, null, 3.58, 9_890.0, 19_765, FILES, LOWERED);
        assertEquals("Virtual threads held 8,000 connections at 32.5 KB of server RSS each, platform threads 19,744 at"
                + " 3.58 KB; platform capped by the lab at 19,744; virtual stopped at OutOfMemoryError: Java heap space.",
                HeadlineWords.headline(new Connections(), List.of(platformHeld, stoppedEarly)));
    }
}
