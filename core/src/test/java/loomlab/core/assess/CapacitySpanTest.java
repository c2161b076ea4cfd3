package loomlab.core.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The capacity that every run of a repeated arm allows. */
class CapacitySpanTest {
    private static Capacity bracketed(double low, double high) {
        return new Capacity(Capacity.Kind.BRACKETED, low, low, high, null, List.of());
    }

    @Test
    void bracketsSpanFromTheLowestPassToTheHighestFailureWithTheMediansFigure() {
        Capacity a = bracketed(367, 400);
        Capacity b = bracketed(800, 1130);
        Capacity c = bracketed(566, 800);
        Capacity span = Capacity.span(List.of(a, b, c), c);
        assertEquals(Capacity.Kind.BRACKETED, span.kind());
        assertEquals(367, span.low());
        assertEquals(1130.0, span.high());
        assertEquals(566.0, span.rps(), "the median run's figure");
        assertEquals(List.of(), span.steps());
        // The runs in another order span the same.
        assertEquals(span, Capacity.span(List.of(c, b, a), c));
    }

    @Test
    void aRunOpenAboveLeavesTheSpanOpenAndARunThatPassedNothingLeavesItBelowTheHighestFailure() {
        Capacity open = new Capacity(Capacity.Kind.AT_LEAST, 2000.0, 2000, null, Capacity.Limit.CAP, List.of());
        Capacity spanOpen = Capacity.span(List.of(bracketed(800, 1130), open), open);
        assertEquals(Capacity.Kind.AT_LEAST, spanOpen.kind());
        assertEquals(800, spanOpen.low());
        assertNull(spanOpen.high());
        Capacity below = new Capacity(Capacity.Kind.BELOW_LOWEST, null, 0, 200.0, null, List.of());
        Capacity spanBelow = Capacity.span(List.of(below, bracketed(300, 400)), below);
        assertEquals(Capacity.Kind.BELOW_LOWEST, spanBelow.kind());
        assertEquals(400.0, spanBelow.high());
        assertNull(spanBelow.rps());
        assertSame(Capacity.NOT_MEASURED, Capacity.span(List.of(bracketed(300, 400), Capacity.NOT_MEASURED),
                Capacity.NOT_MEASURED));
    }

    @Test
    void theMedianIsOneOfTheRuns() {
        assertThrows(IllegalArgumentException.class, () -> Capacity.span(List.of(bracketed(1, 2)), bracketed(3, 4)));
    }
}
