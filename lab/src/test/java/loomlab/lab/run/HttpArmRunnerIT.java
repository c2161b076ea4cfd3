package loomlab.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.Endpoint.Sleep.Holding;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.Warmup;
import loomlab.core.bound.Bound;
import loomlab.core.bound.ProcessCpu;
import loomlab.core.bound.WaitTerm;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.servers.LoomcatAt;
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
        runner.experimentDone();
        assertEquals(0, ProcessSupervisor.liveCount());
    }

    @Test
    void theArmsOfAnExperimentShareOneDownstreamServiceStoppedWhenItEnds() throws Exception {
        HttpArmPlan plan = HttpArmPlan.forRequests(ServerId.LOOMCAT, ExecutorMode.virtual(),
                new Endpoint.DownstreamCall(5), 2, 10, Warmup.none(new Endpoint.Hello()));
        HttpArmResult first = assertInstanceOf(HttpArmResult.class, runner.run(plan, LabFixture.context(out)));
        assertEquals(1, ProcessSupervisor.liveCount(), "the downstream service outlives the arm, not the server");
        HttpArmResult second = assertInstanceOf(HttpArmResult.class, runner.run(plan, LabFixture.context(out)));
        assertEquals(1, ProcessSupervisor.liveCount(), "the second arm started no other downstream service");
        assertEquals(10, first.requests());
        assertEquals(10, second.requests());
        assertNotNull(second.check().bound().cpu().cpuOf(ProcessCpu.DOWNSTREAM), "read over the second arm's window");
        runner.experimentDone();
        assertEquals(0, ProcessSupervisor.liveCount());
    }

    @Test
    void aVirtualArmThroughTheDownstreamServiceCountsEveryRequest() throws Exception {
        HttpArmPlan plan = HttpArmPlan.forRequests(ServerId.LOOMCAT, ExecutorMode.virtual(),
                new Endpoint.DownstreamCall(20), 4, 80, new Warmup(Duration.ofMillis(300), new Endpoint.DownstreamCall(1)));
        HttpArmResult result = assertInstanceOf(HttpArmResult.class, runner.run(plan, LabFixture.context(out)));
        assertEquals(80, result.requests());
        assertEquals(0, result.errors());
        assertTrue(result.measured().warmupRequests() > 0);
        // 80 requests by 4 users that each wait 20 ms cannot take less than 20 waves of 20 ms.
        assertTrue(result.elapsedS() >= 0.4, "elapsed " + result.elapsedS());
        // The wait's bound is exact; the whole bound may be the CPU's instead on a loaded machine.
        assertEquals(0.4, result.check().bound().waiting().elapsedS(), 1e-9);
        assertTrue(result.boundElapsedS() >= 0.4 - 1e-9, "bound " + result.boundElapsedS());
        assertTrue(result.latencyMs().p50() >= 20, "p50 " + result.latencyMs().p50());
        assertNotNull(result.serverProcess().peakRssMb());
        assertNotNull(result.serverProcess().cpuS());
        assertTrue(result.serverProcess().requestsServed() >= 80, "served " + result.serverProcess().requestsServed());
        assertEquals(Runtime.version().feature(), Integer.parseInt(result.server().jdk().split("[.+-]")[0]));
        assertNotNull(result.check().bound().cpu(), "the server's, downstream's and generator's CPU were read");
        assertNotNull(result.check().bound().cpu().cpuOf(ProcessCpu.DOWNSTREAM));
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
        HttpArmPlan plan = HttpArmPlan.forDuration(ServerId.LOOMCAT, ExecutorMode.virtual(), new Endpoint.Sleep(20), 5,
                Duration.ofSeconds(1), Warmup.none(new Endpoint.Sleep(20)));
        HttpArmResult result = assertInstanceOf(HttpArmResult.class, runner.run(plan, LabFixture.context(out)));
        assertEquals(250.0, result.check().bound().waiting().rps(), 1e-9);
        assertTrue(result.boundRps() <= 250.0 + 1e-9, "bound " + result.boundRps());
        assertTrue(result.requests() > 20, "requests " + result.requests());
        assertTrue(result.throughputRps() <= result.boundRps() * 1.05, "rps " + result.throughputRps());
        assertTrue(result.efficiency() > 0.2, "efficiency " + result.efficiency());
    }

    @Test
    void theServersFlightRecordingCountsPinningOnlyWhereItHappens() throws Exception {
        HttpArmResult pinning = assertInstanceOf(HttpArmResult.class, runner.run(HttpArmPlan.forRequests(
                ServerId.LOOMCAT, ExecutorMode.virtual(), new Endpoint.Sleep(50, Holding.CLASS_INIT), 4, 12,
                Warmup.none(new Endpoint.Hello())), LabFixture.context(out)));
        HttpArmResult parking = assertInstanceOf(HttpArmResult.class, runner.run(HttpArmPlan.forRequests(
                ServerId.LOOMCAT, ExecutorMode.virtual(), new Endpoint.Sleep(50), 4, 12,
                Warmup.none(new Endpoint.Hello())), LabFixture.context(out)));
        assertEquals(12, pinning.requests());
        assertTrue(pinning.server().pinnedEvents() >= 12, "pinned events " + pinning.server().pinnedEvents());
        assertTrue(pinning.server().pinnedMs() >= 12 * 50, "pinned ms " + pinning.server().pinnedMs());
        assertEquals(0L, parking.server().pinnedEvents());
        assertEquals(0.0, parking.server().pinnedMs());
    }

    @Test
    void theDownstreamServiceIsNotUnderTestAndRecordsNothing() throws Exception {
        HttpArmPlan plan = HttpArmPlan.forRequests(ServerId.LOOMCAT, ExecutorMode.virtual(),
                new Endpoint.DownstreamCall(5), 2, 10, Warmup.none(new Endpoint.Hello()));
        HttpArmResult result = assertInstanceOf(HttpArmResult.class, runner.run(plan, LabFixture.context(out)));
        try (var files = java.nio.file.Files.list(out.resolve("logs"))) {
            List<String> recordings = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".jfr"))
                    .toList();
            assertEquals(List.of("loomcat_virtual_2_users-loomcat.jfr"), recordings);
        }
        // A call that pinned would pin on each of the 10 requests. A first request's class initialisation
        // (which still pins on JDK 25) can hold a loaded machine's carrier past JFR's 20 ms: one event.
        Long pinned = result.server().pinnedEvents();
        assertNotNull(pinned, "the server's recording was read");
        assertTrue(pinned < 5, pinned + " pinned events in 10 downstream calls");
    }

    @Test
    void aServerThatCannotStartBecomesAFailedArmWithItsLogTail() throws Exception {
        ServerUnderTest broken = LoomcatAt.broken("pom.xml");
        HttpArmPlan plan = HttpArmPlan.forRequests(ServerId.LOOMCAT, ExecutorMode.virtual(), new Endpoint.Hello(), 1, 1,
                Warmup.none(new Endpoint.Hello()));
        ArmResult result = runner.run(plan, LabFixture.context(out, List.of(broken)));
        FailedArm failed = assertInstanceOf(FailedArm.class, result);
        assertTrue(failed.failure().contains("exited with code"), failed.failure());
        assertTrue(failed.failure().contains("last lines of"), failed.failure());
    }

    @Test
    void aRequestWithNoWaitOfItsOwnIsBoundByItsWarmUnloadedLatencyAndTheCpu() throws Exception {
        HttpArmPlan plan = HttpArmPlan.forDuration(ServerId.LOOMCAT, ExecutorMode.virtual(), new Endpoint.Hello(), 8,
                Duration.ofSeconds(1), new Warmup(Duration.ofMillis(500), new Endpoint.Hello()));
        HttpArmResult result = assertInstanceOf(HttpArmResult.class, runner.run(plan, LabFixture.context(out)));
        Bound bound = result.check().bound();
        assertEquals(WaitTerm.Source.UNLOADED_LATENCY, bound.waiting().source());
        assertTrue(bound.waiting().waitS() > 0 && bound.waiting().waitS() < 0.5, "W " + bound.waiting().waitS());
        assertNotNull(bound.cpu());
        assertEquals(Bound.Basis.CPU, bound.basis(), "on loopback a hello costs CPU, not waiting: " + bound);
        // Every process on the machine that worked for the arm is counted, so the cores cap the rate.
        assertTrue(result.efficiency() <= 1.1, "efficiency " + result.efficiency());
    }

    private HttpArmResult blocking(ExecutorMode mode) throws Exception {
        HttpArmPlan plan = HttpArmPlan.forRequests(ServerId.LOOMCAT, mode, new Endpoint.Sleep(50), 4, 20,
                Warmup.none(new Endpoint.Hello()));
        return assertInstanceOf(HttpArmResult.class, runner.run(plan, LabFixture.context(out)));
    }
}
