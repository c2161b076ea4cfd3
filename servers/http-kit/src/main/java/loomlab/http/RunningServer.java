package loomlab.http;

import java.net.URI;

/** A started server: where it listens, and how to wait for and cause its end. */
public interface RunningServer extends AutoCloseable {
    /** {@code http://127.0.0.1:PORT} */
    URI baseUri();

    /** Blocks until {@link #close()} has finished. */
    void awaitClosed() throws InterruptedException;

    /** Stops the server; idempotent, never throws. */
    @Override
    void close();
}
