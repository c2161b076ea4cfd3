package loomlab.lab.diagnose;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import loomlab.core.arm.DiagnosedJvm;
import loomlab.core.diagnose.Stillness;
import org.junit.jupiter.api.Test;

/**
 * The dumps {@code loomlab diagnose --pid} took of the lab's real servers while they were healthy
 * ({@code thread-dumps/servers/}, kept by HealthyServers; provenance in thread-dumps/README.md): one set per
 * server, idle a few seconds after a burst that grew its pool. Read offline as {@code diagnose
 * DUMP.json ...} reads them, each set names nothing and exits 0, so a rule change that brings back a false
 * alarm on a real server (issue 49) fails here, without starting one.
 */
class HealthyServerFixturesTest {
    /** Every set kept: a set that goes missing fails too. */
    private static final List<String> SETS = List.of(
            "jdk21/spring-platform-idle",
            "jdk25/jetty-platform-idle",
            "jdk25/quarkus-worker-and-virtual-idle",
            "jdk25/webflux-reactive-idle");

    private static DiagnosedJvm diagnose(List<Path> dumps) {
        DiagnoseRun run = new DiagnoseRun(new PrintWriter(Writer.nullWriter()));
        return run.offline(DiagnoseRun.checkOffline(dumps, null), null);
    }

    /** The dumps of a set, in the order taken: {@code STEM-1.json}, {@code STEM-2.json}, ... */
    private static List<Path> dumps(String set) throws IOException {
        Path folder = Fixtures.dump("servers/" + set.substring(0, set.indexOf('/')));
        String stem = set.substring(set.indexOf('/') + 1);
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.getFileName().toString().matches(java.util.regex.Pattern.quote(stem) + "-\\d+\\.json"))
                    .sorted(java.util.Comparator.comparingInt(f -> Integer.parseInt(f.getFileName().toString()
                            .replaceAll(".*-(\\d+)\\.json$", "$1"))))
                    .toList();
        }
    }

    @Test
    void everyHealthyServerSetNamesNothingAndExitsZero() throws IOException {
        for (String set : SETS) {
            List<Path> dumps = dumps(set);
            assertTrue(dumps.size() >= 3, set + ": three dumps or more, as diagnose --pid takes them: " + dumps);
            DiagnosedJvm jvm = diagnose(dumps);
            assertEquals(0, jvm.exitCode(), set + ": " + jvm.stillness() + " " + jvm.found());
            assertEquals(List.of(), jvm.found(), set);
            assertFalse(jvm.broke(), set);
            assertFalse(jvm.undecided(), set);
            assertTrue(List.of(Stillness.Verdict.MOVING, Stillness.Verdict.STALLED).contains(jvm.stillness().verdict()),
                    set + ": " + jvm.stillness());
        }
    }

    @Test
    void everySetKeptIsReadHere() throws IOException {
        TreeSet<String> kept = new TreeSet<>();
        for (String jdk : List.of("jdk21", "jdk25")) {
            try (Stream<Path> files = Files.list(Fixtures.dump("servers/" + jdk))) {
                files.map(f -> f.getFileName().toString()).filter(n -> n.matches(".*-\\d+\\.json"))
                        .forEach(n -> kept.add(jdk + "/" + n.replaceAll("-\\d+\\.json$", "")));
            }
        }
        assertEquals(new TreeSet<>(SETS), kept);
    }

    /** Reversed: the first dump of a set alone cannot say so, and says it is undecided (exit 3). */
    @Test
    void oneDumpOfAHealthyServerIsUndecided() throws IOException {
        DiagnosedJvm jvm = diagnose(dumps(SETS.getFirst()).subList(0, 1));
        assertEquals(Stillness.Verdict.ONE_DUMP, jvm.stillness().verdict());
        assertEquals(3, jvm.exitCode());
    }
}
