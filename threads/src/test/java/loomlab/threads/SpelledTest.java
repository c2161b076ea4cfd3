package loomlab.threads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class SpelledTest {
    /** Spelled from its names but for one, which keeps a word of its own. */
    private enum Colour implements Spelled {
        DEEP_RED, GREEN, BLUE_ISH {
            @Override
            public String id() {
                return "blue_ish";
            }
        }
    }

    @Test
    void aSpellingReadsBackAsItsConstantAndEveryOtherWordNamesTheChoicesInOneLine() {
        assertEquals(Colour.DEEP_RED, Spelled.parse(Colour.class, "colour", "deep-red"));
        assertEquals(Colour.BLUE_ISH, Spelled.parse(Colour.class, "colour", "blue_ish"), "a word of its own");
        IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class,
                () -> Spelled.parse(Colour.class, "colour", "DEEP_RED"));
        assertEquals("unknown colour 'DEEP_RED'; choose from: deep-red, green, blue_ish", wrong.getMessage());
        assertTrue(wrong.getMessage().lines().count() == 1);
    }

    @Test
    void findIsEmptyForAnyOtherWordNullIncluded() {
        assertEquals(Optional.of(Colour.GREEN), Spelled.find(Colour.class, "green"));
        assertEquals(Optional.empty(), Spelled.find(Colour.class, "blue-ish"), "spelled otherwise");
        assertEquals(Optional.empty(), Spelled.find(Colour.class, null));
    }
}
