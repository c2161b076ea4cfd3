package loomlab.tasks.structured;

/**
 * Durations of the simulated work, in milliseconds.
 *
 * @param workMillis      a normal successful update
 * @param failMillis      how long a failing update runs before it throws
 * @param slowMillis      the slow sibling that a failure or an interrupt should cut short
 * @param interruptMillis when the caller is interrupted in the interrupt case
 */
public record CaseTimings(long workMillis, long failMillis, long slowMillis, long interruptMillis) {
    public CaseTimings {
        if (workMillis < 0 || failMillis < 0 || interruptMillis < 0 || slowMillis <= Math.max(failMillis, interruptMillis)) {
            throw new IllegalArgumentException("durations must be non-negative and the slow one longer than the fail and interrupt times");
        }
    }

    public static CaseTimings defaults() {
        return new CaseTimings(200, 100, 2_000, 100);
    }
}
