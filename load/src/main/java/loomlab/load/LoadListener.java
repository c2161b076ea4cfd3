package loomlab.load;

import org.HdrHistogram.Histogram;

/** Receives each interval as the run goes, on the generator's reporter thread; must return quickly. */
@FunctionalInterface
public interface LoadListener {

    LoadListener NONE = interval -> { };

    void onInterval(IntervalSnapshot interval);

    /**
     * The interval's latencies in nanoseconds as the run's model measures them (from the intended
     * send time in the open model, from the actual send in the closed model), just before
     * {@link #onInterval}, for interval logs (.hlog). The histogram is reused for the next interval:
     * read or copy it here.
     *
     * @param startSeconds the interval's start, from the start of measurement
     * @param endSeconds   its end
     */
    default void onIntervalHistogram(double startSeconds, double endSeconds, Histogram latencyNanos) {
    }
}
