package loomlab.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.ConnectionsArmPlan;
import loomlab.core.arm.ConnectionsArmResult;
import loomlab.core.connections.ConnectionLimits;
import loomlab.lab.connections.ConnectionsArmRunner;
import loomlab.lab.connections.Namespace;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.threads.Threads;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Both arms of the connections experiment at a small count in a namespace of their own, and an arm
 * asked for 100,000 under a file limit the test lowers itself: each holds its count, reads its memory
 * per connection, and leaves no process and no namespace behind.
 */
class ConnectionsArmRunnerIT {
    @TempDir
    Path dir;

    @BeforeAll
    static void needsNamespaces() {
        assumeTrue(Namespace.unavailable().isEmpty(), () -> Namespace.unavailable().orElse(""));
    }

    @Test
    void bothArmsHoldTwoThousandConnectionsAndReadTheirMemoryEach() throws Exception {
        for (boolean virtual : List.of(false, true)) {
            // 2,000 per second: the ramp lasts about a second, some ticks of the client's progress.
            ConnectionsArmResult arm = run(new ConnectionsArmPlan(key(virtual, 2_000), 2_000, 2_000, 500,
                    2, null));
            assertEquals(2_000, arm.connectionsHeld(), arm.toString());
            assertEquals(0, arm.errors(), arm.toString());
            assertNotNull(arm.rssPerConnectionKb(), "memory per connection");
            assertTrue(arm.rssPerConnectionKb() > 0 && arm.rssPerConnectionKb() < 1_000, arm.toString());
            assertTrue(arm.messages() >= 2_000, "each connection messaged in the 2 s hold: " + arm.messages());
            assertTrue(arm.threads() != null && (virtual ? arm.threads() < 1_000 : arm.threads() >= 2_000),
                    "threads: " + arm.threads());
            assertTrue(arm.rssByConnections().size() >= 2, "the idle server, then memory sampled as they opened: "
                    + arm.rssByConnections());
            assertEquals(0, arm.rssByConnections().getFirst().connections());
            assertEquals(null, arm.limit());
            assertEquals(null, arm.cappedAt(), "asked for what the limits allow: no cap");
            ConnectionsArmResult.RssAroundCollections around = arm.collections();
            assertTrue(around.idleBeforeMb() != null && around.idleAfterMb() != null && around.heldBeforeMb() != null
                    && around.heldAfterMb() != null, "the RSS read on both sides of each collection: " + around);
            assertEquals(arm.rssBaselineMb(), around.idleAfterMb(), "the baseline is the RSS after the idle collection");
            assertNothingLeft();
        }
    }

    /** Issue 41, item 10: the lab caps the request at what the file limit allows, and says it capped it. */
    @Test
    void item10AnArmAskedForMoreThanTheFileLimitIsCappedByTheLabThereAndMeetsNoLimit() throws Exception {
        ConnectionsArmResult arm = run(new ConnectionsArmPlan(key(true, 100_000), 100_000, 4_000, 500, 1,
                1_500));
        int allowed = 1_500 - ConnectionLimits.FILES_RESERVED;
        assertEquals(allowed, arm.connectionsHeld(), arm.toString());
        assertEquals(100_000, arm.connectionsTarget());
        assertEquals(ConnectionLimits.OPEN_FILES, arm.cappedAt().limitName());
        assertEquals(1_500L, arm.cappedAt().limitValue());
        assertEquals(allowed, arm.cappedAt().count());
        assertEquals(null, arm.limit(), "the ramp met no limit: the lab asked for no more than the cap");
        assertEquals(allowed, arm.expectedCap().count());
        assertEquals(0, arm.errors(), "reaching a limit is not an error");
        assertNothingLeft();
    }

    private ConnectionsArmResult run(ConnectionsArmPlan plan) throws Exception {
        ArmResult result = new ConnectionsArmRunner().run(plan, LabFixture.context(dir.resolve(plan.threads())));
        return assertInstanceOf(ConnectionsArmResult.class, result, result::toString);
    }

    private static ArmKey key(boolean virtual, long count) {
        return ArmKey.program(virtual ? Threads.VIRTUAL : Threads.PLATFORM).withParam("connections",
                loomlab.core.arm.ParamValue.count(count));
    }

    private static void assertNothingLeft() throws Exception {
        assertEquals(0, ProcessSupervisor.liveCount(), "a server or client outlived its arm");
        assertEquals(List.of(), Namespace.leftOver(), "a namespace outlived its arm");
    }
}
