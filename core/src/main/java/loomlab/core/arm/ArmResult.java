package loomlab.core.arm;

/** One arm as it ran: its figures, or why it could not run. */
public interface ArmResult {
    /** The same identity as the arm's plan. */
    ArmKey key();

    default String name() {
        return key().name();
    }

    default String mode() {
        return key().mode();
    }

    /** True when the arm produced figures; false for {@link FailedArm}. */
    default boolean ran() {
        return true;
    }
}
