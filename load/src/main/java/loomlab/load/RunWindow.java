package loomlab.load;

import java.time.Duration;

/**
 * The run's time line in {@link System#nanoTime()} terms: start, end of warm-up (= start of
 * measurement) and the end of issuing, if the run has a duration. A request belongs to the phase of
 * its intended send time.
 */
record RunWindow(long startNanos, long measureStartNanos, long endNanos, boolean timeLimited) {

    enum Phase { WARMUP, MEASURED, OVER }

    static RunWindow of(long startNanos, Duration warmup, Duration duration) {
        long measureStart = startNanos + warmup.toNanos();
        return duration == null
                ? new RunWindow(startNanos, measureStart, 0, false)
                : new RunWindow(startNanos, measureStart, measureStart + duration.toNanos(), true);
    }

    Phase phaseOf(long intendedNanos) {
        if (intendedNanos - measureStartNanos < 0) {
            return Phase.WARMUP;
        }
        return timeLimited && intendedNanos - endNanos >= 0 ? Phase.OVER : Phase.MEASURED;
    }

    long warmupNanos() {
        return measureStartNanos - startNanos;
    }
}
