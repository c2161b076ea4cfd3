package loomlab.lab.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ConnectionsArmResult.ConnectionCap;
import loomlab.core.arm.ConnectionsArmResult.ConnectionError;
import loomlab.core.arm.ConnectionsArmResult.ConnectionLimit;
import loomlab.core.finding.ConnectionsHeld;
import org.junit.jupiter.api.Test;

/** The sentence of each connections arm: what it held, the limit that stopped it, the remedy. */
class ConnectionWordsTest {
    private static final ConnectionCap FILES = new ConnectionCap(19_744, "RLIMIT_NOFILE", 20_000);

    @Test
    void anArmThatHeldItsTargetSaysSoWithItsCost() {
        assertEquals("Virtual threads held 10,000 of 10,000 connections, 4.80 KB of server RSS each, opened at 9,870"
                        + " per second, with 22 server threads.",
                ConnectionWords.held(new ConnectionsHeld(ArmKey.program("virtual"), 10_000, 10_000, null, FILES, List.of(),
                        0, null, 4.8, 9_870.4, 22)));
    }

    @Test
    void anArmStoppedAtTheCapNamesTheLimitAndWhatAUserWouldChange() {
        assertEquals("Virtual threads held 19,744 of 100,000 connections. It stopped at 19,744 on RLIMIT_NOFILE"
                        + " (20,000), as the limits in force allowed; to hold more, raise the open-files limit (ulimit"
                        + " -n, or LimitNOFILE= for a systemd service).",
                ConnectionWords.held(new ConnectionsHeld(ArmKey.program("virtual"), 100_000, 19_744,
                        new ConnectionLimit("RLIMIT_NOFILE", 20_000L, 19_744), FILES, List.of(), 0, null, null, null, null)));
    }

    @Test
    void anArmStoppedByAnErrorBeforeTheCapSetsTheCapBesideIt() {
        assertEquals("Platform threads held 8,000 of 100,000 connections. It stopped at 8,000 on OutOfMemoryError:"
                        + " unable to create native thread; the limits in force allowed 19,744 (RLIMIT_NOFILE 20,000)."
                        + " 12 errors below any limit, the first reset: Connection reset.",
                ConnectionWords.held(new ConnectionsHeld(ArmKey.program("platform"), 100_000, 8_000,
                        new ConnectionLimit("OutOfMemoryError: unable to create native thread", null, 8_000), FILES, List.of(),
                        12, new ConnectionError("reset", "Connection reset"), null, null, null)));
    }

    @Test
    void thePlatformArmAtTheFileLimitSaysWhichKernelLimitsCameNext() {
        assertEquals("Platform threads held 19,744 of 100,000 connections. It stopped at 19,744 on RLIMIT_NOFILE"
                        + " (20,000), as the limits in force allowed; to hold more, raise the open-files limit (ulimit"
                        + " -n, or LimitNOFILE= for a systemd service). Beyond it, kernel.pid_max (32,768) would stop it"
                        + " at 31,856 and vm.max_map_count (65,530) would stop it at 32,265.",
                ConnectionWords.held(new ConnectionsHeld(ArmKey.program("platform"), 100_000, 19_744,
                        new ConnectionLimit("RLIMIT_NOFILE", 20_000L, 19_744), FILES,
                        List.of(new ConnectionCap(31_856, "kernel.pid_max", 32_768),
                                new ConnectionCap(32_265, "vm.max_map_count", 65_530)), 0, null, null, null, null)));
    }

    @Test
    void theHeadlineGivesBothCountsTheMemoryOfEachAndTheLimitEitherWay() {
        ConnectionLimit files = new ConnectionLimit("RLIMIT_NOFILE", 20_000L, 19_744);
        ConnectionsHeld virtual = new ConnectionsHeld(ArmKey.program("virtual"), 100_000, 19_744, files, FILES,
                List.of(), 0, null, 3.58, 9_999.0, 25);
        ConnectionsHeld platform = new ConnectionsHeld(ArmKey.program("platform"), 100_000, 19_744, files,
                FILES, List.of(), 0, null, 32.5, 9_890.0, 19_765);
        assertEquals("Both thread models held 19,744 connections: 3.58 KB of server RSS each on virtual, 32.5 KB on"
                + " platform threads; both stopped at RLIMIT_NOFILE.",
                HeadlineWords.headline(List.of(platform, virtual)));
        ConnectionsHeld stoppedEarly = new ConnectionsHeld(ArmKey.program("virtual"), 100_000, 8_000,
                new ConnectionLimit("OutOfMemoryError: Java heap space", null, 8_000), FILES, List.of(), 0, null, 32.5,
                9_999.0, 25);
        ConnectionsHeld platformHeld = new ConnectionsHeld(ArmKey.program("platform"), 100_000, 19_744, files,
                FILES, List.of(), 0, null, 3.58, 9_890.0, 19_765);
        assertEquals("Virtual threads held 8,000 connections at 32.5 KB of server RSS each, platform threads 19,744 at"
                + " 3.58 KB; platform stopped at RLIMIT_NOFILE; virtual stopped at OutOfMemoryError: Java heap space.", HeadlineWords.headline(List.of(platformHeld, stoppedEarly)));
    }
}
