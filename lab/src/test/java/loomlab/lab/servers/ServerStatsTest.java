package loomlab.lab.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import loomlab.core.arm.ConnectionWait;
import org.junit.jupiter.api.Test;

class ServerStatsTest {
    @Test
    void readsEitherSpellingOfTheFields() throws Exception {
        assertEquals(new ServerStats(31L, 1200L, null),
                ServerStats.parse("{\"mode\":\"virtual\",\"peakThreads\":31,\"requestsServed\":1200}"));
        assertEquals(new ServerStats(12L, 5L, null), ServerStats.parse("{\"peak_threads\":12,\"requests_served\":5}"));
    }

    @Test
    void readsThePoolsWaitForAConnection() throws Exception {
        ServerStats stats = ServerStats.parse("{\"peakThreads\":20,\"requestsServed\":210,\"connectionWait\":"
                + "{\"acquisitions\":210,\"averageMs\":1.5,\"maxMs\":12.25,\"totalMs\":315}}");
        assertEquals(new ConnectionWait(210L, 1.5, 12.25, 315.0), stats.connectionWait());
        assertEquals(new ConnectionWait(3L, null, 2.0, null), ServerStats.parse(
                "{\"connection_wait\":{\"acquisitions\":3,\"max_ms\":2}}").connectionWait());
    }

    @Test
    void missingOrNonNumericFieldsAreUnknown() throws Exception {
        ServerStats stats = ServerStats.parse("{\"peakThreads\":\"many\"}");
        assertNull(stats.peakThreads());
        assertNull(stats.requestsServed());
        assertNull(stats.connectionWait());
    }
}
