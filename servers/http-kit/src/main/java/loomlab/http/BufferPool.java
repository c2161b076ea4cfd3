package loomlab.http;

import java.nio.ByteBuffer;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Direct buffers lent to connections only while they read or write, so thousands of idle keep-alive
 * connections hold none. Direct, because heap buffers make every socket call copy through a
 * temporary direct buffer of the JDK's.
 */
final class BufferPool {
    static final int BUFFER_SIZE = 16 * 1024;

    private final Queue<ByteBuffer> free = new ConcurrentLinkedQueue<>();
    private final AtomicInteger freeCount = new AtomicInteger();
    private final int maxRetained;

    BufferPool(int maxRetained) {
        this.maxRetained = maxRetained;
    }

    ByteBuffer acquire() {
        ByteBuffer buffer = free.poll();
        if (buffer == null) {
            return ByteBuffer.allocateDirect(BUFFER_SIZE);
        }
        freeCount.decrementAndGet();
        return buffer.clear();
    }

    void release(ByteBuffer buffer) {
        if (freeCount.incrementAndGet() <= maxRetained) {
            free.offer(buffer);
        } else {
            freeCount.decrementAndGet();
        }
    }
}
