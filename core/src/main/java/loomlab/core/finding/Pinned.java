package loomlab.core.finding;

import java.util.List;
import loomlab.core.arm.ArmKey;

/**
 * What the servers' flight recordings caught: per arm with a recording, the pinned virtual threads
 * ({@code jdk.VirtualThreadPinned}) and their total time; none pinned when every count is zero.
 */
public record Pinned(List<Arm> arms) implements Finding {
    public Pinned {
        arms = List.copyOf(arms);
    }

    public record Arm(ArmKey key, long events, double totalMs) {
    }

    public List<Arm> pinning() {
        return arms.stream().filter(a -> a.events() > 0).toList();
    }
}
