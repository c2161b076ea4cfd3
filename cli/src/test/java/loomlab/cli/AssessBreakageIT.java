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
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import loomlab.lab.jdk.JdkSearch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code assess} on a service of the test's own ({@code services/shop/ShopService.java}: the JDK's HTTP
 * server, no framework), compiled here for JDK 21: what breaks is caught while it happens, classified
 * from the service's thread dumps, and named at the service's own frames.
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class AssessBreakageIT {
    /** Two carriers whatever the machine, so the deadlock needs only a few users. */
    private static final String TWO_CARRIERS =
            "-Djdk.virtualThreadScheduler.parallelism=2 -Djdk.virtualThreadScheduler.maxPoolSize=2";

    @TempDir
    Path out;
    @TempDir
    Path classes;

    private String shopCommand() throws IOException {
        Path source = classes.resolve("shop/ShopService.java");
        Files.createDirectories(source.getParent());
        try (InputStream in = AssessBreakageIT.class.getResourceAsStream("/services/shop/ShopService.java")) {
            Files.write(source, in.readAllBytes());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int compiled = javac.run(null, null, null, "--release", "21", "-d", classes.toString(), source.toString());
        assertEquals(0, compiled, "ShopService.java compiles for JDK 21");
        return "{java} " + TWO_CARRIERS + " -cp " + classes + " shop.ShopService --port {port} --threads {threads}"
                + " --pool {pool}";
    }

    @Test
    void aSemaphoreTakenInsideSynchronizedHangsJdk21sVirtualArmAsACarrierDeadlockAtTheServicesFrame()
            throws Exception {
        assumeTrue(JdkSearch.standard(CliProcess.HOME, System.getenv(),
                Path.of(System.getProperty("user.home"))).find(21).isPresent(),
                "no JDK 21 on this machine (./loomlab install jdk21)");
        AssessRun run = AssessRun.of(out, "--cmd", shopCommand(), "--path", "/checkout", "--pool", "4",
                "--slo-p99", "500", "--jdk", "21,25");
        assertEquals(0, run.cli().exitCode(), run.cli().err());

        JsonNode hung = run.arm("virtual", "21.");
        assertEquals("hung", hung.path("outcome").asText(), hung.toString());
        JsonNode hang = hung.path("hang");
        assertEquals("carrier-deadlock", hang.path("kind").asText(), hang.toString());
        assertTrue(hang.path("deadlocked").asBoolean(), hang.toString());
        assertTrue(hang.path("frames").toString().contains("shop.ShopService.checkout:59"), hang.toString());
        assertEquals("java.util.concurrent.Semaphore", hang.path("classification").path("lock").asText());
        assertTrue(hang.path("silent_s").asDouble() <= 10, "caught within 10 s of the last answer: " + hang);
        assertEquals(2, hang.path("dumps").size(), hang.toString());
        for (JsonNode dump : hang.path("dumps")) {
            assertTrue(Files.isRegularFile(out.resolve(dump.asText())), "kept: " + dump);
        }

        JsonNode on25 = run.arm("virtual", "25.");
        assertEquals("completed", on25.path("outcome").asText(), on25.toString());
        assertFalse(on25.path("capacity_rps").isNull(), "JEP 491: the same code passes in turn on JDK 25");
        for (String jdk : List.of("21.", "25.")) {
            assertEquals("completed", run.arm("platform:4", jdk).path("outcome").asText());
        }
        assertTrue(run.verdict().contains("Deadlocked: 2 of 2 carriers held at shop.ShopService.checkout:59"),
                run.verdict());
        assertTrue(run.verdict().contains("wait-for chain: "), "the chain, thread to lock to holder: " + run.verdict());
        assertEquals("NEEDS_CARRIER", hang.path("classification").path("chain").path("ending").asText(),
                hang.toString());
        // One sentence per JDK, in the order the overview lists them; JDK 21's names the hang.
        assertTrue(run.headline().contains("JDK 21: the virtual arm hung: carrier-deadlock at"
                + " shop.ShopService.checkout:59"), run.headline());
        assertTrue(run.headline().contains("JDK 25: "), run.headline());
        AssessRun.nothingLeftBehind();
    }

    /**
     * The slow call waits at a frame of its own, one at a time, in a pool of 32 against the curve's 16
     * users. A platform thread is told from the rest of its pool only by a frame no other thread holds in
     * every dump while idle threads stand beside it: a busy pool passes through a shared frame all the
     * time, slow calls that overlap share theirs, and with every thread busy no dump can single out the
     * one that holds the slow request. With a 3 s call at the fast path's own frame and a pool of 16,
     * every dump of a loaded CI run fell in a busy pool.
     */
    @Test
    void oneCallInAThousandThatWaitsFourSecondsIsASlowCallStallOnBothThreadModels() throws Exception {
        AssessRun run = AssessRun.of(out, "--cmd", shopCommand(), "--path", "/pay", "--pool", "32",
                "--slo-p99", "200");
        assertEquals(0, run.cli().exitCode(), run.cli().err());
        for (String mode : List.of("platform:32", "virtual")) {
            JsonNode arm = run.arm(mode);
            assertEquals("completed", arm.path("outcome").asText(), mode + ": " + arm);
            JsonNode slow = null;
            for (JsonNode stall : arm.path("stalls")) {
                if (stall.path("kind").asText().equals("slow-call")) {
                    slow = stall;
                }
            }
            assertTrue(slow != null, mode + " has a slow-call stall: " + arm.path("stalls"));
            assertTrue(slow.path("frames").get(0).asText().startsWith("shop.ShopService.slowProvider:86"), slow.toString());
            assertTrue(slow.path("duration_ms").asDouble() >= 1_000, slow.toString());
        }
        AssessRun.nothingLeftBehind();
    }
}
