package loomlab.http;

import loomlab.threads.ExecutorMode;

/**
 * How to start a server.
 *
 * @param name names the server's threads, e.g. "loomcat"
 * @param port the port on 127.0.0.1; 0 picks a free one
 * @param mode the request executor
 */
public record ServerConfig(String name, int port, ExecutorMode mode) {
    public ServerConfig {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be between 0 and 65535: " + port);
        }
    }
}
