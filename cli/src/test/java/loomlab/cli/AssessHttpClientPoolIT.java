package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code assess --jdk 21,25} on a service of the test's own that calls another over HTTP through a real
 * Apache HttpClient 4.5.14 with a pool of two connections ({@code services/relay/RelayService.java}, the
 * jars in {@code target/relay-libraries}), compiled here for JDK 21. On JDK 21 with virtual threads its
 * callers wait for a connection pinned, inside the pool's {@code synchronized} (HTTPCORE-746): the watchdog
 * names the carrier deadlock at HttpClient's pool frame and the service's own. On JDK 25 the callers take
 * the connections in turn and the arm has a capacity.
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class AssessHttpClientPoolIT {
    @TempDir
    Path out;
    @TempDir
    Path classes;

    @Test
    void httpClient4sPoolDeadlocksJdk21sVirtualArmAndJdk25HasACapacity() throws Exception {
        OwnService.java21();
        String libraries = OwnService.libraries(OwnService.RELAY_LIBRARIES, 4);
        OwnService.compile("relay/RelayService.java", classes, libraries);
        String command = "{java} " + String.join(" ", OwnService.TWO_CARRIERS) + " -cp " + classes + ":" + libraries
                + " relay.RelayService --port {port} --threads {threads} --pool {pool}";
        AssessRun run = AssessRun.of(out, "--cmd", command, "--path", "/quote", "--pool", "4", "--slo-p99", "500",
                "--jdk", "21,25");
        assertEquals(0, run.cli().exitCode(), run.cli().err());

        JsonNode hung = run.arm("virtual", "21.");
        assertEquals("hung", hung.path("outcome").asText(), hung.toString());
        JsonNode hang = hung.path("hang");
        assertEquals("carrier-deadlock", hang.path("kind").asText(), hang.toString());
        String named = hang.path("frames").toString() + hang.path("classification");
        assertTrue(named.contains("org.apache.http.pool.AbstractConnPool.getPoolEntryBlocking"),
                "the pool's frame, where the callers wait: " + hang);
        assertTrue(named.contains("relay.RelayService.quote:"), "the service's frame: " + hang);
        // The chain's link carries both: where the pinned thread waits, and the service's frame it came from.
        JsonNode link = hang.path("classification").path("chain").path("links").path(0);
        assertTrue(link.path("frame").asText().startsWith("org.apache.http.pool.AbstractConnPool.getPoolEntryBlocking:"),
                link.toString());
        assertTrue(link.path("user_frame").asText().startsWith("relay.RelayService.quote:"), link.toString());

        JsonNode on25 = run.arm("virtual", "25.");
        assertEquals("completed", on25.path("outcome").asText(), on25.toString());
        assertFalse(on25.path("capacity_rps").isNull(), "JEP 491: the callers wait off their carriers on JDK 25: "
                + on25);
        for (String jdk : List.of("21.", "25.")) {
            assertEquals("completed", run.arm("platform:4", jdk).path("outcome").asText());
        }
        assertTrue(run.headline().contains("JDK 21: the virtual arm hung: carrier-deadlock at"), run.headline());
        assertTrue(run.headline().contains("JDK 25: "), run.headline());
        AssessRun.nothingLeftBehind();
    }
}
