package loomlab.core.connections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import loomlab.core.arm.ConnectionsArmResult.ConnectionCap;
import org.junit.jupiter.api.Test;

/** The cap each arm can reach, from the limits measured on this machine and from lowered ones. */
class ConnectionLimitsTest {
    /** As read here, as root: hard nofile 20,000, pid_max 32,768, threads-max 192,729, max_map_count 65,530. */
    private static final ConnectionLimits HERE = new ConnectionLimits(20_000L, 32_768L, 192_729L, 400L, 65_530L);

    @Test
    void theOpenFilesLimitCapsBothArmsHereLessTheFilesAJvmKeeps() {
        assertEquals(new ConnectionCap(19_744, ConnectionLimits.OPEN_FILES, 20_000), HERE.cap(true));
        assertEquals(new ConnectionCap(19_744, ConnectionLimits.OPEN_FILES, 20_000), HERE.cap(false));
    }

    @Test
    void withFilesRaisedThePlatformArmMeetsPidMaxFirstAndTheVirtualArmNothingElse() {
        ConnectionLimits raised = new ConnectionLimits(1_048_576L, 32_768L, 192_729L, 400L, 65_530L);
        assertEquals(new ConnectionCap(31_856, ConnectionLimits.PID_MAX, 32_768), raised.cap(false));
        assertEquals(List.of(ConnectionLimits.PID_MAX, ConnectionLimits.MAX_MAP_COUNT, ConnectionLimits.THREADS_MAX,
                ConnectionLimits.OPEN_FILES), raised.caps(false).stream().map(ConnectionCap::limitName).toList());
        assertEquals(32_265, raised.caps(false).get(1).count(), "(65,530 - 1,000) / 2 maps per thread");
        assertEquals(new ConnectionCap(1_048_320, ConnectionLimits.OPEN_FILES, 1_048_576), raised.cap(true));
    }

    @Test
    void withPidMaxRaisedTooTheMapCountStopsThePlatformArm() {
        ConnectionLimits raised = new ConnectionLimits(1_048_576L, 4_194_304L, 192_729L, 400L, 65_530L);
        assertEquals(ConnectionLimits.MAX_MAP_COUNT, raised.cap(false).limitName());
    }

    @Test
    void unknownLimitsBoundNothing() {
        ConnectionLimits unknown = new ConnectionLimits(null, null, null, null, null);
        assertNull(unknown.cap(false));
        assertEquals(List.of(), unknown.caps(true));
    }

    @Test
    void aLimitBelowWhatTheJvmKeepsAllowsNone() {
        assertEquals(0, new ConnectionLimits(100L, null, null, null, null).cap(true).count());
    }

    @Test
    void everyNamedLimitHasARemedyAndAnUnknownOneNone() {
        for (String limit : List.of(ConnectionLimits.OPEN_FILES, ConnectionLimits.PID_MAX, ConnectionLimits.THREADS_MAX,
                ConnectionLimits.MAX_MAP_COUNT)) {
            assertEquals(true, ConnectionLimits.remedy(limit).startsWith("raise "), limit);
        }
        assertNull(ConnectionLimits.remedy("OutOfMemoryError: unable to create native thread"));
    }
}
