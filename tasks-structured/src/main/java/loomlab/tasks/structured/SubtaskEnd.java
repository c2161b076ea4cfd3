package loomlab.tasks.structured;

import loomlab.threads.Spelled;

/** Where a simulated subtask stands. */
public enum SubtaskEnd implements Spelled {
    /** Never ran: the style gave up on it before a thread picked it up. */
    NOT_STARTED,
    RUNNING,
    SUCCEEDED,
    FAILED,
    /** Interrupted (cancelled) before its work was done. */
    CANCELLED;
}
