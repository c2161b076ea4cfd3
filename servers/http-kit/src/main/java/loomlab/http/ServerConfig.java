package loomlab.http;

import java.net.InetAddress;
import java.util.Objects;
import loomlab.threads.ExecutorMode;

/**
 * How to start a server.
 *
 * @param name names the server's threads, e.g. "loomcat"
 * @param port the port; 0 picks a free one
 * @param mode the request executor
 * @param bind the address to listen on: 127.0.0.1 unless a test spans network namespaces or hosts
 */
public record ServerConfig(String name, int port, ExecutorMode mode, InetAddress bind) {
    public static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    public ServerConfig {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be between 0 and 65535: " + port);
        }
        Objects.requireNonNull(bind);
    }

    /** On 127.0.0.1. */
    public ServerConfig(String name, int port, ExecutorMode mode) {
        this(name, port, mode, LOOPBACK);
    }
}
