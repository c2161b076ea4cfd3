package loomlab.load;

import org.HdrHistogram.Histogram;

/** Receives each interval as the run goes, on the generator's reporter thread; must return quickly. */
@FunctionalInterface
public interface LoadListener {

    LoadListener NONE = interval -> { };

    void onInterval(IntervalSnapshot interval);

    /**
     * The measured window begins now (the warm-up is over): for readings that must bracket exactly the
     * requests the run counts, such as a process's CPU. Called once, on the reporter thread.
     */
    default void onMeasureStart() {
    }

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

    /** Both listeners, each call to the first and then the second. */
    static LoadListener both(LoadListener first, LoadListener second) {
        return new LoadListener() {
            @Override
            public void onInterval(IntervalSnapshot interval) {
                first.onInterval(interval);
                second.onInterval(interval);
            }

            @Override
            public void onMeasureStart() {
                first.onMeasureStart();
                second.onMeasureStart();
            }

            @Override
            public void onIntervalHistogram(double startSeconds, double endSeconds, Histogram latencyNanos) {
                first.onIntervalHistogram(startSeconds, endSeconds, latencyNanos);
                second.onIntervalHistogram(startSeconds, endSeconds, latencyNanos);
            }
        };
    }
}
