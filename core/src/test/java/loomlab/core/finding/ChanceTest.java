package loomlab.core.finding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ChanceTest {
    @Test
    void twoSamplesEachComeApartOneTimeInThreeAndAreNoLead() {
        Chance two = Chance.of(2, 2);
        assertEquals(1.0 / 3, two.ifEqual(), 1e-12);
        assertEquals(3.0, two.oneIn(), 1e-9);
        assertFalse(two.enough());
    }

    @Test
    void threeSamplesEachComeApartOneTimeInTenAndAreNoLead() {
        Chance three = Chance.of(3, 3);
        assertEquals(0.1, three.ifEqual(), 1e-12);
        assertEquals(10.0, three.oneIn(), 1e-9);
        assertFalse(three.enough());
    }

    @Test
    void fiveSamplesEachComeApartOneTimeIn126AndAreALead() {
        Chance five = Chance.of(5, 5);
        assertEquals(2.0 / 252, five.ifEqual(), 1e-12);
        assertEquals(126.0, five.oneIn(), 1e-9);
        assertTrue(five.enough());
    }

    @Test
    void fourEachIsTheFewestThatMakeALeadAndThreeEachIsNot() {
        assertEquals(4, Chance.samplesNeeded());
        assertTrue(Chance.of(4, 4).enough()); // 1 in 35
        assertEquals(35.0, Chance.of(4, 4).oneIn(), 1e-9);
        assertFalse(Chance.of(3, 4).enough()); // 1 in 17.5: just short
        assertTrue(Chance.of(3, 5).enough()); // 1 in 28
    }

    @Test
    void unequalCountsCountTheWaysOfChoosingEitherArmsSamples() {
        assertEquals(Chance.of(2, 5).ifEqual(), Chance.of(5, 2).ifEqual(), 1e-15);
        assertEquals(2.0 / 21, Chance.of(2, 5).ifEqual(), 1e-12);
        // One sample each: the two are apart every time, so the chance is certainty, never a lead.
        assertEquals(1.0, Chance.of(1, 1).ifEqual(), 0);
        assertFalse(Chance.of(1, 1).enough());
    }

    @Test
    void aChanceThatDoesNotFollowFromItsSamplesOrAnEmptyRangeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Chance(3, 3, 0.05));
        assertThrows(IllegalArgumentException.class, () -> Chance.of(0, 3));
    }
}
