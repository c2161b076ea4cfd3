package loomlab.core.finding;

import java.util.List;
import loomlab.core.arm.ArmKey;

/** Arms whose load allows the same requests in progress, so the thread model has nothing to change. */
public record SameConcurrency(List<ArmKey> arms, int concurrency) implements BoundFinding {
    public SameConcurrency {
        arms = List.copyOf(arms);
    }
}
