package loomlab.core.result;

import java.util.List;
import loomlab.core.arm.ArmResult;

/** One experiment's arms as they ran, and the verdict drawn from them. */
public record ExperimentResult(String name, String summary, String profile, List<ArmResult> arms, String verdict) {
    public ExperimentResult {
        arms = List.copyOf(arms);
    }

    public boolean complete() {
        return arms.stream().allMatch(ArmResult::ran);
    }
}
