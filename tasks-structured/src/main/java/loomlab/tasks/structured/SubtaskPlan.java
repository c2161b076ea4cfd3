package loomlab.tasks.structured;

/**
 * What one simulated update does: work for {@code millis}, then succeed or throw
 * {@link SimulatedFailure}.
 */
public record SubtaskPlan(long millis, boolean fails) {
    public SubtaskPlan {
        if (millis < 0) {
            throw new IllegalArgumentException("negative duration");
        }
    }

    public static SubtaskPlan succeedAfter(long millis) {
        return new SubtaskPlan(millis, false);
    }

    public static SubtaskPlan failAfter(long millis) {
        return new SubtaskPlan(millis, true);
    }
}
