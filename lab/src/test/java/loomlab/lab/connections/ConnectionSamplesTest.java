package loomlab.lab.connections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import loomlab.core.arm.ConnectionsArmResult.RssPoint;
import loomlab.lab.connections.ConnectionsArmRunner.Samples;
import loomlab.lab.connections.ConnectionsArmRunner.ServerSample;
import org.junit.jupiter.api.Test;

/** How an arm's samples become its figures: memory while opening, one collection, the hold's CPU. */
class ConnectionSamplesTest {
    @Test
    void theRampChartsMemoryTheSettleAsksForOneCollectionAndTheHoldGivesTheCpuRate() {
        Samples samples = new Samples();
        assertFalse(samples.add(line(250, 2_000, "ramp"), sample(2_000, 60.0, 1.0)));
        assertFalse(samples.add(line(500, 4_000, "ramp"), sample(4_000, 75.5, 1.5)));
        assertTrue(samples.add(line(750, 4_000, "settle"), sample(4_000, 80.0, 2.0)), "collect once");
        assertFalse(samples.add(line(1_000, 4_000, "settle"), sample(4_000, 70.0, 2.1)), "only once");
        samples.collected(sample(4_000, 80.0, 2.0), sample(4_000, 52.0, 2.2));
        long[] elapsed = {3_750, 4_000, 4_250, 4_500, 4_750, 5_000};
        for (int i = 0; i < elapsed.length; i++) {
            samples.add(line(elapsed[i], 4_000, "hold"), sample(4_000, 55.0 + i, 3.0 + 0.1 * i));
        }
        assertEquals(List.of(new RssPoint(2_000, 60.0), new RssPoint(4_000, 75.5)), samples.points());
        assertEquals(52.0, samples.afterCollection().orElseThrow().rssMb());
        assertEquals(80.0, samples.beforeCollection().orElseThrow().rssMb(), "kept, for whether it lowered the RSS");
        // The last two ticks may fall in the client's closing: the hold is read up to the fourth sample.
        assertEquals(58.0, samples.lastOfHold().orElseThrow().rssMb());
        assertEquals(0.3 / 0.75, samples.holdCpuPerSecond().orElseThrow(), 1e-9);
    }

    @Test
    void aShortHoldIsReadToItsLastSampleAndWithoutTwoSamplesHasNoCpuRate() {
        Samples samples = new Samples();
        samples.add(line(100, 10, "hold"), sample(10, 41.0, 1.0));
        assertEquals(41.0, samples.lastOfHold().orElseThrow().rssMb());
        assertTrue(samples.holdCpuPerSecond().isEmpty());
        assertTrue(samples.afterCollection().isEmpty(), "no settle seen: no collection");
    }

    private static ClientOutput.Progress line(long elapsedMs, int opened, String phase) {
        return new ClientOutput.Progress(elapsedMs, opened, opened, 0, phase);
    }

    private static ServerSample sample(int opened, double rssMb, double cpuS) {
        return new ServerSample(opened, rssMb, 20, cpuS, 0.0);
    }

    @Test
    void theChartStartsFromTheIdleServer() {
        assertEquals(List.of(new RssPoint(0, 44.8), new RssPoint(2_000, 60.0)),
                ConnectionsArmRunner.opening(44.81, List.of(new RssPoint(2_000, 60.0))));
        assertEquals(List.of(new RssPoint(2_000, 60.0)), ConnectionsArmRunner.opening(null,
                List.of(new RssPoint(2_000, 60.0))));
    }
}
