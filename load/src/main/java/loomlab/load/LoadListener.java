package loomlab.load;

import org.HdrHistogram.Histogram;

/** Receives each interval as the run goes, on the generator's reporter thread; must return quickly. */
@FunctionalInterface
public interface LoadListener {

    LoadListener NONE = interval -> { };

    void onInterval(IntervalSnapshot interval);

    /**
     * The interval's corrected latencies in nanoseconds, just before {@link #onInterval}, for
     * interval logs (.hlog). The histogram is reused for the next interval: read or copy it here.
     *
     * @param startSeconds the interval's start, from the start of measurement
     * @param endSeconds   its end
     */
    default void onIntervalHistogram(double startSeconds, double endSeconds, Histogram correctedNanos) {
    }
}
