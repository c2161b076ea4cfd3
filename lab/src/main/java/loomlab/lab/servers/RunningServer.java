package loomlab.lab.servers;

import java.net.URI;
import java.nio.file.Path;
import loomlab.lab.process.ChildProcess;

/**
 * A server under test that is up: where it listens, and its process. Closing it stops it.
 *
 * @param recording where its flight recording of pinned virtual threads is written when it stops,
 *                  or null for a server that records none (the downstream service)
 */
public record RunningServer(String name, String mode, URI baseUrl, ChildProcess process, Path recording)
        implements AutoCloseable {
    /** A server without a recording. */
    public RunningServer(String name, String mode, URI baseUrl, ChildProcess process) {
        this(name, mode, baseUrl, process, null);
    }

    public URI url(String path) {
        return baseUrl.resolve(path);
    }

    @Override
    public void close() {
        process.close();
    }
}
