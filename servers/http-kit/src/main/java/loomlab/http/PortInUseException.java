package loomlab.http;

import java.net.BindException;

/** The requested port is taken; the message is the one line a main prints. */
public final class PortInUseException extends BindException {
    private static final long serialVersionUID = 1L;
    private final int port;

    public PortInUseException(int port) {
        super("port " + port + " is already in use");
        this.port = port;
    }

    public int port() {
        return port;
    }
}
