package loomlab.load.hold;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HoldProcessGaugeTest {

    @Test
    void readsResidentMemoryFromTheStatusFile() {
        String status = "Name:\tjava\nVmPeak:\t 9000000 kB\nVmRSS:\t  204800 kB\nRssAnon:\t  100 kB\n";
        assertEquals(200.0, HoldProcessGauge.rssMegabytesOf(status));
        assertNull(HoldProcessGauge.rssMegabytesOf("Name:\tjava\n"));
    }

    @Test
    void measuresThisProcess() {
        Long cpu = HoldProcessGauge.cpuNanos();
        assertTrue(cpu == null || cpu > 0, "cpu " + cpu);
        try (HoldProcessGauge gauge = HoldProcessGauge.open()) {
            Double first = gauge.rssMegabytes();
            Double again = gauge.rssMegabytes(); // the same open file, read again
            assertTrue(first == null || first > 1, "rss " + first);
            assertTrue(again == null || again > 1, "rss " + again);
        }
    }
}
