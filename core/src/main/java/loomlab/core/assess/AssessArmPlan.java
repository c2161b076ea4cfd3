package loomlab.core.assess;

import java.util.List;
import java.util.Objects;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.Carriers;

/**
 * One arm of an assessment: the user's service on platform threads or virtual threads, on the
 * lab's JDK or a chosen one. Its thread model is its key's mode, the one place it is named.
 *
 * @param pool the platform pool size the service is given ({@code --pool}), or null for the
 *             framework's own default
 * @param jdk      the feature version of a chosen JDK ({@code --jdk}), or null for the lab's own
 * @param carriers the virtual-thread scheduler's carriers a virtual arm sets ({@code --carriers}), or null
 */
public record AssessArmPlan(ArmKey key, Integer pool, Integer jdk, Carriers carriers) implements ArmPlan {
    public AssessArmPlan {
        Objects.requireNonNull(key);
        if (key.mode().threads().isEmpty()) {
            throw new IllegalArgumentException("an assessed arm runs on threads; '" + key.mode() + "' names none");
        }
        if (carriers != null && !key.mode().onVirtualThreads()) {
            throw new IllegalArgumentException("carriers are the virtual-thread scheduler's; a platform arm has none");
        }
    }

    /** An assessed arm runs again with {@code --repeat}: a capacity's spread is what tells a lead from noise. */
    @Override
    public boolean repeatable() {
        return true;
    }

    @Override
    public AssessArmPlan onJdk(int feature) {
        return new AssessArmPlan(key.withJdk(feature), pool, feature, carriers);
    }

    /** The JVM flags the arm's service gets for its carriers: none unless the arm sets them. */
    public List<String> carrierFlags() {
        return carriers == null ? List.of() : carriers.flags();
    }
}
