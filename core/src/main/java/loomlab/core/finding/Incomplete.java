package loomlab.core.finding;

import java.util.List;
import loomlab.core.arm.ArmKey;

/** Arms that did not complete every task they were given. */
public record Incomplete(List<ArmKey> arms) implements RunNote {
    public Incomplete {
        arms = List.copyOf(arms);
    }
}
