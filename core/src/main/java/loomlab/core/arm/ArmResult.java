package loomlab.core.arm;

import loomlab.threads.ExecutorMode;

/**
 * One arm as it ran: its figures, or why it could not run. Sealed, so that a {@code switch} over the
 * kinds has no {@code default}: a new kind named here makes the compiler name every switch that must
 * write, table or chart it ({@code docs/extending.md}). The watched kinds (HTTP, noisy server,
 * assessed) are permitted by {@link Watched}, the kinds shown by their figures alone by
 * {@link PlainArmResult}.
 */
public sealed interface ArmResult permits Watched, ConnectionsArmResult, DiagnosedJvm, FailedArm, PlainArmResult {
    /** The same identity as the arm's plan. */
    ArmKey key();

    default String name() {
        return key().name();
    }

    default ArmMode mode() {
        return key().mode();
    }

    /**
     * The lab's executor the arm ran its requests on: every HTTP arm and every noisy-server arm has
     * one, as its plan named it.
     *
     * @throws IllegalStateException for an arm whose mode is not an executor (a program's own word)
     */
    default ExecutorMode executorMode() {
        return mode().executor().orElseThrow(() -> new IllegalStateException(name() + " ran on no executor of the lab"));
    }

    /** True when the arm produced figures; false for {@link FailedArm}. */
    default boolean ran() {
        return true;
    }
}
