package loomlab.load.hold;

import java.nio.ByteBuffer;

/**
 * The 16 bytes of one echo message: the connection index, the message number and a fixed marker.
 * The content follows from the two numbers alone, so a connection needs no buffer of its own (it
 * re-encodes to resume a partial write or to check a partial echo), and an echo that comes back
 * different from what was sent (another connection's, an old one, garbage) is detected.
 */
final class HoldMessage {
    static final int BYTES = 16;
    /** "LOOM": a constant tail, so that an echo shifted by a few bytes cannot pass by chance. */
    private static final int MARKER = 0x4C4F4F4D;

    private HoldMessage() {
    }

    /** Writes the message into {@code into}'s bytes 0 to 15, leaving its position and limit alone. */
    static void encode(int connection, long message, ByteBuffer into) {
        into.putInt(0, connection);
        into.putLong(Integer.BYTES, message);
        into.putInt(Integer.BYTES + Long.BYTES, MARKER);
    }

    /**
     * Whether {@code received}'s bytes 0 to length-1 equal {@code expected}'s from {@code from} on:
     * one part of an echo, which may arrive in several reads.
     */
    static boolean matches(ByteBuffer expected, int from, ByteBuffer received, int length) {
        for (int i = 0; i < length; i++) {
            if (expected.get(from + i) != received.get(i)) {
                return false;
            }
        }
        return true;
    }
}
