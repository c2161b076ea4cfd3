package loomlab.core.arm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A published figure is quoted with the seed's own digits, never rounded, and grouped as the lab's figures are. */
class PublishedTest {
    private static String shown(double value, String unit) {
        return new Published(value, unit, "seed").display();
    }

    @Test
    void wholeNumbersAreGroupedByThousands() {
        assertEquals("21,686 ms", shown(21686, "ms"));
        assertEquals("313 ms", shown(313, "ms"));
        assertEquals("1,000,000 tasks", shown(1_000_000, "tasks"));
    }

    @Test
    void fractionsKeepEveryDigitTheSeedGaveAndNoMore() {
        assertEquals("91.41 req/s", shown(91.41, "req/s"));
        assertEquals("21.213 s", shown(21.213, "s"));
        assertEquals("0.528 ops/s", shown(0.528, "ops/s"));
        assertEquals("1,049.5 ms", shown(1049.5, "ms"));
        assertEquals("12.2 s", shown(12.20, "s"));
    }

    @Test
    void aNegativeFigureKeepsItsSignBeforeTheGroups() {
        assertEquals("-1,234 ms", shown(-1234, "ms"));
    }
}
