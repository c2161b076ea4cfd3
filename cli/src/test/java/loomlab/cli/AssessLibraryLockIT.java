package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import loomlab.lab.jdk.JdkSearch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code assess --jdk 21,25} on a service of the test's own that logs with a real third-party library
 * ({@code services/ledger/LedgerService.java}: the JDK's HTTP server and logback 1.5.38, whose jars the
 * build copies to {@code target/service-libraries}), compiled here for JDK 21. On JDK 21 with virtual
 * threads it deadlocks through logback's lock, taken inside the service's {@code synchronized}: the
 * watchdog names the carrier deadlock with logback's lock and the service's frame. On JDK 25 the same
 * code passes in turn and the arm has a capacity.
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class AssessLibraryLockIT {
    /** Two carriers whatever the machine, as the service's deadlock is described for. */
    private static final String TWO_CARRIERS =
            "-Djdk.virtualThreadScheduler.parallelism=2 -Djdk.virtualThreadScheduler.maxPoolSize=2";
    private static final Path LIBRARIES = Path.of("target", "service-libraries").toAbsolutePath();

    @TempDir
    Path out;
    @TempDir
    Path classes;

    private String ledgerCommand() throws IOException {
        List<Path> jars;
        try (Stream<Path> files = Files.list(LIBRARIES)) {
            jars = files.filter(f -> f.toString().endsWith(".jar")).sorted().toList();
        }
        assertEquals(3, jars.size(), "logback-classic, logback-core and slf4j-api in " + LIBRARIES + ": " + jars);
        String libraries = jars.stream().map(Path::toString).collect(Collectors.joining(":"));
        Path source = classes.resolve("ledger/LedgerService.java");
        Files.createDirectories(source.getParent());
        try (InputStream in = AssessLibraryLockIT.class.getResourceAsStream("/services/ledger/LedgerService.java")) {
            Files.write(source, in.readAllBytes());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int compiled = javac.run(null, null, null, "--release", "21", "-cp", libraries, "-d", classes.toString(),
                source.toString());
        assertEquals(0, compiled, "LedgerService.java compiles for JDK 21 against logback");
        return "{java} " + TWO_CARRIERS + " -cp " + classes + ":" + libraries + " ledger.LedgerService --port {port}"
                + " --threads {threads} --pool {pool}";
    }

    @Test
    void logbacksLockTakenInsideSynchronizedDeadlocksJdk21sVirtualArmAndJdk25HasACapacity() throws Exception {
        assumeTrue(JdkSearch.standard(CliProcess.HOME, System.getenv(),
                Path.of(System.getProperty("user.home"))).find(21).isPresent(),
                "no JDK 21 on this machine (./loomlab install jdk21)");
        AssessRun run = AssessRun.of(out, "--cmd", ledgerCommand(), "--path", "/post", "--pool", "4",
                "--slo-p99", "500", "--jdk", "21,25");
        assertEquals(0, run.cli().exitCode(), run.cli().err());

        JsonNode hung = run.arm("virtual", "21.");
        assertEquals("hung", hung.path("outcome").asText(), hung.toString());
        JsonNode hang = hung.path("hang");
        assertEquals("carrier-deadlock", hang.path("kind").asText(), hang.toString());
        assertTrue(hang.path("deadlocked").asBoolean(), hang.toString());
        assertTrue(hang.path("frames").toString().contains("ledger.LedgerService.post:"), "the service's frame: " + hang);
        JsonNode chain = hang.path("classification").path("chain");
        assertTrue(chain.toString().contains("ch.qos.logback.core.OutputStreamAppender.writeBytes"),
                "logback's lock, where it is taken: " + chain);
        assertTrue(hang.path("classification").path("lock").asText().startsWith("java.util.concurrent.locks.ReentrantLock"),
                hang.toString());

        JsonNode on25 = run.arm("virtual", "25.");
        assertEquals("completed", on25.path("outcome").asText(), on25.toString());
        assertFalse(on25.path("capacity_rps").isNull(), "JEP 491: the same code passes in turn on JDK 25: " + on25);
        for (String jdk : List.of("21.", "25.")) {
            assertEquals("completed", run.arm("platform:4", jdk).path("outcome").asText());
        }
        // One sentence per JDK, in the order the overview lists them; JDK 21's names the hang.
        assertTrue(run.headline().contains("JDK 21: the virtual arm hung: carrier-deadlock at ledger.LedgerService.post:"),
                run.headline());
        assertTrue(run.headline().contains("JDK 25: "), run.headline());
        AssessRun.nothingLeftBehind();
    }
}
