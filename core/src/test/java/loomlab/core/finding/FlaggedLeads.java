package loomlab.core.finding;

import java.util.List;
import java.util.Map;
import loomlab.core.arm.ArmFlag;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;

/**
 * The blocking experiment's shape over repeated runs whose ranges keep apart: at 200 users the pool led
 * (1.3x), at 20 users virtual threads did (2.0x); either comparison's arm can carry a flag that taints its
 * figures.
 */
public final class FlaggedLeads {
    public static final ArmKey VIRTUAL_20 = arm("virtual", 20);
    public static final ArmKey POOL_20 = arm("platform:1", 20);
    public static final ArmKey VIRTUAL_200 = arm("virtual", 200);
    public static final ArmKey POOL_200 = arm("platform:200", 200);
    public static final Lead POOL_LED_AT_200 = new Lead(Measure.ELAPSED, VIRTUAL_200, 2.22, POOL_200, 1.69,
            new Lead.Range(2.10, 2.30), new Lead.Range(1.65, 1.75));
    public static final Lead VIRTUAL_LED_AT_20 = new Lead(Measure.ELAPSED, VIRTUAL_20, 1.52, POOL_20, 3.03,
            new Lead.Range(1.51, 1.55), new Lead.Range(3.01, 3.06));

    private FlaggedLeads() {
    }

    /** The kernel dropped 97 of the arm's connections at a full listen backlog. */
    public static Flagged dropped(ArmKey arm) {
        return new Flagged(arm, List.of(new ArmFlag.BacklogOverflowed(97)));
    }

    private static ArmKey arm(String mode, int users) {
        return new ArmKey(ServerId.LOOMCAT, ServingModel.parse(mode), users, null, null, Map.of());
    }
}
