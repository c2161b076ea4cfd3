package loomlab.load;

/**
 * Ends a run before its time when an interval shows that going on measures nothing more: for a
 * capacity search, a step that has already failed (an error, a latency far past the target). Asked
 * on the generator's reporter thread after each interval has gone to the listener; must return
 * quickly. Requests still in flight when the run stops are abandoned, not counted.
 */
@FunctionalInterface
public interface StopWhen {
    StopWhen NEVER = interval -> false;

    /** True to stop the run now. */
    boolean stop(IntervalSnapshot interval);
}
