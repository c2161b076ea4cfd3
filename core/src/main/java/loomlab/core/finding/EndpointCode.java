package loomlab.core.finding;

import java.util.List;
import loomlab.core.arm.ArmKey;

/**
 * How much code each arm's server needs for one workload's endpoints: non-blank, non-comment lines
 * of the lab's own sources. The fact behind "less complexity"; it says nothing of how hard the lines
 * are to write or to read.
 */
public record EndpointCode(String workload, List<Arm> arms) implements ReactiveFinding {
    public EndpointCode {
        arms = List.copyOf(arms);
    }

    /** @param lines the count, or null when the sources were not found */
    public record Arm(ArmKey arm, Integer lines) {
    }
}
