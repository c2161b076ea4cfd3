package loomlab.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class OneLineTest {
    /** A dying child's reason keeps what its log said last, which its first line alone dropped. */
    @Test
    void aReasonEndingOnAColonTakesTheLastLineOfTheTailBeneathIt() {
        String died = "service (platform) died (exit code 3); last lines of logs/service.log:\n"
                + "    fragile: listening\n    fragile: more than 4 connections at once, giving up\n\n";
        assertEquals("service (platform) died (exit code 3); last lines of logs/service.log: fragile: more than 4"
                + " connections at once, giving up", OneLine.of(died));
    }

    @Test
    void anyOtherReasonIsItsFirstLineAndAnEmptyTailIsSaidToBeEmpty() {
        assertEquals("did not finish within 300 s", OneLine.of("did not finish within 300 s\n  details"));
        assertEquals("service died (exit code 1); last lines of x.log: (nothing)",
                OneLine.of("service died (exit code 1); last lines of x.log:\n   \n"));
        assertEquals("", OneLine.of(null));
        assertEquals("", OneLine.of(""));
    }
}
