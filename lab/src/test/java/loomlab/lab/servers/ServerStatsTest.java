package loomlab.lab.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class ServerStatsTest {
    @Test
    void readsEitherSpellingOfTheFields() throws Exception {
        assertEquals(new ServerStats(31L, 1200L),
                ServerStats.parse("{\"mode\":\"virtual\",\"peakThreads\":31,\"requestsServed\":1200}"));
        assertEquals(new ServerStats(12L, 5L), ServerStats.parse("{\"peak_threads\":12,\"requests_served\":5}"));
    }

    @Test
    void missingOrNonNumericFieldsAreUnknown() throws Exception {
        ServerStats stats = ServerStats.parse("{\"peakThreads\":\"many\"}");
        assertNull(stats.peakThreads());
        assertNull(stats.requestsServed());
    }
}
