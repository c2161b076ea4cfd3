package loomlab.core.assess;

import java.util.Objects;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.Carriers;
import java.util.List;

/**
 * One arm of an assessment: the user's service on platform threads or virtual threads, on the
 * lab's JDK or a chosen one. Its thread model is its key's mode ({@link #threads()}).
 *
 * @param pool the platform pool size the service is given ({@code --pool}), or null for the
 *             framework's own default
 * @param jdk      the feature version of a chosen JDK ({@code --jdk}), or null for the lab's own
 * @param carriers the virtual-thread scheduler's carriers a virtual arm sets ({@code --carriers}), or null
 */
public record AssessArmPlan(ArmKey key, Integer pool, Integer jdk, Carriers carriers) implements ArmPlan {
    public AssessArmPlan {
        Objects.requireNonNull(key);
        if (carriers != null && Threads.of(key.mode()) != Threads.VIRTUAL) {
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

    /** The thread model the service runs this arm on, as its key's mode says. */
    public Threads threads() {
        return Threads.of(key.mode());
    }

    /** The JVM flags the arm's service gets for its carriers: none unless the arm sets them. */
    public List<String> carrierFlags() {
        return carriers == null ? List.of() : carriers.flags();
    }
}
