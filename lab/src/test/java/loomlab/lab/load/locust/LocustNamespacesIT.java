package loomlab.lab.load.locust;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import loomlab.core.BadInput;
import loomlab.core.arm.DistributedLoad;
import loomlab.core.arm.DistributedLoad.WorkerLoad;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpMeasurement;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.Warmup;
import loomlab.lab.load.LabLoadEngine;
import loomlab.lab.process.ChildProcess;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.threads.ExecutorMode;
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
    private static final Path HOME = Path.of("..").toAbsolutePath().normalize();
    /** Waiting dominates: 20 users on a 50 ms sleep, near 400 req/s, far below what either set-up can send. */
    private static final HttpArmPlan WAITING = HttpArmPlan.forDuration(ServerId.LOOMCAT, ExecutorMode.virtual(),
            new Endpoint.Sleep(50), 20, Duration.ofSeconds(3), new Warmup(Duration.ofSeconds(1), new Endpoint.Sleep(50)));
    /** An HTTP/1.1 request line and Host header come to well over this; so does a response's head. */
    private static final long BYTES_PER_EXCHANGE = 40;
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    @TempDir
    Path work;

    @AfterEach
    void nothingIsLeftRunning() {
        assertEquals(0, ProcessSupervisor.liveCount());
    }

    @Test
    void twoWorkersInTheirOwnNamespacesLoadAServerInAThirdAsOneHostDoes() throws Exception {
        TestNetwork.unavailable().ifPresent(Assumptions::abort);
        LocustInstall install = new LocustInstall(HOME);
        try {
            install.ensure(QUIET, new ProcessSupervisor());
        } catch (BadInput missing) {
            Assumptions.abort(missing.getMessage());
        }
        ProcessSupervisor processes = new ProcessSupervisor();
        try (TestNetwork network = new TestNetwork(List.of("srv", "w1", "w2")).build();
             ChildProcess server = processes.start("loomcat", network.inside("srv", List.of(
                     Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                     ProcessSupervisor.parentWatchFlag(), "-jar", HOME.resolve("servers/loomcat/target/loomcat.jar")
                             .toString(), "--mode", "virtual", "--port", "0", "--bind", network.address("srv"))),
                     work.resolve("loomcat.log"))) {
            String base = server.awaitLine(Pattern.compile("listening on (http://\\S+)"), Duration.ofSeconds(30))
                    .group(1);
            URI target = URI.create(base + "/blocking/50");
            assertTrue(base.contains(network.address("srv")), base);

            LocustWorkers remote = new LocustWorkers(0, List.of(
                    new LocustWorkers.RemoteWorker("ns-w1", network.shell("w1")),
                    new LocustWorkers.RemoteWorker("ns-w2", network.shell("w2"))), 0, network.rootAddress(), 0,
                    install.locust());
            Map<String, Long> sentBefore = sent(network);
            long serverSentBefore = network.sentBytes("srv");
            HttpMeasurement spread = measure(install, remote, processes, target, server.pid());
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

            HttpMeasurement oneHost = measure(install, LocustWorkers.local(2), processes, target, server.pid());
            assertTrue(oneHost.throughputRps() > 200, "one host: " + oneHost.throughputRps() + " req/s, bound 400");
            double difference = Math.abs(spread.throughputRps() - oneHost.throughputRps()) / oneHost.throughputRps();
            assertTrue(difference <= 0.25, "one host " + oneHost.throughputRps() + " req/s, two namespaces "
                    + spread.throughputRps() + " req/s: " + Math.round(difference * 100) + " % apart");
            assertEquals(0, spread.errors());
        }
    }

    private HttpMeasurement measure(LocustInstall install, LocustWorkers workers, ProcessSupervisor processes,
                                    URI target, long serverPid) throws InterruptedException {
        LocustEngine engine = new LocustEngine(new LabLoadEngine(QUIET, false), install, workers, processes, work,
                QUIET);
        long warmup = engine.warmUp(WAITING, target);
        return engine.measure(WAITING, target, serverPid, warmup, new LabLoadEngine.ServerUsageProbe() {
            @Override
            public void start() {
            }

            @Override
            public void finish(long peakOsThreads) {
            }
        }, null);
    }

    private static Map<String, Long> sent(TestNetwork network) throws java.io.IOException {
        return new java.util.HashMap<>(Map.of("w1", network.sentBytes("w1"), "w2", network.sentBytes("w2")));
    }
}
