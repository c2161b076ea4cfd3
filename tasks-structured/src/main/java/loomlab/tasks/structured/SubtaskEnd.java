package loomlab.tasks.structured;

/** Where a simulated subtask stands. */
public enum SubtaskEnd {
    /** Never ran: the style gave up on it before a thread picked it up. */
    NOT_STARTED,
    RUNNING,
    SUCCEEDED,
    FAILED,
    /** Interrupted (cancelled) before its work was done. */
    CANCELLED;

    public String label() {
        return name().toLowerCase().replace('_', '-');
    }
}
