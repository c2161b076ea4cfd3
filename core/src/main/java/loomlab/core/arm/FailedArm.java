package loomlab.core.arm;

import java.util.Objects;
import loomlab.core.breakage.Outcome;
import loomlab.threads.Spelled;

/**
 * An arm that could not produce figures (a server died, a database was missing), and why.
 *
 * @param status  {@link Status#FAILED} (something broke) or {@link Status#SKIPPED} (a tool or database is missing)
 * @param failure the reason, with a dying process's log tail
 * @param outcome {@link Outcome#DIED} when the server's process exited while the arm ran, else null
 */
public record FailedArm(ArmKey key, Status status, String failure, Outcome outcome) implements ArmResult {
    /** Why an arm has no figures, as results.json's {@code status} spells it ({@code failed}, {@code skipped}). */
    public enum Status implements Spelled {
        /** Something broke: the server died, a child overran, its output did not read. */
        FAILED,
        /** It was not run: a tool, a database or a JDK it needs is missing. */
        SKIPPED;

        @Override
        public String toString() {
            return id();
        }

        /** The status results.json spells so, or null for any other word (an arm that ran has none). */
        public static Status parse(String text) {
            return Spelled.find(Status.class, text).orElse(null);
        }
    }

    public FailedArm {
        Objects.requireNonNull(status, "status");
    }

    public FailedArm(ArmKey key, Status status, String failure) {
        this(key, status, failure, null);
    }

    public static FailedArm failed(ArmPlan plan, String failure) {
        return new FailedArm(plan.key(), Status.FAILED, failure);
    }

    /** The server's process exited while the arm ran: the reason holds its log's tail. */
    public static FailedArm died(ArmPlan plan, String failure) {
        return new FailedArm(plan.key(), Status.FAILED, failure, Outcome.DIED);
    }

    public static FailedArm skipped(ArmPlan plan, String reason) {
        return new FailedArm(plan.key(), Status.SKIPPED, reason);
    }

    /** Skipped for a missing tool or database, as opposed to broken. */
    public boolean wasSkipped() {
        return status == Status.SKIPPED;
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
