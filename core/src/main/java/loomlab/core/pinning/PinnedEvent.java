package loomlab.core.pinning;

import java.util.List;
import java.util.Objects;

/**
 * One {@code jdk.VirtualThreadPinned} event as a flight recording holds it: how long the virtual
 * thread kept its carrier, and where it was, top frame first.
 *
 * @param durationMs how long the virtual thread was pinned
 * @param frames     its stack, top first, each frame written {@code class.method(File:line)}; empty
 *                   when the recording kept no stack
 */
public record PinnedEvent(double durationMs, List<String> frames) {
    public PinnedEvent {
        frames = List.copyOf(Objects.requireNonNull(frames));
        if (!(durationMs >= 0)) {
            throw new IllegalArgumentException("a pinned duration must be zero or more, got " + durationMs);
        }
    }
}
