package loomlab.core.arm;

/**
 * How a pinning arm ended and with how many carriers: it completed, or the server stopped
 * answering while requests were outstanding and was stopped after a thread dump.
 *
 * @param carriers the virtual-thread scheduler's parallelism the server ran with
 * @param outcome  {@code completed} or {@code deadlocked}
 * @param stalledS how long no request completed before the lab gave up, for a deadlocked arm
 * @param evidence what the thread dump showed, for a deadlocked arm (null when none could be taken)
 */
public record StallOutcome(int carriers, String outcome, Double stalledS, DeadlockEvidence evidence) {
    public static final String COMPLETED = "completed";
    public static final String DEADLOCKED = "deadlocked";

    public static StallOutcome completed(int carriers) {
        return new StallOutcome(carriers, COMPLETED, null, null);
    }

    public boolean deadlocked() {
        return DEADLOCKED.equals(outcome);
    }
}
