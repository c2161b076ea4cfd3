package loomlab.http;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Collects one CRLF- (or bare LF-) terminated line from buffers that may split it anywhere. The line
 * is kept without its terminator in a reused array. A CR anywhere but right before the LF is
 * malformed (RFC 9112 forbids bare CR), and a line longer than the caller's budget fails instead of
 * growing without bound.
 */
final class LineReader {
    private byte[] line = new byte[256];
    private int length;
    private int consumed;
    private boolean sawCarriageReturn;
    private boolean complete;

    void clear() {
        length = 0;
        consumed = 0;
        sawCarriageReturn = false;
        complete = false;
    }

    /**
     * Consumes bytes until the end of the line (true) or of the buffer (false). The line read stays
     * available until the next call, which starts a new one.
     *
     * @param budget the most bytes this line may take, terminator included
     * @param overflowMessage the exception message when the budget is exceeded
     */
    boolean feed(ByteBuffer buf, int budget, String overflowMessage) throws HttpProtocolException {
        return feed(buf, budget, overflowMessage, HttpProtocolException.BAD_REQUEST);
    }

    /** As {@link #feed(ByteBuffer, int, String)}, an overflow answered with {@code overflowStatus}. */
    boolean feed(ByteBuffer buf, int budget, String overflowMessage, int overflowStatus) throws HttpProtocolException {
        if (complete) {
            clear();
        }
        int position = buf.position();
        int limit = buf.limit();
        try {
            while (position < limit) {
                byte b = buf.get(position++);
                if (++consumed > budget) {
                    throw new HttpProtocolException(overflowMessage, overflowStatus);
                }
                if (b == '\n') {
                    complete = true;
                    return true;
                }
                if (sawCarriageReturn) {
                    throw new HttpProtocolException("CR not followed by LF");
                }
                if (b == '\r') {
                    sawCarriageReturn = true;
                } else {
                    append(b);
                }
            }
            return false;
        } finally {
            buf.position(position);
        }
    }

    private void append(byte b) {
        if (length == line.length) {
            line = Arrays.copyOf(line, line.length * 2);
        }
        line[length++] = b;
    }

    byte[] bytes() {
        return line;
    }

    int length() {
        return length;
    }

    /** Bytes taken by the current line so far, terminator included. */
    int consumed() {
        return consumed;
    }

    String asString() {
        return new String(line, 0, length, StandardCharsets.ISO_8859_1);
    }
}
