package loomlab.load;

import org.HdrHistogram.Histogram;

/** Receives each interval as the run goes, on the generator's reporter thread; must return quickly. */
@FunctionalInterface
public interface LoadListener {

    LoadListener NONE = interval -> { };

    void onInterval(IntervalSnapshot interval);

    /**
     * The measured window begins now (the warm-up is over): for readings that must bracket exactly the
     * requests the run counts, such as a process's CPU. Called once: on the reporter thread at the end of
     * a warm-up, or on the thread that called the generator just before its loops start when the run has
     * no warm-up. Not called when the run ended before its window began, nor when the loops finished
     * the whole window before the reporter's thread woke to open it (a window of milliseconds on a
     * starved machine): then neither edge is told, and a reading that needs both is missing, not wrong.
     */
    default void onMeasureStart() {
    }

    /**
     * The measured window has ended: every loop has finished (its last request answered, failed or timed
     * out), before the run's figures are summed up, so that readings taken here leave that work out.
     * Called once, after {@link #onMeasureStart}, on the thread that called the generator; not called
     * when the window never began, nor when the run failed.
     */
    default void onMeasureEnd() {
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
            public void onMeasureEnd() {
                first.onMeasureEnd();
                second.onMeasureEnd();
            }

            @Override
            public void onIntervalHistogram(double startSeconds, double endSeconds, Histogram latencyNanos) {
                first.onIntervalHistogram(startSeconds, endSeconds, latencyNanos);
                second.onIntervalHistogram(startSeconds, endSeconds, latencyNanos);
            }
        };
    }
}
