package loomlab.load;

import static loomlab.load.RunWindow.Phase.MEASURED;
import static loomlab.load.RunWindow.Phase.OVER;
import static loomlab.load.RunWindow.Phase.WARMUP;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RunWindowTest {

    @Test
    void aRequestBelongsToThePhaseOfItsIntendedSendTime() {
        RunWindow window = RunWindow.of(1_000, Duration.ofNanos(500), Duration.ofNanos(2_000));
        assertEquals(WARMUP, window.phaseOf(1_000));
        assertEquals(WARMUP, window.phaseOf(1_499));
        assertEquals(MEASURED, window.phaseOf(1_500));
        assertEquals(MEASURED, window.phaseOf(3_499));
        assertEquals(OVER, window.phaseOf(3_500));
        assertEquals(500, window.warmupNanos());
    }

    @Test
    void withoutADurationTheMeasurementNeverEnds() {
        RunWindow window = RunWindow.of(-5_000, Duration.ZERO, null);
        assertEquals(MEASURED, window.phaseOf(-5_000));
        assertEquals(MEASURED, window.phaseOf(-5_000 + Duration.ofDays(365).toNanos()));
    }

    @Test
    void phasesHoldAcrossTheNanoTimeWrapAround() {
        RunWindow window = RunWindow.of(Long.MAX_VALUE - 10, Duration.ofNanos(5), Duration.ofNanos(10));
        assertEquals(WARMUP, window.phaseOf(Long.MAX_VALUE - 6));
        assertEquals(MEASURED, window.phaseOf(Long.MAX_VALUE));
        assertEquals(MEASURED, window.phaseOf(Long.MIN_VALUE + 3));
        assertEquals(OVER, window.phaseOf(Long.MIN_VALUE + 4));
    }
}
