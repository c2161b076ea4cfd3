package loomlab.load.hold;

import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/**
 * One connection's state, kept small because a run holds up to a million of them: the message
 * bytes are re-derived from the indices ({@link HoldMessage}), so there is no buffer, only counters.
 */
final class HeldConnection {
    static final long NO_MESSAGE = -1;

    enum State { CONNECTING, OPEN, CLOSED }

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

    boolean awaitingEcho() {
        return outstanding != NO_MESSAGE;
    }
}
