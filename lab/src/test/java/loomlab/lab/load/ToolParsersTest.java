package loomlab.lab.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import loomlab.core.arm.ErrorCounts;
import loomlab.core.arm.Latency;
import org.junit.jupiter.api.Test;

/**
 * The load tools' outputs as they printed them on this lab's loopback (captured from ab 2.3,
 * wrk 4.1.0 and siege 4.0.7 against loomcat), read into the lab's terms, figure by figure.
 */
class ToolParsersTest {
    private final AbTool ab = new AbTool();
    private final WrkTool wrk = new WrkTool();
    private final SiegeTool siege = new SiegeTool();

    @Test
    void abCountsPercentilesAndTheMeanOfItsTotalRow() {
        assertEquals(new ToolFigures(60, 0.084, 714.43, new Latency(21.0, 20.0, 22.0, 22.0, null, 22.0),
                ErrorCounts.NONE), ab.parse(captured("ab.txt")));
        assertEquals(new ToolFigures(190, 1.008, 188.48, new Latency(21.0, 20.0, 21.0, 22.0, null, 22.0),
                ErrorCounts.NONE), ab.parse(captured("ab-time.txt")));
    }

    @Test
    void abNonSuccessAnswersAreStatusErrorsAndBrokenConnectionsAreNotRequests() {
        assertEquals(new ErrorCounts(0, 0, 20, 0), ab.parse(captured("ab-errors.txt")).errors());
        assertEquals(20, ab.parse(captured("ab-errors.txt")).requests());
        ToolFigures refused = ab.parse(captured("ab-refused.txt"));
        assertEquals(new ErrorCounts(0, 0, 0, 6), refused.errors());
        assertEquals(0, refused.requests());
    }

    @Test
    void wrkDurationsInEveryUnitBecomeMilliseconds() {
        assertEquals(new ToolFigures(1914, 2.0, 955.06, new Latency(20.91, 20.35, 21.15, 47.89, null, 49.24),
                ErrorCounts.NONE), wrk.parse(captured("wrk.txt")));
        ToolFigures slow = wrk.parse(captured("wrk-seconds.txt"));
        assertEquals(new Latency(1200.0, 1200.0, 1200.0, 1200.0, null, 1200.0), slow.latency());
        assertEquals(2.01, slow.elapsedS(), 1e-12);
        assertEquals(0.16030, wrk.parse(captured("wrk-errors.txt")).latency().mean(), 1e-12);
    }

    @Test
    void wrkSocketErrorsAndNon2xxAnswersAreCountedByKind() {
        assertEquals(new ErrorCounts(0, 0, 72769, 0), wrk.parse(captured("wrk-errors.txt")).errors());
        assertEquals(new ErrorCounts(0, 4, 0, 0), wrk.parse(captured("wrk-timeouts.txt")).errors());
    }

    @Test
    void wrkStoppedByTheScriptReportsTheScriptsCountAndTime() {
        ToolFigures counted = wrk.parse(captured("wrk-count.txt"));
        assertEquals(60, counted.requests());
        assertEquals(0.607912, counted.elapsedS(), 1e-12);
        assertEquals(60 / 0.607912, counted.throughputRps(), 1e-9);
        assertEquals(202.26, counted.latency().mean(), 1e-12);
    }

    @Test
    void wrkThatCouldNotConnectHasNoFiguresToReport() {
        IllegalStateException error = assertThrows(IllegalStateException.class,
                () -> wrk.parse(captured("wrk-refused.txt")));
        assertTrue(error.getMessage().endsWith("unable to connect to 127.0.0.1:1 Connection refused"),
                error.getMessage());
    }

    @Test
    void siegeJsonSummaryInSecondsBecomesMillisecondsWithoutPercentiles() {
        assertEquals(new ToolFigures(60, 0.07, 857.14, new Latency(20.0, null, null, null, null, 30.0),
                ErrorCounts.NONE), siege.parse(captured("siege-reps.txt")));
        assertEquals(new ToolFigures(12, 1.24, 9.68, new Latency(20.0, null, null, null, null, 20.0),
                ErrorCounts.NONE), siege.parse(captured("siege-delay.txt")));
    }

    @Test
    void siegeUnsuccessfulAnswersAreStatusErrorsAndFailedOnesConnectErrors() {
        assertEquals(new ErrorCounts(0, 0, 22363, 0), siege.parse(captured("siege-errors.txt")).errors());
        ToolFigures refused = siege.parse(captured("siege-refused.txt"));
        assertEquals(new ErrorCounts(4, 0, 0, 0), refused.errors());
        assertEquals(0, refused.requests());
    }

    /** siege before 4.0.5 printed text; this is that layout, with seed 004's pool-10 worker-thread figures. */
    @Test
    void siegeTextSummaryReadsLikeItsJson() {
        assertEquals(new ToolFigures(1000, 10.94, 91.41, new Latency(4110.0, null, null, null, null, 8340.0),
                ErrorCounts.NONE), siege.parse(captured("siege-text.txt")));
    }

    @Test
    void anOutputWithoutASummarySaysWhatIsMissing() {
        IllegalStateException error = assertThrows(IllegalStateException.class, () -> ab.parse("apr_socket_recv: x"));
        assertEquals("ab printed no 'Complete requests'; its output ends with: apr_socket_recv: x", error.getMessage());
        assertThrows(IllegalStateException.class, () -> siege.parse("{ \"availability\": 0 }"));
    }

    static String captured(String file) {
        try (InputStream in = ToolParsersTest.class.getResourceAsStream("/tools/" + file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(file, e);
        }
    }
}
