package loomlab.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class MachineLimitsTest {
    private static final String LIMITS = """
            Limit                     Soft Limit           Hard Limit           Units
            Max cpu time              unlimited            unlimited            seconds
            Max open files            20000                20000                files
            Max locked memory         8388608              8388608              bytes
            """;

    @Test
    void readsTheSoftOpenFilesLimitAndThePortRange() {
        assertEquals(OptionalLong.of(20_000), MachineLimits.openFilesOf(LIMITS));
        assertEquals(OptionalLong.empty(), MachineLimits.openFilesOf("Max open files  unlimited  unlimited  files\n"));
        assertArrayEquals(new int[] {32768, 60999}, MachineLimits.portRangeOf("32768\t60999\n"));
    }

    @Test
    void theSmallerOfTheFilesLeftAndThePortsIsTheLimit() {
        assertEquals(20_000 - 256, new MachineLimits(20_000L, 32768, 60999).maxConnectionsPerTarget());
        assertEquals(28_232, new MachineLimits(1_048_576L, 32768, 60999).maxConnectionsPerTarget());
        assertEquals(Long.MAX_VALUE, new MachineLimits(null, null, null).maxConnectionsPerTarget());
    }

    @Test
    void tooManyConnectionsAreRefusedWithOneLineNamingTheLimits() {
        MachineLimits limits = new MachineLimits(20_000L, 32768, 60999);
        limits.requireConnections(19_744);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> limits.requireConnections(99_999_999));
        assertEquals("99,999,999 connections to one target are more than this machine allows: at most 19,744 (open"
                + " files 20,000 less 256 the JVM keeps for itself; local ports 32768-60999 give 28,232)",
                refused.getMessage());
        assertTrue(refused.getMessage().lines().count() == 1);
    }
}
