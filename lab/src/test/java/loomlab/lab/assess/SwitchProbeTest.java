package loomlab.lab.assess;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import loomlab.core.assess.ThreadsSeen;
import org.junit.jupiter.api.Test;

/** The question whether an arm really ran its thread model stays open until a dump shows who serves. */
class SwitchProbeTest {
    @Test
    void noDumpOrDumpsThatCaughtNoRequestLeaveItOpen() {
        assertTrue(SwitchProbe.unanswered(null));
        assertTrue(SwitchProbe.unanswered(new ThreadsSeen(0, 0, List.of("arms/x.curve-1.threads.json"))));
    }

    @Test
    void aDumpThatCaughtEitherKindOfThreadServingAnswersIt() {
        assertFalse(SwitchProbe.unanswered(new ThreadsSeen(3, 0, List.of("arms/x.curve-1.threads.json"))));
        assertFalse(SwitchProbe.unanswered(new ThreadsSeen(0, 4, List.of("arms/x.curve-1.threads.json"))));
    }
}
