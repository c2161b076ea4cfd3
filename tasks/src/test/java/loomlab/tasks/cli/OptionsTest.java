package loomlab.tasks.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;

class OptionsTest {
    private static final Set<String> NAMES = Set.of("tasks", "mode");

    @Test
    void readsBothSpellingsAndFallsBackToDefaults() {
        Options options = Options.parse(new String[] {"--tasks", "1_000", "--mode=virtual"}, NAMES);
        assertEquals(1000, options.integer("tasks", 5, 1));
        assertEquals("virtual", options.text("mode", "platform"));
        assertTrue(options.has("mode"));
        Options empty = Options.parse(new String[0], NAMES);
        assertEquals(5, empty.integer("tasks", 5, 1));
        assertFalse(empty.has("mode"));
    }

    @Test
    void rejectsUnknownMissingRepeatedAndStrayArguments() {
        assertEquals("unknown option --bogus; options: --mode, --tasks",
                assertThrows(UsageException.class, () -> Options.parse(new String[] {"--bogus", "1"}, NAMES)).getMessage());
        assertEquals("option --tasks needs a value",
                assertThrows(UsageException.class, () -> Options.parse(new String[] {"--tasks"}, NAMES)).getMessage());
        assertEquals("option --tasks given twice",
                assertThrows(UsageException.class, () -> Options.parse(new String[] {"--tasks=1", "--tasks=2"}, NAMES)).getMessage());
        assertThrows(UsageException.class, () -> Options.parse(new String[] {"tasks"}, NAMES));
    }

    @Test
    void checksNumbersAndRanges() {
        Options options = Options.parse(new String[] {"--tasks", "ten", "--mode", "0"}, NAMES);
        assertEquals("--tasks: 'ten' is not a whole number",
                assertThrows(UsageException.class, () -> options.integer("tasks", 1, 1)).getMessage());
        assertEquals("--mode: 0 is out of range; it must be between 1 and 2147483647",
                assertThrows(UsageException.class, () -> options.integer("mode", 1, 1)).getMessage());
        Options tooBig = Options.parse(new String[] {"--tasks", "3000000000"}, NAMES);
        assertThrows(UsageException.class, () -> tooBig.integer("tasks", 1, 1));
        assertEquals(3_000_000_000L, tooBig.longInteger("tasks", 1, 1));
    }

    @Test
    void turnsParserErrorsIntoUsageLines() {
        Options options = Options.parse(new String[] {"--mode", "green"}, NAMES);
        UsageException error = assertThrows(UsageException.class, () -> options.choice("mode", "x", text -> {
            throw new IllegalArgumentException("unknown mode '" + text + "'");
        }));
        assertEquals("--mode: unknown mode 'green'", error.getMessage());
    }
}
