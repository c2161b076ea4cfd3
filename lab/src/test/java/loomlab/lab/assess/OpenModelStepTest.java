package loomlab.lab.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import java.util.List;
import loomlab.load.ArrivalSchedule;
import loomlab.load.Arrivals;
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
    void theArrivalsInAWindowAreThoseTheScheduleIntendsThereCountedOneByOne() {
        Duration warmup = Duration.ofSeconds(1);
        for (double rate : new double[] {10.9, 400, 3200}) {
            for (ArrivalSchedule schedule : List.of(Arrivals.EVEN.at(rate), new Arrivals.Poisson(20_260_101L).at(rate),
                    new Arrivals.Poisson(7L).at(rate))) {
                Duration length = Duration.ofMillis(1500);
                long from = warmup.toNanos();
                long to = warmup.plus(length).toNanos();
                long counted = 0;
                for (long i = 0; schedule.offsetNanos(i) < to; i++) {
                    counted += schedule.offsetNanos(i) >= from ? 1 : 0;
                }
                assertEquals(counted / 1.5, OpenModelStep.arrivedPerSecond(schedule, warmup, length), 1e-9,
                        rate + " req/s, " + schedule);
            }
        }
        assertEquals(400.0, OpenModelStep.arrivedPerSecond(Arrivals.EVEN.at(400), warmup, Duration.ofMillis(1500)),
                1e-9, "evenly spaced arrivals put the rate in any window");
    }
}
