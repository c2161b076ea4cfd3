package loomlab.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.servers.Loomcat;
import loomlab.lab.servers.ServerOptions;
import loomlab.lab.servers.ServerUnderTest;
import loomlab.threads.ExecutorMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real loomcat and downstream processes on loopback, small bounded runs, generous ratios. */
class HttpArmRunnerIT {
    @TempDir
    Path out;

    private final HttpArmRunner runner = new HttpArmRunner();

    @AfterEach
    void nothingIsLeftRunning() {
        assertEquals(0, ProcessSupervisor.liveCount());
    }

    @Test
    void aVirtualArmThroughTheDownstreamServiceCountsEveryRequest() throws Exception {
        HttpArmPlan plan = HttpArmPlan.forRequests("loomcat", ExecutorMode.virtual(), "/downstream?delay=20", 4, 80,
                Duration.ofMillis(300), "/downstream?delay=1", 0.02).withDownstream(20);
        HttpArmResult result = assertInstanceOf(HttpArmResult.class, runner.run(plan, LabFixture.context(out)));
        assertEquals(80, result.requests());
        assertEquals(0, result.errors());
        assertTrue(result.warmupRequests() > 0);
        // 80 requests by 4 users that each wait 20 ms cannot take less than 20 waves of 20 ms.
        assertTrue(result.elapsedS() >= 0.4, "elapsed " + result.elapsedS());
        assertEquals(0.4, result.boundElapsedS(), 1e-9);
        assertTrue(result.latencyMs().p50() >= 20, "p50 " + result.latencyMs().p50());
        assertNotNull(result.serverProcess().peakRssMb());
        assertNotNull(result.serverProcess().cpuS());
        assertTrue(result.serverProcess().requestsServed() >= 80, "served " + result.serverProcess().requestsServed());
    }

    @Test
    void aPoolOfOneServesOneRequestAtATimeAndVirtualThreadsDoNot() throws Exception {
        HttpArmResult pool = blocking(ExecutorMode.platform(1));
        HttpArmResult virtual = blocking(ExecutorMode.virtual());
        assertEquals(20, pool.requests());
        assertEquals(20, virtual.requests());
        // 20 requests of 50 ms through one thread take at least 1 s; with 4 at once about a quarter of it.
        assertTrue(pool.elapsedS() >= 1.0, "pool " + pool.elapsedS());
        assertTrue(virtual.elapsedS() < 0.8 * pool.elapsedS(), "virtual " + virtual.elapsedS() + " pool "
                + pool.elapsedS());
    }

    @Test
    void aDurationArmReportsThroughputAgainstItsBound() throws Exception {
        HttpArmPlan plan = HttpArmPlan.forDuration("loomcat", ExecutorMode.virtual(), "/blocking/20", 5,
                Duration.ofSeconds(1), Duration.ZERO, 0.02);
        HttpArmResult result = assertInstanceOf(HttpArmResult.class, runner.run(plan, LabFixture.context(out)));
        assertEquals(250.0, result.boundRps(), 1e-9);
        assertTrue(result.requests() > 20, "requests " + result.requests());
        assertTrue(result.throughputRps() <= result.boundRps() * 1.05, "rps " + result.throughputRps());
        assertTrue(result.efficiency() > 0.2, "efficiency " + result.efficiency());
    }

    @Test
    void theServersFlightRecordingCountsPinningOnlyWhereItHappens() throws Exception {
        HttpArmResult pinning = assertInstanceOf(HttpArmResult.class, runner.run(HttpArmPlan.forRequests("loomcat",
                ExecutorMode.virtual(), "/pin/50", 4, 12, Duration.ZERO, "/hello", 0.05), LabFixture.context(out)));
        HttpArmResult parking = assertInstanceOf(HttpArmResult.class, runner.run(HttpArmPlan.forRequests("loomcat",
                ExecutorMode.virtual(), "/blocking/50", 4, 12, Duration.ZERO, "/hello", 0.05), LabFixture.context(out)));
        assertEquals(12, pinning.requests());
        assertTrue(pinning.pinnedEvents() >= 12, "pinned events " + pinning.pinnedEvents());
        assertTrue(pinning.pinnedMs() >= 12 * 50, "pinned ms " + pinning.pinnedMs());
        assertEquals(0L, parking.pinnedEvents());
        assertEquals(0.0, parking.pinnedMs());
    }

    @Test
    void theDownstreamServiceIsNotUnderTestAndRecordsNothing() throws Exception {
        HttpArmPlan plan = HttpArmPlan.forRequests("loomcat", ExecutorMode.virtual(), "/downstream?delay=5", 2, 10,
                Duration.ZERO, "/hello", 0.005).withDownstream(5);
        HttpArmResult result = assertInstanceOf(HttpArmResult.class, runner.run(plan, LabFixture.context(out)));
        try (var files = java.nio.file.Files.list(out.resolve("logs"))) {
            List<String> recordings = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".jfr"))
                    .toList();
            assertEquals(List.of("loomcat-virtual_2_users_10_requests-loomcat.jfr"), recordings);
        }
        assertEquals(0L, result.pinnedEvents());
    }

    @Test
    void aServerThatCannotStartBecomesAFailedArmWithItsLogTail() throws Exception {
        ServerUnderTest broken = new ServerUnderTest() {
            @Override
            public String name() {
                return "loomcat";
            }

            @Override
            public String artefact() {
                return "pom.xml";
            }

            @Override
            public List<String> arguments(ExecutorMode mode, ServerOptions options) {
                return new Loomcat().arguments(mode, options);
            }
        };
        HttpArmPlan plan = HttpArmPlan.forRequests("loomcat", ExecutorMode.virtual(), "/hello", 1, 1, Duration.ZERO,
                "/hello", 0.001);
        ArmResult result = runner.run(plan, LabFixture.context(out, List.of(broken)));
        FailedArm failed = assertInstanceOf(FailedArm.class, result);
        assertTrue(failed.failure().contains("exited with code"), failed.failure());
        assertTrue(failed.failure().contains("last lines of"), failed.failure());
    }

    private HttpArmResult blocking(ExecutorMode mode) throws Exception {
        HttpArmPlan plan = HttpArmPlan.forRequests("loomcat", mode, "/blocking/50", 4, 20, Duration.ZERO,
                "/hello", 0.05);
        return assertInstanceOf(HttpArmResult.class, runner.run(plan, LabFixture.context(out)));
    }
}
