package loomlab.lab.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import loomlab.core.assess.CapacityStep;
import loomlab.load.RunSample;
import org.junit.jupiter.api.Test;

/** Issue 41, item 6: what a step's CPU served, from the generator's counts at the window's two edges. */
class ServedInWindowTest {
    private static RunSample sample(long answered, long failed, int inFlight) {
        return new RunSample(0, answered, failed, inFlight, 0, null);
    }

    @Test
    void item6TheAnswersBetweenTheEdgesWithWhatWasInFlightAtEach() {
        // The warm-up answered 120 with 9 in flight as the window opened; a step stopped early left 113.
        assertEquals(new CapacityStep.Served(300, 2, 9, 113),
                ServedInWindow.served(sample(120, 1, 9), sample(420, 3, 113)));
    }

    @Test
    void item6ReversedAnEdgeUnreadOrCountsThatWentBackwardsGiveNothing() {
        assertNull(ServedInWindow.served(null, sample(420, 3, 0)));
        assertNull(ServedInWindow.served(sample(120, 1, 9), null));
        assertNull(ServedInWindow.served(sample(500, 1, 9), sample(420, 3, 0)), "not a window of one run");
        assertNull(new ServedInWindow().window(), "never opened");
    }
}
