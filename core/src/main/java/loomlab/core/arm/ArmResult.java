package loomlab.core.arm;

/** One arm as it ran: its figures, or why it could not run. */
public interface ArmResult {
    String name();

    String mode();

    /** True when the arm produced figures; false for {@link FailedArm}. */
    default boolean ran() {
        return true;
    }
}
