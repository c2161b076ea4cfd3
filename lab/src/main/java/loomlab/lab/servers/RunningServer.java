package loomlab.lab.servers;

import java.net.URI;
import loomlab.lab.process.ChildProcess;

/** A server under test that is up: where it listens, and its process. Closing it stops it. */
public record RunningServer(String name, String mode, URI baseUrl, ChildProcess process) implements AutoCloseable {
    public URI url(String path) {
        return baseUrl.resolve(path);
    }

    @Override
    public void close() {
        process.close();
    }
}
