package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Services started through {@code --cmd}, run without a shell, their flight recordings through
 * JAVA_TOOL_OPTIONS: loomcat with a path that pins, Quarkus (which chooses its threads per endpoint,
 * so the command cannot switch them), a path the idle service refuses, and a command that dies.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class AssessCommandsIT {
    @TempDir
    Path out;

    @Test
    void loomcatsPinningPathIsFoundAsAPinningSiteInTheVirtualArm() throws Exception {
        AssessRun.requireBuilt(AssessRun.LOOMCAT);
        AssessRun run = AssessRun.of(out, "--cmd", "{java} -jar " + AssessRun.LOOMCAT + " --port {port} --mode {threads}"
                + " --pool {pool}", "--path", "/pin/50", "--pool", "4", "--slo-p99", "100");
        assertEquals(0, run.cli().exitCode(), run.cli().err());
        JsonNode virtual = run.arm("virtual");
        assertEquals("command", virtual.path("switched_by").path("kind").asText());
        assertTrue(virtual.path("switched_by").path("notes").get(0).asText().contains("JAVA_TOOL_OPTIONS"));
        assertTrue(virtual.path("pinned_events").asLong() > 10, virtual.path("pinned_events").toString());
        JsonNode site = virtual.path("pinning_sites").get(0);
        assertTrue(site.path("frame").asText().startsWith("loomlab.loomcat.Pinning"), site.toString());
        assertTrue(site.path("events").asLong() > 10 && site.path("pinned_ms").asDouble() > 500, site.toString());
        assertTrue(site.path("stack").size() > 3, site.toString());
        assertEquals(0, run.arm("platform:4").path("pinned_events").asLong(), "platform threads pin nothing");
        // The arm is named with its JDK since assess runs on the JDKs it chose ("virtual, JDK 25").
        assertTrue(run.verdict().matches("(?s).*virtual(, JDK \\d+)?: [\\d,]+ pinned virtual threads.*")
                && run.verdict().contains("loomlab.loomcat.Pinning"), run.verdict());
        AssessRun.nothingLeftBehind();
    }

    @Test
    void locustsWorkersCanDriveTheCurveWhileTheCapacitySearchStaysOnTheLabsOpenModel() throws Exception {
        AssessRun.requireBuilt(AssessRun.LOOMCAT);
        AssessRun.requireLocust();
        AssessRun run = AssessRun.of(out, "--cmd", "{java} -jar " + AssessRun.LOOMCAT + " --port {port} --mode {threads}"
                + " --pool {pool}", "--path", "/blocking/20", "--pool", "4", "--slo-p99", "100", "--engine", "locust",
                "--workers", "2");
        assertEquals(0, run.cli().exitCode(), run.cli().err());
        for (JsonNode arm : run.arms()) {
            assertEquals("locust", arm.path("curve_engine").asText());
            assertTrue(arm.path("curve").size() > 0 && arm.path("curve").get(0).path("throughput_rps").asDouble() > 0,
                    arm.path("curve").toString());
            assertTrue(arm.path("capacity_rps").asDouble() > 0, arm.toString());
        }
        // 4 threads that each wait 20 ms allow at most 200 req/s, however many users Locust sends.
        JsonNode platform = run.arm("platform:4");
        for (JsonNode point : platform.path("curve")) {
            assertTrue(point.path("throughput_rps").asDouble() < 1.1 * 200, point.toString());
        }
        AssessRun.nothingLeftBehind();
    }

    @Test
    void quarkusRunsThroughItsCommandAndTheResultsSayItCouldNotBeSwitched() throws Exception {
        AssessRun.requireBuilt(AssessRun.QUARKUS);
        AssessRun run = AssessRun.of(out, "--cmd", quarkus(), "--path", "/stats", "--pool", "8", "--slo-p99", "50");
        assertEquals(0, run.cli().exitCode(), run.cli().err());
        for (JsonNode arm : run.arms()) {
            assertTrue(arm.path("capacity_rps").asDouble() > 50, arm.toString());
            assertTrue(arm.path("gc_pause_ms_whole_run").isNumber(), "JFR read through JAVA_TOOL_OPTIONS: "
                    + arm.path("name"));
            assertTrue(arm.path("switched_by").path("notes").toString().contains("the command has neither {threads} nor {virtual}"));
            assertTrue(arm.path("switched_by").path("arguments").toString().contains("-Dquarkus.thread-pool.max-threads=8"));
        }
        AssessRun.nothingLeftBehind();
    }

    @Test
    void aPathTheIdleServiceAnswers500FailsTheAssessmentAtOnce() throws Exception {
        AssessRun.requireBuilt(AssessRun.QUARKUS);
        long started = System.nanoTime();
        // Without a database Quarkus starts, but its JDBC path answers 500.
        AssessRun run = AssessRun.of(out, "--cmd", quarkus(), "--path", "/sandbox/blocking/jdbc", "--ready", "/stats",
                "--pool", "8");
        assertEquals(1, run.cli().exitCode());
        assertTrue(run.cli().err().contains("GET /sandbox/blocking/jdbc answered HTTP 500 while the service was idle"),
                run.cli().err());
        assertEquals("failed", run.arm("platform:8").path("status").asText());
        assertEquals("skipped", run.arm("virtual").path("status").asText(), "the arms after it are not run");
        assertTrue((System.nanoTime() - started) / 1e9 < 120, "at once, not after a search");
        AssessRun.nothingLeftBehind();
    }

    @Test
    void aServiceThatDiesBeforeItIsReadyIsReportedWithItsLogTail() throws Exception {
        AssessRun run = AssessRun.of(out, "--cmd", "{java} -jar " + out.resolve("missing.jar") + " --port {port}",
                "--path", "/");
        assertEquals(1, run.cli().exitCode());
        JsonNode platform = run.arm("platform");
        assertEquals("failed", platform.path("status").asText());
        String failure = platform.path("failure").asText();
        assertTrue(failure.contains("exited") || failure.contains("died"), failure);
        assertTrue(failure.contains("Unable to access jarfile"), "the log's tail: " + failure);
        AssessRun.nothingLeftBehind();
    }

    /**
     * A service of another language that dies mid-assessment, at a point that does not depend on
     * timing: it exits once more than 4 connections are open at once, which the curve's 16 users
     * reach after its 1-user step was measured.
     */
    @Test
    void aServiceThatDiesMidAssessmentKeepsWhatWasMeasuredAndIsReportedWithItsLogTail() throws Exception {
        Path service = out.resolve("fragile.py");
        Files.writeString(service, """
                import os, sys, threading
                from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

                open_connections = 0
                lock = threading.Lock()

                class Handler(BaseHTTPRequestHandler):
                    protocol_version = "HTTP/1.1"

                    def setup(self):
                        global open_connections
                        with lock:
                            open_connections += 1
                            if open_connections > 4:
                                print("fragile: more than 4 connections at once, giving up", flush=True)
                                os._exit(3)
                        super().setup()

                    def finish(self):
                        global open_connections
                        super().finish()
                        with lock:
                            open_connections -= 1

                    def do_GET(self):
                        body = b"ok"
                        self.send_response(200)
                        self.send_header("Content-Length", str(len(body)))
                        self.end_headers()
                        self.wfile.write(body)

                    def log_message(self, *args):
                        pass

                print("fragile: listening", flush=True)
                ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
                """);
        // {threads} reaches the script, which serves both arms alike: what matters here is how each ends.
        AssessRun run = AssessRun.of(out, "--cmd", "python3 " + service + " {port} {threads}", "--path", "/");
        assertEquals(1, run.cli().exitCode(), run.cli().err());
        assertEquals(2, run.arms().size(), run.arms().toString());
        for (JsonNode arm : run.arms()) {
            JsonNode curve = arm.path("curve");
            assertEquals(1, curve.size(), "the 1-user step was measured and kept: " + curve);
            assertEquals(1, curve.get(0).path("users").asInt());
            assertTrue(curve.get(0).path("throughput_rps").asDouble() > 0, curve.toString());
            String failure = arm.path("failure").asText();
            assertTrue(failure.contains("giving up"), "the service's log tail: " + failure);
            assertTrue(arm.path("capacity_rps").isNull(), "no capacity from a service that died: " + arm);
        }
        AssessRun.nothingLeftBehind();
    }

    private static String quarkus() {
        return "{java} -Dquarkus.http.port={port} -Dquarkus.thread-pool.max-threads={pool} -Dloomlab.blogposts.load=false"
                + " -jar " + AssessRun.QUARKUS;
    }
}
