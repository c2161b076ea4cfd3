package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ListCommandTest {
    @Test
    void listsEveryExperimentWithItsSeed() {
        CliRun run = CliRun.of("list");
        assertEquals(0, run.exitCode());
        assertTrue(run.out().startsWith("service-to-service"), run.out());
        assertTrue(run.out().contains("blocking-endpoint"), run.out());
        assertTrue(run.out().contains("seed 000"), run.out());
        assertTrue(run.err().isEmpty(), run.err());
    }
}
