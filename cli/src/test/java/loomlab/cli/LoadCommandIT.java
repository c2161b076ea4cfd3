package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.List;
import loomlab.core.BadInput;
import loomlab.lab.load.locust.LocustInstall;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.report.Json;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class LoadCommandIT {
    private HelloServer server;
    private String url;

    @BeforeEach
    void startServer() throws Exception {
        server = HelloServer.start();
        url = server.url();
    }

    @AfterEach
    void stopServer() {
        server.close();
    }

    @Test
    void jsonHasTheDocumentedKeysAndExactCounts() throws Exception {
        CliRun run = CliRun.of("load", url, "-c", "4", "-n", "200", "--json");
        assertEquals(0, run.exitCode(), run.err());
        JsonNode json = Json.mapper().readTree(run.out());
        assertEquals(200, json.get("requests").asLong());
        assertEquals(0, json.get("errors").asLong());
        assertTrue(json.get("throughput_rps").asDouble() > 0);
        for (String key : List.of("mean", "p50", "p90", "p99", "p999", "max")) {
            assertTrue(json.get("latency_ms").has(key), key);
        }
        assertTrue(run.err().isEmpty(), "no progress line when not on a terminal: " + run.err());
    }

    @Test
    void locustWithTwoWorkersSendsExactlyTheCountAndSaysWhoSentWhat() throws Exception {
        try {
            new LocustInstall(Path.of("..").toAbsolutePath().normalize()).ensure(
                    new PrintStream(OutputStream.nullOutputStream()), new ProcessSupervisor());
        } catch (BadInput missing) {
            Assumptions.abort(missing.getMessage());
        }
        CliRun run = CliRun.of("load", url, "--engine", "locust", "--workers", "2", "-c", "4", "-n", "100", "--json");
        assertEquals(0, run.exitCode(), run.err());
        JsonNode json = Json.mapper().readTree(run.out());
        assertEquals("locust", json.get("engine").asText());
        assertEquals(100, json.get("requests").asLong());
        assertEquals(2, json.get("workers").asInt());
        assertEquals(100, json.get("per_worker").get(0).get("requests").asLong()
                + json.get("per_worker").get(1).get("requests").asLong());
        assertEquals("closed", json.get("load_model").asText());
        assertTrue(json.get("engine_note").asText().contains("approximated"), json.toString());
        assertEquals(0, ProcessSupervisor.liveCount());
    }

    @Test
    void theTableIsTheDefault() {
        CliRun run = CliRun.of("load", url, "-c", "2", "-n", "50");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("p99"), run.out());
    }

    @Test
    void aRefusedTargetIsMeasuredAsErrorsNotACrash() throws Exception {
        int closedPort;
        try (var socket = new java.net.ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        CliRun run = CliRun.of("load", "http://127.0.0.1:" + closedPort + "/", "-c", "2", "-d", "500ms", "--json");
        assertEquals(0, run.exitCode(), run.err());
        JsonNode json = Json.mapper().readTree(run.out());
        assertTrue(json.get("errors_by_kind").get("connect").asLong() > 0, run.out());
    }
}
