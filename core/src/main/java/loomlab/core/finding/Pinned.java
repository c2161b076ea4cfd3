package loomlab.core.finding;

import java.util.List;
import loomlab.core.arm.ArmKey;

/**
 * What the servers' flight recordings caught: per arm with a recording, the pinned virtual threads
 * ({@code jdk.VirtualThreadPinned}) and their total time. JFR writes the event when a pin ends, so a
 * count says nothing of pins still held when the server stopped: for an arm that hung, the dumps'
 * count of pinned carriers stands beside it, and no sentence may read an absence into a zero there.
 */
public record Pinned(List<Arm> arms) implements PinningFinding {
    public Pinned {
        arms = List.copyOf(arms);
    }

    /**
     * @param hung                true when the server was stopped hung: pins it held then were never recorded
     * @param pinnedCarriersSeen  carriers the thread dumps showed pinned (the most in any), or null with no dump
     */
    public record Arm(ArmKey key, long events, double totalMs, boolean hung, Integer pinnedCarriersSeen) {
        /** Whether a zero count here may be read as "none pinned": only for an arm that ended and whose dumps showed no pin. */
        public boolean zeroMeansNone() {
            return events == 0 && !hung && (pinnedCarriersSeen == null || pinnedCarriersSeen == 0);
        }
    }

    public List<Arm> pinning() {
        return arms.stream().filter(a -> a.events() > 0).toList();
    }
}
