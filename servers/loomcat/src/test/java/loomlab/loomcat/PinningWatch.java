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

    /** The events whose stack does not pass through {@code className}. */
    List<RecordedEvent> notFrom(String className) {
        return events.stream().filter(from(className).negate()).toList();
    }

    static Predicate<RecordedEvent> from(String className) {
        return event -> event.getStackTrace() != null && event.getStackTrace().getFrames().stream()
                .map(RecordedFrame::getMethod).anyMatch(method -> method.getType().getName().contains(className));
    }

    @Override
    public void close() {
        stream.close();
    }
}
