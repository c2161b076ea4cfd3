package loomlab.loomcat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import loomlab.http.ServerArgs;
import loomlab.http.UsageException;
import loomlab.threads.ExecutorMode;
import org.junit.jupiter.api.Test;

/** The mode from the command line, as a command with placeholders writes it: --mode {threads} --pool {pool}. */
class LoomcatMainTest {
    private static ExecutorMode mode(String... args) throws UsageException {
        return LoomcatMain.mode(ServerArgs.parse(args, LoomcatMain.OPTIONS));
    }

    @Test
    void platformTakesItsSizeFromPoolAndTheOtherModesIgnoreIt() throws UsageException {
        assertEquals(ExecutorMode.platform(10), mode("--mode", "platform", "--pool", "10"));
        assertEquals(ExecutorMode.virtual(), mode("--mode", "virtual", "--pool", "10"));
        assertEquals(ExecutorMode.platform(4), mode("--mode", "platform:4"));
        assertEquals(ExecutorMode.virtual(), mode());
    }

    @Test
    void theSizeGivenTwiceOrNotAtAllIsAUsageError() {
        assertTrue(assertThrows(UsageException.class, () -> mode("--mode", "platform:4", "--pool", "10")).getMessage()
                .contains("give it once"));
        assertTrue(assertThrows(UsageException.class, () -> mode("--mode", "platform")).getMessage()
                .contains("needs a pool size"));
        assertThrows(UsageException.class, () -> mode("--mode", "platform", "--pool", "0"));
    }
}
