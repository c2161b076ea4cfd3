package loomlab.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class StatsShapeTest {

    @Test
    void theRecordsComponentsAreTheKeysInOrder() {
        assertEquals(StatsShape.KEYS, Arrays.stream(StatsShape.Figures.class.getRecordComponents())
                .map(RecordComponent::getName).toList());
    }

    @Test
    void nowCountsTheJvmsThreadsAndNoPool() {
        StatsShape.Figures figures = StatsShape.Figures.now(3, 1, 2);
        assertEquals(3, figures.requestsServed());
        assertTrue(figures.liveThreads() >= 1 && figures.peakThreads() >= figures.liveThreads() - 1, figures.toString());
        assertNull(figures.connectionWait());
    }
}
