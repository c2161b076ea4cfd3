package loomlab.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationTextTest {

    @Test
    void parsesTheUnitsPeopleType() {
        assertEquals(Duration.ofSeconds(10), DurationText.parse("10s"));
        assertEquals(Duration.ofSeconds(10), DurationText.parse("10"));
        assertEquals(Duration.ofMillis(250), DurationText.parse("250ms"));
        assertEquals(Duration.ofMillis(1_500), DurationText.parse("1.5s"));
        assertEquals(Duration.ofMinutes(2), DurationText.parse("2m"));
        assertEquals(Duration.ofHours(1), DurationText.parse("1H"));
        assertEquals(Duration.ofNanos(1_000), DurationText.parse("1us"));
    }

    @Test
    void rejectsWhatIsNotADuration() {
        for (String text : new String[] {"", "s", "ten", "10 parsecs", "-1s", "1.2.3s"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DurationText.parse(text));
            assertEquals("not a duration: '" + text + "' (use e.g. 500ms, 10s, 2m, 1h)", e.getMessage());
        }
    }

    @Test
    void formatsInTheLargestExactUnit() {
        assertEquals("0s", DurationText.format(Duration.ZERO));
        assertEquals("10s", DurationText.format(Duration.ofSeconds(10)));
        assertEquals("1500ms", DurationText.format(Duration.ofMillis(1_500)));
        assertEquals("7us", DurationText.format(Duration.ofNanos(7_000)));
        assertEquals("3ns", DurationText.format(Duration.ofNanos(3)));
        assertEquals("-2s", DurationText.format(Duration.ofSeconds(-2)));
    }
}
