package loomlab.core.assess;

import java.util.Objects;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmPlan;

/**
 * One arm of an assessment: the user's service on platform threads or virtual threads, on the
 * lab's JDK or a chosen one.
 *
 * @param pool the platform pool size the service is given ({@code --pool}), or null for the
 *             framework's own default
 * @param jdk  the feature version of a chosen JDK ({@code --jdk}), or null for the lab's own
 */
public record AssessArmPlan(ArmKey key, Threads threads, Integer pool, Integer jdk) implements ArmPlan {
    public AssessArmPlan {
        Objects.requireNonNull(key);
        Objects.requireNonNull(threads);
    }

    @Override
    public AssessArmPlan onJdk(int feature) {
        return new AssessArmPlan(key.withJdk(feature), threads, pool, feature);
    }
}
