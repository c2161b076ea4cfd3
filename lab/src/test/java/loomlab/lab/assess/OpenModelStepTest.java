package loomlab.lab.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import java.util.List;
import loomlab.load.IntervalSnapshot;
import org.junit.jupiter.api.Test;

class OpenModelStepTest {
    private static IntervalSnapshot second(double end, long completed, double p50) {
        return new IntervalSnapshot(end, completed, completed, p50, p50 * 2, p50 * 3, 0);
    }

    @Test
    void theMedianRiseIsFromTheFirstWholeSecondToTheLastOfTheWindow() {
        List<IntervalSnapshot> seconds = List.of(second(1.0, 200, 60), second(2.0, 200, 90), second(3.0, 200, 130),
                second(4.0, 195, 170), second(4.16, 30, 400));
        assertEquals(110.0, OpenModelStep.p50Rise(seconds, Duration.ofSeconds(4)), 1e-9, "the drain is left out");
    }

    @Test
    void fewerThanTwoWholeSecondsWithAnswersGiveNoRise() {
        assertNull(OpenModelStep.p50Rise(List.of(second(1.0, 200, 60), second(1.4, 50, 90)), Duration.ofMillis(1500)));
        assertNull(OpenModelStep.p50Rise(List.of(second(1.0, 0, 0), second(2.0, 10, 90)), Duration.ofSeconds(2)));
    }

    @Test
    void aSecondOfTheWindowWhoseMedianIsPastTheTargetFailsTheStepButTheDrainDoesNot() {
        Duration length = Duration.ofSeconds(4);
        assertEquals("a second's median above the target",
                OpenModelStep.stopReason(second(2.0, 200, 250), 1.0, length, 200));
        assertNull(OpenModelStep.stopReason(second(2.0, 200, 150), 1.0, length, 200), "reversed: within the target");
        assertNull(OpenModelStep.stopReason(second(5.0, 3, 3000), 4.0, length, 200),
                "the drain's answers are the slowest ones left: no median of the window");
        assertNull(OpenModelStep.stopReason(second(4.0, 3, 3000), 3.6, length, 200), "a partial second");
        assertEquals("errors", OpenModelStep.stopReason(new IntervalSnapshot(5.0, 3, 3, 1, 1, 1, 2), 4.0, length,
                200), "an error fails the step wherever it comes");
    }

    @Test
    void aStepTimesOutFarPastTheTarget() {
        assertEquals(Duration.ofSeconds(5), OpenModelStep.timeout(100));
        assertEquals(Duration.ofSeconds(20), OpenModelStep.timeout(1000));
        assertEquals(Duration.ofSeconds(60), OpenModelStep.timeout(10_000));
    }

    @Test
    void answersWithinTheWindowArePerSecondOfItAndTheDrainIsLeftOut() {
        // 295 req/s offered for 1 s; one call in 300 waits 3 s, so the run ends 3 s after the window.
        List<IntervalSnapshot> seconds = List.of(second(1.0, 294, 3), second(2.0, 0, 0), second(3.0, 0, 0),
                second(4.0, 1, 3000));
        assertEquals(294.0, OpenModelStep.answeredInWindow(seconds, Duration.ofSeconds(1)), 1e-9);
        assertEquals(300.0, OpenModelStep.answeredInWindow(List.of(second(1.0, 290, 5), second(2.0, 310, 5)),
                Duration.ofSeconds(2)), 1e-9, "two whole seconds");
        assertEquals(250.0, OpenModelStep.answeredInWindow(List.of(second(0.8, 200, 5)), Duration.ofSeconds(2)), 1e-9,
                "a step stopped early: up to where it stopped");
        assertNull(OpenModelStep.answeredInWindow(List.of(second(1.6, 100, 5)), Duration.ofSeconds(1)),
                "no second ended within the window");
    }
}
