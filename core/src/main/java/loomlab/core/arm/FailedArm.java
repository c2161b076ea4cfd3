package loomlab.core.arm;

/** An arm that could not produce figures (a server died, a database was missing), and why. */
public record FailedArm(String name, String mode, String server, String status, String failure) implements ArmResult {
    public static FailedArm failed(ArmPlan plan, String server, String failure) {
        return new FailedArm(plan.name(), plan.mode(), server, "failed", failure);
    }

    public static FailedArm skipped(ArmPlan plan, String server, String reason) {
        return new FailedArm(plan.name(), plan.mode(), server, "skipped", reason);
    }

    /** Skipped for a missing tool or database, as opposed to broken. */
    public boolean wasSkipped() {
        return "skipped".equals(status);
    }

    @Override
    public boolean ran() {
        return false;
    }
}
