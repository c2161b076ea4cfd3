package loomlab.core.finding;

import java.util.List;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.FailedArm;

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

    /** @param status {@code failed} or {@code skipped} as a failed arm spells it, or words of its own */
    public record Arm(ArmKey key, String status, String reason) {
        public Arm(ArmKey key, FailedArm.Status status, String reason) {
            this(key, status.toString(), reason);
        }
    }
}
