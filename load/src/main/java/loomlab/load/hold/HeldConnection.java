package loomlab.load.hold;

import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/**
 * One connection's state, kept small because a run holds up to a million of them: the message
 * bytes are re-derived from the indices ({@link HoldMessage}), so there is no buffer, only counters.
 */
final class HeldConnection {
    static final long NO_MESSAGE = -1;
    /** The first message, sent as soon as the connect completes; its echo proves a server thread serves it. */
    static final long GREETING = Long.MAX_VALUE;

    /**
     * CONNECTING until the kernel completes the handshake, GREETING until the server's own thread
     * echoes the first message (a platform-thread server may lag far behind its kernel's accept
     * queue), then OPEN.
     */
    enum State { CONNECTING, GREETING, OPEN, CLOSED }

    final int index;
    final SocketChannel channel;
    SelectionKey key;
    State state = State.CONNECTING;
    /** When the connect started, for the connect timeout. */
    final long connectStartedNanos;
    /** The number of the next message to send. */
    long nextMessage;
    /** The message whose echo is awaited, or {@link #NO_MESSAGE}. */
    long outstanding = NO_MESSAGE;
    /** Bytes of the outstanding message written so far and echoed so far (0..16). */
    byte written;
    byte echoed;

    HeldConnection(int index, SocketChannel channel, long connectStartedNanos) {
        this.index = index;
        this.channel = channel;
        this.connectStartedNanos = connectStartedNanos;
    }

    /** Still being opened: the connect or the greeting's echo is awaited, and counts against the connect timeout. */
    boolean opening() {
        return state == State.CONNECTING || state == State.GREETING;
    }

    boolean awaitingEcho() {
        return outstanding != NO_MESSAGE;
    }
}
