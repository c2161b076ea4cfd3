package loomlab.core.finding;

import java.util.List;
import loomlab.core.arm.ArmKey;

/**
 * Arms that did not run, and what the verdict needed that it could not have.
 *
 * @param needed what the missing verdict needed (e.g. "the 20-user arms"), or null when the rest of
 *               the verdict stands
 */
public record NotMeasured(List<Arm> arms, String needed) implements RunNote {
    public NotMeasured {
        arms = List.copyOf(arms);
    }

    public record Arm(ArmKey key, String status, String reason) {
    }
}
