package loomlab.lab.connections;

import static loomlab.lab.process.IpRoute.ip;
import static loomlab.lab.process.IpRoute.quietly;
import static loomlab.lab.process.IpRoute.run;

import com.sun.security.auth.module.UnixSystem;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A network namespace of the lab's own, with only its loopback up, for one arm: the connections'
 * sysctls are set in it alone and never on the machine. Closing it (or the JVM's exit, Ctrl-C
 * included, should the arm die first) removes it.
 */
public final class Namespace implements AutoCloseable {
    /** The sysctls the experiment needs, each private to a network namespace. */
    static final Map<String, String> SYSCTLS = Map.of("net/core/somaxconn", "65535",
            "net/ipv4/tcp_max_syn_backlog", "65535", "net/ipv4/ip_local_port_range", "1024 65535");
    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    private final String name;
    private final Thread cleanup;

    private Namespace(String name) {
        this.name = name;
        this.cleanup = new Thread(this::delete, "namespace-teardown-" + name);
    }

    /** Waits for a creation in progress (the lock), so that a Ctrl-C during it still removes what it made. */
    private synchronized void delete() {
        quietly("netns", "del", name);
    }

    /** Why this machine cannot make one (not root, no iproute2, namespaces refused), or empty when it can. */
    public static Optional<String> unavailable() {
        UnixSystem account = new UnixSystem();
        if (account.getUid() != 0) {
            return Optional.of("network namespaces need root; the lab runs as " + account.getUsername());
        }
        if (List.of("/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip").stream()
                .noneMatch(p -> Files.isExecutable(Path.of(p)))) {
            return Optional.of("iproute2's ip is not installed (apt-get install iproute2)");
        }
        if (List.of("/usr/bin/prlimit", "/bin/prlimit").stream().noneMatch(p -> Files.isExecutable(Path.of(p)))) {
            return Optional.of("util-linux's prlimit is not installed");
        }
        return Optional.empty();
    }

    /**
     * Makes a namespace named after the lab's pid, brings its loopback up and sets its sysctls. Its
     * removal at exit is registered before it exists, and the removal waits for the making: a Ctrl-C
     * at any moment of it (the run's thread may be starting its next arm as the hooks run) leaves
     * no namespace behind, and one that comes first makes none.
     */
    public static Namespace create() throws IOException {
        String name = "loomlab-conn-" + ProcessHandle.current().pid() + "-" + SEQUENCE.incrementAndGet();
        Namespace namespace = new Namespace(name);
        synchronized (namespace) {
            try {
                Runtime.getRuntime().addShutdownHook(namespace.cleanup);
            } catch (IllegalStateException stopping) {
                throw new InterruptedIOException("the lab is stopping: no network namespace is made");
            }
            try {
                ip("netns", "add", name);
                ip("-n", name, "link", "set", "lo", "up");
                for (Map.Entry<String, String> sysctl : SYSCTLS.entrySet()) {
                    run(namespace.inside(List.of("sh", "-c", "echo '" + sysctl.getValue() + "' > /proc/sys/"
                            + sysctl.getKey())));
                }
            } catch (IOException | RuntimeException e) {
                namespace.close();
                throw e;
            }
        }
        return namespace;
    }

    public String name() {
        return name;
    }

    /** The command, run inside this namespace ({@code ip netns exec} execs it: the pid is the command's). */
    public List<String> inside(List<String> command) {
        List<String> all = new ArrayList<>(List.of("ip", "netns", "exec", name));
        all.addAll(command);
        return all;
    }

    /** Namespaces of this lab process still present: for tests that prove none is left behind. */
    public static List<String> leftOver() throws IOException {
        String prefix = "loomlab-conn-" + ProcessHandle.current().pid() + "-";
        return run(List.of("ip", "netns", "list")).lines().map(line -> line.split("\\s+")[0])
                .filter(n -> n.startsWith(prefix)).toList();
    }

    @Override
    public void close() {
        delete();
        try {
            Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException exiting) {
            // the hook runs anyway; deleting twice is harmless
        }
    }
}
