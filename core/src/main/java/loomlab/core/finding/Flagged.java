package loomlab.core.finding;

import java.util.List;
import loomlab.core.arm.ArmFlag;
import loomlab.core.arm.ArmKey;

/** An arm whose figures carry flags a verdict must not hide (errors, above its bound, a saturated generator). */
public record Flagged(ArmKey arm, List<ArmFlag> flags) implements RunNote {
    public Flagged {
        flags = List.copyOf(flags);
    }
}
