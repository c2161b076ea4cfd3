package loomlab.load.hold;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.Locale;

/** Why a connection failed to open or was lost; {@link #label()} is the name in the result. */
public enum HoldErrorKind {
    /** Nothing listens, or the listen backlog overflowed and the kernel answered with a reset. */
    REFUSED("refused"),
    /** The server reset the connection (during the handshake or later). */
    RESET("reset"),
    /** A connect that did not complete within the client's connect timeout. */
    TIMEOUT("timeout"),
    /** The client ran out of its own file descriptors: the limit is the client's, not the server's. */
    OPEN_FILES("open-files"),
    /** The server closed an open connection (a read saw end of stream). */
    CLOSED("closed"),
    /** The server sent bytes other than the echo of what was sent. */
    PROTOCOL("protocol"),
    /** Anything else, e.g. no local port left to connect from. */
    OTHER("other");

    private final String label;

    HoldErrorKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** A failed open or connect, by the platform's message (the JDK has no subclass for most of them). */
    static HoldErrorKind ofConnectFailure(IOException e) {
        String message = e.getMessage() == null ? "" : e.getMessage().toLowerCase(Locale.ROOT);
        if (message.contains("too many open files")) {
            return OPEN_FILES;
        }
        if (message.contains("refused")) {
            return REFUSED;
        }
        if (message.contains("reset")) {
            return RESET;
        }
        if (e instanceof SocketTimeoutException || message.contains("timed out")) {
            return TIMEOUT;
        }
        return OTHER;
    }

    /** A read or write on an open connection failed: the peer is gone (reset, broken pipe). */
    static HoldErrorKind ofOpenConnectionFailure(IOException e) {
        String message = e.getMessage() == null ? "" : e.getMessage().toLowerCase(Locale.ROOT);
        return message.contains("too many open files") ? OPEN_FILES : RESET;
    }
}
