package loomlab.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import loomlab.core.arm.DistributedLoad.WorkerLoad;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.bound.Pause;
import loomlab.core.bound.ProcessCpu;
import loomlab.lab.load.Engine;
import loomlab.lab.load.Engines;
import loomlab.lab.load.locust.LocustInstall;
import loomlab.lab.load.locust.LocustWorkers;
import loomlab.lab.load.locust.TestNetwork;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The seeds' load tools and Locust driving real loomcat arms to a count, and Locust's workers on
 * other hosts; each test skips with a reason when its tool is missing (Locust: when it cannot be
 * installed; its workers on other hosts: without root or iproute2 for the test's network namespaces).
 */
class ToolCountsIT implements LeavesNoProcess {
    @TempDir
    Path out;

    @Test
    void wrkStopsAfterTheArmsCount() throws Exception {
        HttpArmResult wrk = ToolRuns.run(out, Engines.WRK, ToolRuns.COUNTED);
        assertEquals(40, wrk.requests());
        // 40 requests of 20 ms by 4 users take at least 10 waves of 20 ms; the script's clock, not wrk's limit.
        assertTrue(wrk.elapsedS() >= 0.2 && wrk.elapsedS() < 30, "elapsed " + wrk.elapsedS());
        assertEquals(0, wrk.errors());
    }

    @Test
    void abDrivesARequestCountArm() throws Exception {
        HttpArmResult ab = ToolRuns.run(out, Engines.AB, ToolRuns.COUNTED);
        assertEquals("ab", ab.engine());
        assertEquals(40, ab.requests());
        assertTrue(ab.measured().generator().processCpuS() != null, "ab's own CPU is read as the generator's");
        assertEquals(0, ab.errors());
        assertTrue(ab.elapsedS() >= 0.2, "elapsed " + ab.elapsedS());
        assertTrue(ab.latencyMs().p50() >= 20, "p50 " + ab.latencyMs().p50());
    }

    @Test
    void siegeDrivesARequestCountArmWithItsDelay() throws Exception {
        HttpArmPlan delayed = ToolRuns.COUNTED.withLoad(ToolRuns.COUNTED.load().withPause(
                Pause.fixed(Duration.ofMillis(100))));
        HttpArmResult siege = ToolRuns.run(out, Engines.SIEGE, delayed);
        assertEquals("siege", siege.engine());
        assertEquals(Pause.Model.UNIFORM_BEFORE_REQUEST, siege.load().pause().model());
        assertTrue(siege.check().bound().cpu() != null && siege.check().bound().cpu().cpuOf(ProcessCpu.GENERATOR) != null,
                "siege's own CPU is read as the generator's");
        assertEquals(40, siege.requests());
        assertEquals(0, siege.errors());
        assertNull(siege.latencyMs().p50(), "siege prints no percentiles");
        assertTrue(siege.latencyMs().mean() >= 20, "mean " + siege.latencyMs().mean());
    }

    @Test
    void locustStopsAfterTheArmsCountSharedAmongItsWorkers() throws Exception {
        HttpArmResult locust = ToolRuns.run(out, ToolRuns.locust(LocustWorkers.local(2)), ToolRuns.COUNTED);
        assertEquals(40, locust.requests());
        assertEquals(0, locust.errors());
        // 40 requests of 20 ms by 4 users take at least 10 waves of 20 ms.
        assertTrue(locust.elapsedS() >= 0.2 && locust.elapsedS() < 30, "elapsed " + locust.elapsedS());
        assertEquals(List.of(20L, 20L), locust.measured().distributed().perWorker().stream()
                .map(WorkerLoad::requests).toList(), "two users each: half the count each");
    }

    /**
     * Every Locust worker on another host (two network namespaces of the test's own): the servers
     * under test then listen on the address the workers reach this machine at, as {@code
     * --worker-hosts ... --master-address ADDRESS} makes them.
     */
    @Test
    void locustWorkersOnOtherHostsReachTheArmsServers() throws Exception {
        TestNetwork.unavailable().ifPresent(Assumptions::abort);
        try (TestNetwork network = new TestNetwork(List.of("w1", "w2")).build()) {
            LocustWorkers elsewhere = new LocustWorkers(0, List.of(
                    new LocustWorkers.RemoteWorker("ns-w1", network.shell("w1")),
                    new LocustWorkers.RemoteWorker("ns-w2", network.shell("w2"))), 0, network.rootAddress(), 0,
                    new LocustInstall(LabFixture.HOME).locust());
            Engine engine = ToolRuns.locust(elsewhere);
            assertEquals(network.rootAddress(), engine.serverAddress());
            HttpArmResult arm = ToolRuns.run(out, engine, ToolRuns.WAITING);
            Map<String, Long> counts = arm.measured().distributed().perWorker().stream().collect(Collectors.toMap(
                    WorkerLoad::name, WorkerLoad::requests));
            // The namespaces' loopback is their own: these answers came from servers listening on the bridge.
            assertTrue(counts.get("ns-w1") > 0 && counts.get("ns-w2") > 0, counts.toString());
            assertEquals(0, arm.errors());
            assertTrue(arm.throughputRps() > 200, arm.throughputRps() + " req/s, bound 400");
        }
    }
}
