package loomlab.lab.load.locust;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import loomlab.core.arm.DistributedLoad;
import loomlab.core.arm.HttpMeasurement;
import loomlab.lab.process.ChildProcess;
import loomlab.lab.process.ProcessSupervisor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --worker-hosts} over real ssh: OpenSSH's sshd in a network namespace of the test's own (a
 * host with an address of its own, its own host key, and only the test's key authorised), the
 * lab's ssh command line ({@link RemoteShell#ssh}) reaching it with a client configuration of the
 * test's, a Locust worker started there by the same start script as on any worker host, and
 * loomcat in a second namespace. Skips with the reason without root, iproute2, Locust or OpenSSH.
 */
class LocustOverSshIT {
    private static final Path SSHD = Path.of("/usr/sbin/sshd");

    @TempDir
    Path work;

    @AfterEach
    void nothingIsLeftRunning() {
        assertEquals(0, ProcessSupervisor.liveCount());
    }

    @Test
    void aWorkerStartedOverSshOnAnotherHostLoadsTheServerAndStopsWithTheRun() throws Exception {
        TestNetwork.unavailable().ifPresent(Assumptions::abort);
        unavailable().ifPresent(Assumptions::abort);
        LocustInstall install = NamespaceRuns.locustOrAbort();
        ProcessSupervisor processes = new ProcessSupervisor();
        try (TestNetwork network = new TestNetwork(List.of("srv", "ssh1")).build();
             ChildProcess sshd = processes.start("sshd", network.inside("ssh1", List.of(SSHD.toString(), "-D", "-e",
                     "-f", sshdConfig(network.address("ssh1")).toString())), work.resolve("sshd.log"));
             ChildProcess server = NamespaceRuns.loomcatIn(network, "srv", processes, work.resolve("loomcat.log"))) {
            sshd.awaitLine(Pattern.compile("Server listening on"), Duration.ofSeconds(20));
            String base = NamespaceRuns.baseOf(server);
            String host = "root@" + network.address("ssh1");
            RemoteShell overSsh = RemoteShell.ssh(host, List.of("-F", clientConfig(network.address("ssh1")).toString()));
            LocustWorkers workers = new LocustWorkers(0, List.of(new LocustWorkers.RemoteWorker(host, overSsh)), 0,
                    network.rootAddress(), 0, install.locust());
            long sentBefore = network.sentBytes("ssh1");

            HttpMeasurement measured = NamespaceRuns.measure(install, workers, processes,
                    java.net.URI.create(base + "/blocking/50"), server.pid(), work);

            DistributedLoad load = measured.distributed();
            assertEquals(1, load.workers());
            DistributedLoad.WorkerLoad worker = load.perWorker().getFirst();
            assertEquals(host, worker.name());
            assertTrue(!worker.local() && worker.requests() > 0, "the ssh host's own count: " + worker);
            assertEquals(measured.requests(), worker.requests());
            assertEquals(0, measured.errors());
            assertTrue(measured.throughputRps() > 200, measured.throughputRps() + " req/s against a bound of 400");
            assertTrue(network.sentBytes("ssh1") - sentBefore >= worker.requests() * 40,
                    "the worker's requests left through the ssh host's link");
            assertTrue(Files.readString(work.resolve("sshd.log")).contains("Accepted publickey for root"),
                    "the worker came in through sshd");
            // The worker went with the run: nothing of the test's is left on the ssh host but sshd itself.
            assertTrue(awaitNoLocustUnder(network.namespace("ssh1"), Duration.ofSeconds(15)),
                    "a Locust worker still runs in " + network.namespace("ssh1"));
            try (var left = Files.list(work.resolve("remote-tmp"))) {
                assertEquals(List.of(), left.toList(), "the worker's temporary folder was removed");
            }
        }
    }

    /** Why this machine cannot run an sshd of the test's own, or empty when it can. */
    private static Optional<String> unavailable() {
        if (!Files.isExecutable(SSHD)) {
            return Optional.of("OpenSSH's sshd is not installed (apt-get install openssh-server)");
        }
        for (String tool : List.of("ssh", "ssh-keygen")) {
            if (List.of("/usr/bin/", "/bin/").stream().noneMatch(dir -> Files.isExecutable(Path.of(dir + tool)))) {
                return Optional.of(tool + " is not installed (apt-get install openssh-client)");
            }
        }
        return Optional.empty();
    }

    /** sshd for this test alone: its address, its host key, the test's key for root, no password, no PAM. */
    private Path sshdConfig(String address) throws IOException, InterruptedException {
        Path hostKey = keyPair("host_key");
        Path clientKey = keyPair("client_key");
        Files.copy(Path.of(clientKey + ".pub"), work.resolve("authorized_keys"));
        // sshd refuses to start without its privilege separation folder, which a host with no sshd lacks.
        Files.createDirectories(Path.of("/run/sshd"));
        Path config = work.resolve("sshd_config");
        Files.writeString(config, String.join("\n",
                "ListenAddress " + address,
                "Port 22",
                "HostKey " + hostKey,
                "PidFile none",
                "AuthorizedKeysFile " + work.resolve("authorized_keys"),
                "PermitRootLogin prohibit-password",
                "PasswordAuthentication no",
                "KbdInteractiveAuthentication no",
                "UsePAM no",
                "StrictModes no",
                "LogLevel VERBOSE",
                // The worker's temporary folder goes here, where the test can see that it went.
                "SetEnv TMPDIR=" + Files.createDirectories(work.resolve("remote-tmp")),
                ""));
        return config;
    }

    /** The client's side: the test's key, and the host key it generated as the only known one. */
    private Path clientConfig(String address) throws IOException {
        Path knownHosts = work.resolve("known_hosts");
        Files.writeString(knownHosts, address + " " + Files.readString(work.resolve("host_key.pub")));
        Path config = work.resolve("ssh_config");
        Files.writeString(config, String.join("\n",
                "Host *",
                "  IdentityFile " + work.resolve("client_key"),
                "  IdentitiesOnly yes",
                "  UserKnownHostsFile " + knownHosts,
                "  StrictHostKeyChecking yes",
                "  LogLevel ERROR",
                ""));
        return config;
    }

    private Path keyPair(String name) throws IOException, InterruptedException {
        Path key = work.resolve(name);
        Process keygen = new ProcessBuilder("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "loomlab-test", "-f",
                key.toString()).redirectErrorStream(true).start();
        String output = new String(keygen.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!keygen.waitFor(30, TimeUnit.SECONDS) || keygen.exitValue() != 0) {
            keygen.destroyForcibly();
            throw new IOException("ssh-keygen failed: " + output);
        }
        return key;
    }

    /** True once no process in {@code namespace} runs Locust. */
    private static boolean awaitNoLocustUnder(String namespace, Duration limit) throws IOException,
            InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline) {
            Process pids = new ProcessBuilder("ip", "netns", "pids", namespace).redirectErrorStream(true).start();
            String listed = new String(pids.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            pids.waitFor(10, TimeUnit.SECONDS);
            boolean locust = listed.lines().map(String::strip).filter(s -> s.matches("\\d+"))
                    .map(pid -> ProcessHandle.of(Long.parseLong(pid)))
                    .flatMap(Optional::stream)
                    .anyMatch(p -> p.info().commandLine().orElse("").contains("locust"));
            if (!locust) {
                return true;
            }
            Thread.sleep(200);
        }
        return false;
    }
}
