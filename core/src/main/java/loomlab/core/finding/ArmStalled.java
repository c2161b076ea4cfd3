package loomlab.core.finding;

import java.util.List;
import loomlab.core.arm.ArmKey;
import loomlab.core.breakage.Stall;

/** An arm in which requests waited far longer than the rest, each with what the thread dumps showed. */
public record ArmStalled(ArmKey arm, List<Stall> stalls) implements BreakageFinding {
    public ArmStalled {
        stalls = List.copyOf(stalls);
    }
}
