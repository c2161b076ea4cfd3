package loomlab.lab.watch;

import org.HdrHistogram.Histogram;

/**
 * The median the watchdog scales its limits by: of the answers of the arm's earlier runs that were not
 * overloaded, never of the run it watches. A capacity step that failed its target ran the service past
 * what it carries; its latencies are the overload's, and a median that took them in would loosen the
 * hang and stall limits (20 times the median) for the rest of the arm. So a run's answers count once
 * the next run starts, unless its owner said it was overloaded; a curve and the steps that passed are
 * what remains. Before any run counts: what one request is expected to take, else the run's own
 * answers so far.
 */
final class PassedMedian {
    private final Histogram counted = new Histogram(3);
    private Histogram current = new Histogram(3);
    private boolean currentOverloaded;

    /** A new run starts: the one before counts unless it was overloaded. */
    synchronized void runStarted() {
        if (!currentOverloaded) {
            counted.add(current);
        }
        current = new Histogram(3);
        currentOverloaded = false;
    }

    /** Answers of the run now (or last) watched. */
    synchronized void record(Histogram latencyNanos) {
        current.add(latencyNanos);
    }

    /** The run now or last watched overloaded the service: its answers never count. */
    synchronized void overloaded() {
        currentOverloaded = true;
    }

    /** The median in milliseconds, by the rule in the class comment; null when nothing is known. */
    synchronized Double p50Ms(Double expectedMs) {
        if (counted.getTotalCount() > 0) {
            return counted.getValueAtPercentile(50) / 1e6;
        }
        if (expectedMs != null) {
            return expectedMs;
        }
        return current.getTotalCount() > 0 ? current.getValueAtPercentile(50) / 1e6 : null;
    }
}
