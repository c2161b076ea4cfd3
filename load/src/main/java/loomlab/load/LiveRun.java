package loomlab.load;

/** A run in progress, for a watchdog: sampled a few times a second from another thread, and stopped by it. */
public interface LiveRun {
    /** The run now; the event loops publish what it reads at least every few tens of milliseconds. */
    RunSample sample();

    /** Ends the run as a {@link StopWhen} would: requests still in flight are left out of its figures. */
    void stop();
}
