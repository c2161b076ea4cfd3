package loomlab.http;

import java.nio.ByteBuffer;
import java.util.Arrays;

/** A reusable byte array that grows by doubling; keeps message bodies a client asked to keep. */
final class GrowableBytes {
    private static final int MAX_SIZE = Integer.MAX_VALUE - 16;
    private static final int LARGEST_UP_FRONT = 1 << 20;

    private byte[] bytes = new byte[0];
    private int size;

    void clear() {
        size = 0;
    }

    /** Makes room for an announced length, trusting the announcement only up to 1 MiB. */
    void expect(long length) {
        ensureCapacity((int) Math.min(length, LARGEST_UP_FRONT));
    }

    void append(ByteBuffer source, int count) throws HttpProtocolException {
        if (count > MAX_SIZE - size) {
            throw new HttpProtocolException("body larger than " + MAX_SIZE + " bytes cannot be kept in memory");
        }
        ensureCapacity(size + count);
        source.get(bytes, size, count);
        size += count;
    }

    private void ensureCapacity(int needed) {
        if (needed > bytes.length) {
            int doubled = (int) Math.min(MAX_SIZE, Math.max(256L, bytes.length * 2L));
            bytes = Arrays.copyOf(bytes, Math.max(needed, doubled));
        }
    }

    int size() {
        return size;
    }

    byte[] toArray() {
        return Arrays.copyOf(bytes, size);
    }
}
