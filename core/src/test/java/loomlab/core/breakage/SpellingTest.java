package loomlab.core.breakage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The breakage enums keep the words results.json documents, now drawn from their names. */
class SpellingTest {
    @Test
    void eachKindAndOutcomeIsSpelledAsResultsJsonDocumentsIt() {
        assertEquals(List.of("carrier-deadlock", "carriers-monopolised", "cpu-saturated", "monitor-successor-wait",
                        "monitor-contention", "pool-exhausted", "slow-call", "backlog-drop", "unknown"),
                Arrays.stream(BreakageKind.values()).map(BreakageKind::toString).toList());
        assertEquals(List.of("completed", "hung", "died"),
                Arrays.stream(Outcome.values()).map(Outcome::id).toList());
    }
}
