package loomlab.lab.servers;

import java.util.List;

/**
 * Where a server listens, what it is connected to, and JVM flags of the arm's own.
 *
 * @param port              where to listen; 0 picks a free port
 * @param downstreamUrl     base URL of the downstream service, or null
 * @param downstreamDelayMs the downstream service's default delay, for the downstream server itself
 * @param extraJvmFlags     flags the arm adds, e.g. a carrier count for the pinning experiment
 * @param address           the IP address to listen on, or null for 127.0.0.1: another one only when load
 *                          comes from other hosts (Locust's workers elsewhere)
 * @param database          the database and pools of a server that reads one, or null
 */
public record ServerOptions(int port, String downstreamUrl, Integer downstreamDelayMs, List<String> extraJvmFlags,
                            String address, DatabaseBinding database) {
    public static final ServerOptions NONE = new ServerOptions(0, null, null, List.of());

    public ServerOptions {
        extraJvmFlags = extraJvmFlags == null ? List.of() : List.copyOf(extraJvmFlags);
    }

    public ServerOptions(int port, String downstreamUrl, Integer downstreamDelayMs) {
        this(port, downstreamUrl, downstreamDelayMs, List.of());
    }

    public ServerOptions(int port, String downstreamUrl, Integer downstreamDelayMs, List<String> extraJvmFlags) {
        this(port, downstreamUrl, downstreamDelayMs, extraJvmFlags, null);
    }

    public ServerOptions(int port, String downstreamUrl, Integer downstreamDelayMs, List<String> extraJvmFlags,
                         String address) {
        this(port, downstreamUrl, downstreamDelayMs, extraJvmFlags, address, null);
    }

    /** These options with the server bound to a database (null for none). */
    public ServerOptions withDatabase(DatabaseBinding binding) {
        return new ServerOptions(port, downstreamUrl, downstreamDelayMs, extraJvmFlags, address, binding);
    }
}
