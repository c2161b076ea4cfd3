package loomlab.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import loomlab.core.arm.DistributedLoad.WorkerLoad;
import loomlab.core.arm.HttpArmResult;
import loomlab.lab.load.EngineChoice;
import loomlab.lab.load.locust.LocustInstall;
import loomlab.lab.load.locust.LocustWorkers;
import loomlab.lab.load.locust.TestNetwork;
import loomlab.lab.process.ProcessSupervisor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An arm of {@code run} with every Locust worker on another host (two network namespaces of the
 * test's own): the servers under test then listen on the address the workers reach this machine
 * at, as {@code --worker-hosts ... --master-address ADDRESS} makes them. Skips with the reason
 * without root, iproute2 or Locust.
 */
class LocustWorkerHostsIT {
    @TempDir
    Path out;

    @AfterEach
    void nothingIsLeftRunning() {
        assertEquals(0, ProcessSupervisor.liveCount());
    }

    @Test
    void anArmsServersListenWhereWorkersOnOtherHostsReachThem() throws Exception {
        TestNetwork.unavailable().ifPresent(Assumptions::abort);
        try (TestNetwork network = new TestNetwork(List.of("w1", "w2")).build()) {
            LocustWorkers elsewhere = new LocustWorkers(0, List.of(
                    new LocustWorkers.RemoteWorker("ns-w1", network.shell("w1")),
                    new LocustWorkers.RemoteWorker("ns-w2", network.shell("w2"))), 0, network.rootAddress(), 0,
                    new LocustInstall(LabFixture.HOME).locust());
            EngineChoice engine = EngineChoice.locust(elsewhere);
            assertEquals(network.rootAddress(), engine.serverAddress());
            HttpArmResult arm = LocustEngineIT.run(engine, LocustEngineIT.WAITING, LabFixture.context(out));
            Map<String, Long> counts = arm.measured().distributed().perWorker().stream().collect(Collectors.toMap(
                    WorkerLoad::name, WorkerLoad::requests));
            // Loopback is the namespaces' own: these answers came from a server listening on the bridge's address.
            assertTrue(counts.get("ns-w1") > 0 && counts.get("ns-w2") > 0, counts.toString());
            assertEquals(0, arm.errors());
            assertTrue(arm.throughputRps() > 200, arm.throughputRps() + " req/s, bound 400");
        }
    }
}
