package loomlab.loomcat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingStream;

/**
 * Streams this JVM's {@code jdk.VirtualThreadPinned} events (every one, threshold 0) while a test
 * runs, as Helidon's tests do to fail on pinning. Events arrive in flushes about a second apart, so
 * a test proves "nothing pinned so far" by pinning on purpose and waiting for that event to arrive.
 */
final class PinningWatch implements AutoCloseable {
    private static final String EVENT = "jdk.VirtualThreadPinned";
    private static final String LAB_CODE = "loomlab.";

    private final RecordingStream stream = new RecordingStream();
    private final List<RecordedEvent> events = new CopyOnWriteArrayList<>();

    PinningWatch() {
        stream.enable(EVENT).withThreshold(Duration.ZERO).withStackTrace();
        stream.onEvent(EVENT, events::add);
        stream.startAsync();
    }

    /** Waits until an event whose stack passes through {@code className} has arrived; false at the deadline. */
    boolean awaitFrom(String className, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (events.stream().anyMatch(from(className))) {
                return true;
            }
            Thread.sleep(50);
        }
        return false;
    }

    /**
     * The events of the lab's own code (a frame in {@code loomlab.}) whose stack does not pass through
     * {@code className}. The JDK's own virtual threads (its I/O pollers) may pin briefly while they
     * link classes; those are the JDK's business, not the server's, and are left out.
     */
    List<RecordedEvent> notFrom(String className) {
        return events.stream().filter(from(LAB_CODE)).filter(from(className).negate()).toList();
    }

    static Predicate<RecordedEvent> from(String className) {
        return event -> event.getStackTrace() != null && event.getStackTrace().getFrames().stream()
                .map(RecordedFrame::getMethod).anyMatch(method -> method.getType().getName().startsWith(className));
    }

    @Override
    public void close() {
        stream.close();
    }
}
