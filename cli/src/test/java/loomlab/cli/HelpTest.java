package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HelpTest {
    @ParameterizedTest
    @ValueSource(strings = {"run", "assess", "list", "load", "serve", "compare", "jmh", "install", "jdks"})
    void everyCommandExplainsItselfWithHelp(String command) {
        CliRun run = CliRun.of(command, "--help");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("Usage: loomlab " + command), run.out());
    }
}
