package loomlab.core.arm;

import loomlab.core.breakage.Outcome;

/**
 * An arm that could not produce figures (a server died, a database was missing), and why.
 *
 * @param status  {@code failed} (something broke) or {@code skipped} (a tool or database is missing)
 * @param failure the reason, with a dying process's log tail
 * @param outcome {@link Outcome#DIED} when the server's process exited while the arm ran, else null
 */
public record FailedArm(ArmKey key, String status, String failure, Outcome outcome) implements ArmResult {
    public static final String FAILED = "failed";
    public static final String SKIPPED = "skipped";

    public FailedArm(ArmKey key, String status, String failure) {
        this(key, status, failure, null);
    }

    public static FailedArm failed(ArmPlan plan, String failure) {
        return new FailedArm(plan.key(), FAILED, failure);
    }

    /** The server's process exited while the arm ran: the reason holds its log's tail. */
    public static FailedArm died(ArmPlan plan, String failure) {
        return new FailedArm(plan.key(), FAILED, failure, Outcome.DIED);
    }

    public static FailedArm skipped(ArmPlan plan, String reason) {
        return new FailedArm(plan.key(), SKIPPED, reason);
    }

    /** Skipped for a missing tool or database, as opposed to broken. */
    public boolean wasSkipped() {
        return SKIPPED.equals(status);
    }

    /** The server the arm was to run on, or null for a program of its own. */
    public ServerId server() {
        return key.server();
    }

    @Override
    public boolean ran() {
        return false;
    }
}
