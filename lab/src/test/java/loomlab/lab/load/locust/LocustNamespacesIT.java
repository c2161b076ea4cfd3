package loomlab.lab.load.locust;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import loomlab.core.arm.DistributedLoad;
import loomlab.core.arm.DistributedLoad.WorkerLoad;
import loomlab.core.arm.HttpMeasurement;
import loomlab.lab.process.ChildProcess;
import loomlab.lab.process.ProcessSupervisor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several hosts on one machine: loomcat in a network namespace of its own, two Locust workers in
 * two others, the master in the root namespace, joined by the test's own bridge and veth links.
 * The workers start through the same code as {@code --worker-hosts} (only the shell differs:
 * {@code ip netns exec} instead of ssh). Skips with the reason without root, iproute2 or Locust.
 */
class LocustNamespacesIT {
    /** An HTTP/1.1 request line and Host header come to well over this; so does a response's head. */
    private static final long BYTES_PER_EXCHANGE = 40;

    @TempDir
    Path work;

    @AfterEach
    void nothingIsLeftRunning() {
        assertEquals(0, ProcessSupervisor.liveCount());
    }

    @Test
    void twoWorkersInTheirOwnNamespacesLoadAServerInAThirdAsOneHostDoes() throws Exception {
        TestNetwork.unavailable().ifPresent(Assumptions::abort);
        LocustInstall install = NamespaceRuns.locustOrAbort();
        ProcessSupervisor processes = new ProcessSupervisor();
        try (TestNetwork network = new TestNetwork(List.of("srv", "w1", "w2")).build();
             ChildProcess server = NamespaceRuns.loomcatIn(network, "srv", processes, work.resolve("loomcat.log"))) {
            String base = NamespaceRuns.baseOf(server);
            URI target = URI.create(base + "/blocking/50");
            assertTrue(base.contains(network.address("srv")), base);

            LocustWorkers remote = new LocustWorkers(0, List.of(
                    new LocustWorkers.RemoteWorker("ns-w1", network.shell("w1")),
                    new LocustWorkers.RemoteWorker("ns-w2", network.shell("w2"))), 0, network.rootAddress(), 0,
                    install.locust());
            Map<String, Long> sentBefore = sent(network);
            long serverSentBefore = network.sentBytes("srv");
            HttpMeasurement spread = NamespaceRuns.measure(install, remote, processes, target, server.pid(), work);
            Map<String, Long> sentDuring = sent(network);
            sentDuring.replaceAll((host, bytes) -> bytes - sentBefore.get(host));
            long serverSent = network.sentBytes("srv") - serverSentBefore;

            DistributedLoad workers = spread.distributed();
            Map<String, Long> counts = workers.perWorker().stream().collect(Collectors.toMap(WorkerLoad::name,
                    WorkerLoad::requests));
            assertEquals(2, workers.workers());
            assertTrue(counts.get("ns-w1") > 0 && counts.get("ns-w2") > 0, "each worker's own count: " + counts);
            assertEquals(spread.requests(), workers.requests(), "the workers' counts add up to Locust's");
            assertTrue(workers.perWorker().stream().noneMatch(WorkerLoad::local), "neither ran in the lab's namespace");
            // Each worker's requests left through its own link; the answers through the server's.
            assertTrue(sentDuring.get("w1") >= counts.get("ns-w1") * BYTES_PER_EXCHANGE, "w1 sent " + sentDuring.get(
                    "w1") + " bytes for " + counts.get("ns-w1") + " requests");
            assertTrue(sentDuring.get("w2") >= counts.get("ns-w2") * BYTES_PER_EXCHANGE, "w2 sent " + sentDuring.get(
                    "w2") + " bytes for " + counts.get("ns-w2") + " requests");
            assertTrue(serverSent >= spread.requests() * BYTES_PER_EXCHANGE, "the server sent " + serverSent
                    + " bytes for " + spread.requests() + " answers");

            HttpMeasurement oneHost = NamespaceRuns.measure(install, LocustWorkers.local(2), processes, target,
                    server.pid(), work);
            assertTrue(oneHost.throughputRps() > 200, "one host: " + oneHost.throughputRps() + " req/s, bound 400");
            double difference = Math.abs(spread.throughputRps() - oneHost.throughputRps()) / oneHost.throughputRps();
            assertTrue(difference <= 0.25, "one host " + oneHost.throughputRps() + " req/s, two namespaces "
                    + spread.throughputRps() + " req/s: " + Math.round(difference * 100) + " % apart");
            assertEquals(0, spread.errors());
        }
    }

    private static Map<String, Long> sent(TestNetwork network) throws java.io.IOException {
        return new java.util.HashMap<>(Map.of("w1", network.sentBytes("w1"), "w2", network.sentBytes("w2")));
    }
}
