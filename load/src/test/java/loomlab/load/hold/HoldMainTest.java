package loomlab.load.hold;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The command line's failure paths; runs against a server are in {@link HoldClientIT}. */
class HoldMainTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return HoldMain.runCommandLine(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void badInputIsOneLineOnStderrAndExitCodeTwo() {
        assertEquals(2, run("--ports", "9000", "--connections", "0"));
        assertEquals("hold: --connections needs a whole number between 1 and 1000000, got 0 (--help shows usage)\n",
                err.toString(StandardCharsets.UTF_8));
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aHostThatDoesNotResolveIsBadInput() {
        assertEquals(2, run("--host", "no-such-host.invalid", "--ports", "9000", "--connections", "1"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("hold: --host 'no-such-host.invalid' does not resolve"),
                err.toString(StandardCharsets.UTF_8));
        assertEquals(1, err.toString(StandardCharsets.UTF_8).lines().count());
    }

    @Test
    void helpPrintsUsage() {
        assertEquals(0, run("--help"));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("usage: HoldMain"));
    }
}
