package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import loomlab.core.experiment.Profile;
import org.junit.jupiter.api.Test;

/** The recorded command line is the one typed, from picocli's parse result, without a password. */
class TypedCommandTest {
    private static List<String> typed(Profile profile, String... args) {
        return TypedCommand.words(LoomLab.commandLine().parseArgs(args).subcommand(), profile);
    }

    @Test
    void everyOptionAsTypedInTheOrderTypedWithTheProfileNamed() {
        assertEquals(List.of("loomlab", "run", "connections", "thread-limit", "--connections", "100,000",
                "--virtual-thread-cap", "2000000", "--engine", "locust", "--workers", "2", "--jdk", "21,25",
                "--quick"), typed(Profile.QUICK, "run", "connections", "thread-limit", "--connections", "100,000",
                "--virtual-thread-cap", "2000000", "--engine", "locust", "--workers", "2", "--jdk", "21,25"));
        assertEquals(List.of("loomlab", "run", "--full", "--repeat", "3", "--no-watchdog"),
                typed(Profile.FULL, "run", "--full", "--repeat", "3", "--no-watchdog"),
                "a profile typed is not named twice; flags are their names");
    }

    @Test
    void aPasswordIsNeverRecorded() {
        List<String> words = typed(Profile.QUICK, "run", "jdbc", "--db-url", "jdbc:postgresql://db:5432/lab",
                "--db-user", "lab", "--db-password", "s3cret");
        assertEquals(List.of("loomlab", "run", "jdbc", "--db-url", "jdbc:postgresql://db:5432/lab", "--db-user",
                "lab", "--quick"), words);
    }

    @Test
    void repeatedOptionsKeepEachValueAndShellWordsAreQuoted() {
        assertEquals(List.of("loomlab", "assess", "--cmd", "'java -jar shop.jar --threads={threads}'", "--path",
                "/a", "--path", "'/b?x=1 y'", "--slo-p99", "200", "--quick"),
                typed(Profile.QUICK, "assess", "--cmd", "java -jar shop.jar --threads={threads}", "--path", "/a",
                        "--path", "/b?x=1 y", "--slo-p99", "200"));
    }
}
