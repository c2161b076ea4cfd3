package loomlab.lab.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import loomlab.core.arm.ConnectionWait;
import org.junit.jupiter.api.Test;

/** The lab reads every server's /stats in the one shape, and says so when a server answers another. */
class ServerStatsTest {
    private static final String PLAIN = "{\"requestsServed\":1200,\"inFlight\":0,\"peakInFlight\":20,"
            + "\"liveThreads\":30,\"peakThreads\":31,\"connectionWait\":null}";

    @Test
    void readsTheOneShape() {
        assertEquals(new ServerStats(31L, 1200L, null), ServerStats.parse(PLAIN));
        ServerStats pooled = ServerStats.parse(PLAIN.replace("null", "{\"acquisitions\":210,\"averageMs\":1.5,"
                + "\"maxMs\":12.25,\"totalMs\":315}"));
        assertEquals(new ConnectionWait(210L, 1.5, 12.25, 315.0), pooled.connectionWait());
        assertNull(pooled.problem());
    }

    @Test
    void anotherShapeIsAProblemNotAGuess() {
        ServerStats snake = ServerStats.parse("{\"peak_threads\":12,\"requests_served\":5}");
        assertNull(snake.requestsServed());
        assertTrue(snake.problem().startsWith("/stats answered the keys [peak_threads, requests_served], not the"
                + " lab's [requestsServed,"), snake.problem());
        assertTrue(ServerStats.parse(PLAIN.replace("31", "\"many\"")).problem().contains("peakThreads"));
        assertTrue(ServerStats.parse(PLAIN.replace("null", "{\"acquisitions\":3}")).problem()
                .contains("connectionWait"));
        assertEquals("/stats is not JSON", ServerStats.parse("<html>").problem());
    }

    @Test
    void waitsBetweenTwoReadingsAreTheMeasuredWindowsOnly() {
        ConnectionWait atStart = new ConnectionWait(20L, 1.0, 30.0, 20.0);
        ConnectionWait atEnd = new ConnectionWait(220L, 0.5, 30.0, 120.0);
        assertEquals(new ConnectionWait(200L, 0.5, null, 100.0), ServerStats.waitsBetween(atStart, atEnd),
                "the longest wait was before the window, so the window's is unknown");
        assertEquals(new ConnectionWait(200L, 0.5, 45.0, 100.0),
                ServerStats.waitsBetween(atStart, new ConnectionWait(220L, 0.5, 45.0, 120.0)));
        assertEquals(atEnd, ServerStats.waitsBetween(null, atEnd));
    }
}
