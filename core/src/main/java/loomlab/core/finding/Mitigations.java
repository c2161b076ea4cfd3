package loomlab.core.finding;

import java.util.List;
import loomlab.core.arm.ArmKey;

/**
 * The mitigations of the fairness experiment against plain platform and virtual threads: each
 * one's light-task p99 and what it cost the heavy tasks, and which came within {@code within} of
 * platform threads' p99.
 */
public record Mitigations(ArmKey platform, double platformP99Ms, double platformHeavyDoneMs, ArmKey virtual,
                          double virtualHeavyDoneMs, double within, List<Mitigation> arms) implements TaskFinding {
    public Mitigations {
        arms = List.copyOf(arms);
    }

    /** One mitigation's figures. */
    public record Mitigation(ArmKey arm, double lightP99Ms, double heavyDoneMs) {
    }

    public List<Mitigation> withinLimit() {
        return arms.stream().filter(m -> m.lightP99Ms() <= within * platformP99Ms).toList();
    }
}
