package loomlab.load.hold;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class HoldMessageTest {

    private static ByteBuffer encoded(int connection, long message) {
        ByteBuffer buffer = ByteBuffer.allocate(HoldMessage.BYTES);
        HoldMessage.encode(connection, message, buffer);
        return buffer;
    }

    @Test
    void encodesTheConnectionTheMessageNumberAndAMarker() {
        assertArrayEquals(new byte[] {0, 0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 7, 'L', 'O', 'O', 'M'}, encoded(258, 7).array());
    }

    @Test
    void checksAnEchoThatArrivesInParts() {
        ByteBuffer expected = encoded(5, 9);
        ByteBuffer firstPart = ByteBuffer.wrap(expected.array(), 0, 6).slice();
        ByteBuffer secondPart = ByteBuffer.wrap(expected.array(), 6, 10).slice();
        assertTrue(HoldMessage.matches(expected, 0, firstPart, 6));
        assertTrue(HoldMessage.matches(expected, 6, secondPart, 10));
        assertFalse(HoldMessage.matches(expected, 0, secondPart, 10));
    }

    @Test
    void tellsAnotherConnectionsOrAnOlderEchoApart() {
        assertFalse(HoldMessage.matches(encoded(5, 9), 0, encoded(6, 9), HoldMessage.BYTES));
        assertFalse(HoldMessage.matches(encoded(5, 9), 0, encoded(5, 8), HoldMessage.BYTES));
        assertTrue(HoldMessage.matches(encoded(5, 9), 0, encoded(5, 9), HoldMessage.BYTES));
    }
}
