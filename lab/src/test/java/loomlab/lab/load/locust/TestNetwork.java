package loomlab.lab.load.locust;

import static loomlab.lab.process.IpRoute.ip;
import static loomlab.lab.process.IpRoute.quietly;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Hosts of a test's own on one machine: a network namespace per host, each joined to a bridge in
 * the root namespace by a veth link, with addresses from the benchmarking range (198.18.0.0/15)
 * chosen from the test's pid, and names suffixed with it, so that parallel runs do not meet. Closing
 * it (or the JVM's exit, should the test die first) removes the namespaces, their links and the bridge.
 */
public final class TestNetwork implements AutoCloseable {
    private final long pid = ProcessHandle.current().pid();
    private final String prefix;
    private final List<String> hosts;
    private final Thread cleanup = new Thread(this::tearDown, "test-network-teardown");
    private boolean built;

    /** {@code hosts} short names, e.g. srv, w1, w2; each becomes a namespace with address .2, .3, ... */
    public TestNetwork(List<String> hosts) {
        this.hosts = List.copyOf(hosts);
        int third = (int) (pid & 255);
        int second = 18 + (int) ((pid >> 8) & 1);
        this.prefix = "198." + second + "." + third + ".";
    }

    /** Why this machine cannot build it (not root, no iproute2, namespaces refused), or empty when it can. */
    public static Optional<String> unavailable() {
        if (!"root".equals(System.getProperty("user.name"))) {
            return Optional.of("network namespaces need root; this test runs as " + System.getProperty("user.name"));
        }
        if (List.of("/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip").stream().noneMatch(p -> Files.isExecutable(
                Path.of(p)))) {
            return Optional.of("iproute2's ip is not installed (apt-get install iproute2)");
        }
        String probe = "loomlab-probe-" + ProcessHandle.current().pid();
        try {
            ip("netns", "add", probe);
            ip("netns", "del", probe);
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("cannot create a network namespace here: " + e.getMessage());
        }
    }

    public TestNetwork build() throws IOException {
        Runtime.getRuntime().addShutdownHook(cleanup);
        built = true;
        ip("link", "add", bridge(), "type", "bridge");
        ip("addr", "add", rootAddress() + "/24", "dev", bridge());
        ip("link", "set", bridge(), "up");
        for (String host : hosts) {
            ip("netns", "add", namespace(host));
            ip("link", "add", link(host), "type", "veth", "peer", "name", "eth0", "netns", namespace(host));
            ip("link", "set", link(host), "master", bridge(), "up");
            ip("netns", "exec", namespace(host), "ip", "addr", "add", address(host) + "/24", "dev", "eth0");
            ip("netns", "exec", namespace(host), "ip", "link", "set", "eth0", "up");
            ip("netns", "exec", namespace(host), "ip", "link", "set", "lo", "up");
        }
        return this;
    }

    /** The root namespace's address on the bridge: where the hosts reach this machine. */
    public String rootAddress() {
        return prefix + "1";
    }

    String address(String host) {
        return prefix + (2 + hosts.indexOf(host));
    }

    String namespace(String host) {
        return "loomlab-" + host + "-" + pid;
    }

    /** Runs a command in the host's namespace. */
    List<String> inside(String host, List<String> command) {
        List<String> all = new ArrayList<>(List.of("ip", "netns", "exec", namespace(host)));
        all.addAll(command);
        return all;
    }

    /** How a worker's start script runs on that host. */
    public RemoteShell shell(String host) {
        return script -> inside(host, List.of("sh", "-c", script));
    }

    /** Bytes the host has sent over its link (what the bridge's side of the veth received). */
    public long sentBytes(String host) throws IOException {
        return counter(host, "rx_bytes");
    }

    /** Bytes the host has received over its link. */
    long receivedBytes(String host) throws IOException {
        return counter(host, "tx_bytes");
    }

    private long counter(String host, String name) throws IOException {
        return Long.parseLong(Files.readString(Path.of("/sys/class/net", link(host), "statistics", name)).strip());
    }

    private String bridge() {
        return "llbr" + pid;
    }

    private String link(String host) {
        return "ll" + host + pid;
    }

    @Override
    public void close() {
        if (built) {
            tearDown();
            try {
                Runtime.getRuntime().removeShutdownHook(cleanup);
            } catch (IllegalStateException exiting) {
                // the hook runs anyway, and tearing down twice is harmless
            }
        }
    }

    /** Removing a namespace removes its end of the veth link and so the link; then the bridge. */
    private void tearDown() {
        for (String host : hosts) {
            quietly("netns", "del", namespace(host));
        }
        quietly("link", "del", bridge());
    }
}
