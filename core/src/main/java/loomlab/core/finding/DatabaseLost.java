package loomlab.core.finding;

import java.util.List;
import loomlab.core.arm.ArmKey;

/** Arms during which the database stopped: their requests after that are errors. */
public record DatabaseLost(List<ArmKey> arms) implements RunNote {
    public DatabaseLost {
        arms = List.copyOf(arms);
    }
}
