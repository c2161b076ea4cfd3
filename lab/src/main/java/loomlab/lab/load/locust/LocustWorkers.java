package loomlab.lab.load.locust;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import loomlab.core.BadInput;

/**
 * Where Locust's workers run: {@code local} processes on this machine, one per remote host (over
 * ssh in production), and {@code external} ones the user starts with the command the lab prints.
 *
 * @param masterAddress the IP address of this machine that every worker reaches the master at, that
 *                      the master listens on, and (in {@code run}) the servers under test too; 127.0.0.1
 *                      when every worker is local
 * @param masterPort    the master's port (Locust's --master-bind-port); 0 picks a free one
 * @param workerLocust  the command that runs Locust on remote and external hosts
 */
public record LocustWorkers(int local, List<RemoteWorker> remote, int external, String masterAddress, int masterPort,
                            List<String> workerLocust) {
    /** Locust's own default port for its master. */
    public static final int DEFAULT_PORT = 5557;
    public static final String LOOPBACK = "127.0.0.1";

    /**
     * A worker the lab starts on another host.
     *
     * @param name  the lab's name for it (the host, with {@code #2} for a second worker on the same host)
     * @param shell how its start script runs there
     */
    public record RemoteWorker(String name, RemoteShell shell) {
        public RemoteWorker {
            Objects.requireNonNull(name);
            Objects.requireNonNull(shell);
        }
    }

    public LocustWorkers {
        remote = List.copyOf(remote);
        workerLocust = List.copyOf(workerLocust);
        Objects.requireNonNull(masterAddress);
        if (local < 0 || external < 0 || local + remote.size() + external == 0) {
            throw new IllegalArgumentException("Locust needs at least one worker");
        }
        if (masterPort < 0 || masterPort > 65535) {
            throw new IllegalArgumentException("port outside 0..65535: " + masterPort);
        }
    }

    /** {@code count} local workers and a master on a free loopback port. */
    public static LocustWorkers local(int count) {
        return new LocustWorkers(count, List.of(), 0, LOOPBACK, 0, List.of("locust"));
    }

    /**
     * The workers the command line asked for; bad input for what cannot work: an empty or odd host
     * name, remote or external workers without an address they can reach the master at.
     *
     * @param local        local workers, or null for the default (1 when nothing else is asked for, else 0)
     * @param hosts        ssh hosts, one worker each, or empty
     * @param masterPort   null for Locust's default with remote or external workers, a free port otherwise
     * @param workerLocust the command for Locust on the other hosts, or null for {@code locust}
     */
    public static LocustWorkers parse(Integer local, String hosts, int external, String masterAddress,
                                      Integer masterPort, String workerLocust) {
        List<RemoteWorker> remote = new ArrayList<>();
        for (String host : hostNames(hosts)) {
            remote.add(new RemoteWorker(host, RemoteShell.ssh(host)));
        }
        boolean elsewhere = !remote.isEmpty() || external > 0;
        if (elsewhere && (masterAddress == null || masterAddress.isBlank())) {
            throw new BadInput((remote.isEmpty() ? "--external-workers" : "--worker-hosts") + " needs --master-address:"
                    + " the address of this machine that the workers reach Locust's master at");
        }
        // An address, not a name: the servers under test listen on it too, and they take addresses only.
        if (masterAddress != null && !masterAddress.trim().matches("[0-9.]+|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*")) {
            throw new BadInput("--master-address '" + masterAddress + "' is not an IP address of this machine");
        }
        int port = masterPort != null ? masterPort : elsewhere ? DEFAULT_PORT : 0;
        List<String> command = workerLocust == null || workerLocust.isBlank() ? List.of("locust")
                : List.of(workerLocust.trim().split("\\s+"));
        return new LocustWorkers(local != null ? local : elsewhere ? 0 : 1, named(remote), external,
                masterAddress == null ? LOOPBACK : masterAddress.trim(), port, command);
    }

    private static List<String> hostNames(String hosts) {
        if (hosts == null) {
            return List.of();
        }
        List<String> names = new ArrayList<>();
        for (String item : hosts.split(",", -1)) {
            String host = item.trim();
            if (host.isEmpty()) {
                throw new BadInput("--worker-hosts '" + hosts + "' has an empty item; give HOST[,HOST...]");
            }
            // ssh would read a leading '-' as an option; a host is [user@]name
            if (!host.matches("([A-Za-z0-9._-]+@)?[A-Za-z0-9.:_-]+") || host.startsWith("-")) {
                throw new BadInput("--worker-hosts: '" + host + "' is not a host name ([USER@]HOST)");
            }
            names.add(host);
        }
        return names;
    }

    /** A second worker on the same host is {@code host#2}, so every worker has a name of its own. */
    private static List<RemoteWorker> named(List<RemoteWorker> workers) {
        Map<String, Integer> seen = new HashMap<>();
        List<RemoteWorker> named = new ArrayList<>();
        for (RemoteWorker worker : workers) {
            int n = seen.merge(worker.name(), 1, Integer::sum);
            named.add(n == 1 ? worker : new RemoteWorker(worker.name() + "#" + n, worker.shell()));
        }
        return named;
    }

    public int count() {
        return local + remote.size() + external;
    }

    public static String localName(int index) {
        return "local-" + index;
    }

    public static String externalName(int index) {
        return "external-" + index;
    }

    /** Every worker's name, in the order the lab starts them. */
    public List<String> names() {
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= local; i++) {
            names.add(localName(i));
        }
        remote.forEach(worker -> names.add(worker.name()));
        for (int i = 1; i <= external; i++) {
            names.add(externalName(i));
        }
        return names;
    }

    /** For the console and results.json: "2 local", "1 local, 2 over ssh (a, b)". */
    public String describe() {
        List<String> parts = new ArrayList<>();
        if (local > 0) {
            parts.add(local + " local");
        }
        if (!remote.isEmpty()) {
            parts.add(remote.size() + " remote (" + String.join(", ", remote.stream().map(RemoteWorker::name).toList())
                    + ")");
        }
        if (external > 0) {
            parts.add(external + " external");
        }
        return String.join(", ", parts);
    }
}
