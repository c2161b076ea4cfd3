package loomlab.core.repeat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 41 item 3: the arms ran in one order every run, so the last always met what the others left warm. */
class RunOrderTest {
    @Test
    void item3_oddRunsTakeThePlannedOrderAndEvenRunsTheReverse() {
        assertEquals(List.of(0, 1, 2, 3), RunOrder.of(4, 1));
        assertEquals(List.of(3, 2, 1, 0), RunOrder.of(4, 2));
        assertEquals(List.of(0, 1, 2, 3), RunOrder.of(4, 3));
        assertEquals(List.of(1, 0), RunOrder.of(2, 2), "an assessment's two arms alternate");
    }

    /** Over an even number of runs every arm runs as often in each place as its mirror arm: no arm is always last. */
    @Test
    void item3_overTwoRunsEveryArmsPlacesAddUpToTheSame() {
        for (int arm = 0; arm < 4; arm++) {
            int a = arm;
            int places = RunOrder.of(4, 1).indexOf(a) + RunOrder.of(4, 2).indexOf(a);
            assertEquals(3, places, "arm " + arm);
        }
        // Reversed: one order every run puts the last arm last every time.
        assertEquals(3, RunOrder.of(4, 1).indexOf(3));
        assertEquals(0, RunOrder.of(4, 2).indexOf(3));
    }

    @Test
    void aSingleArmAndNoArmsAreTheirOwnOrderAndRunsCountFromOne() {
        assertEquals(List.of(0), RunOrder.of(1, 2));
        assertEquals(List.of(), RunOrder.of(0, 1));
        assertThrows(IllegalArgumentException.class, () -> RunOrder.of(2, 0));
    }
}
