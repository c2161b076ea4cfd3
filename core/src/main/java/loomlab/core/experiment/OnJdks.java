package loomlab.core.experiment;

import java.util.ArrayList;
import java.util.List;
import loomlab.core.arm.ArmPlan;

/**
 * An experiment's arms on each chosen JDK: every arm with a server under test once per JDK, the
 * JDKs of one arm side by side so a table sets them next to each other; arms of programs that run
 * on the lab's JDK once.
 */
public final class OnJdks {
    private OnJdks() {
    }

    /** @param features JDK feature versions in the order chosen; none leaves the plan as it is */
    public static List<ArmPlan> apply(List<ArmPlan> plan, List<Integer> features) {
        if (features.isEmpty()) {
            return plan;
        }
        List<ArmPlan> arms = new ArrayList<>();
        for (ArmPlan arm : plan) {
            if (arm.onJdk(features.getFirst()) == arm) {
                arms.add(arm);
                continue;
            }
            for (int feature : features) {
                arms.add(arm.onJdk(feature));
            }
        }
        return arms;
    }
}
