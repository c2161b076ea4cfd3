package loomlab.http;

import java.net.URI;

/**
 * An application running on the server core. Each server supplies only its routes and, if it
 * holds any, the resources to release after the server has stopped (clients, connection pools).
 */
public abstract class ServerApp implements RunningServer {
    private final HttpServerCore server;

    protected ServerApp(HttpServerCore server) {
        this.server = server;
    }

    public int port() {
        return server.port();
    }

    @Override
    public URI baseUri() {
        return server.baseUri();
    }

    public ServerStats stats() {
        return server.stats();
    }

    @Override
    public void awaitClosed() throws InterruptedException {
        server.awaitClosed();
    }

    /** Stops the server first, so no request still uses what {@link #releaseResources()} closes. */
    @Override
    public final void close() {
        server.close();
        releaseResources();
    }

    /** Releases what the application holds besides the server; nothing by default. */
    protected void releaseResources() {
    }
}
