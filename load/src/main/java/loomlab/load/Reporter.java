package loomlab.load;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * Every second of the measured window, drains each loop's recorders into one interval, adds it to
 * the totals and hands the snapshot to the listener; one last, partial interval once the loops are
 * done. Runs on its own thread so the event loops never wait for reporting.
 */
final class Reporter implements Runnable {
    private static final long INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final RunWindow window;
    private final List<LoopMetrics> loops;
    private final LoadListener listener;
    private final AtomicReference<Throwable> failure;
    private final StopWhen stopWhen;
    private final Runnable stopLoops;
    private boolean stopped;
    private final IntervalAccumulator accumulator;
    private final Histogram corrected = Histograms.create();
    private final Histogram uncorrected = Histograms.create();
    private volatile boolean loopsDone;
    private double lastReportSeconds;
    private Thread thread;
    private volatile boolean listenerFailed;
    /** Guarded by this: the window's edges are told once each, the start first, from either thread. */
    private boolean windowStarted;
    private boolean windowEnded;

    /**
     * @param stopWhen  asked after every interval whether to end the run early
     * @param stopLoops ends the run: stops every event loop
     */
    Reporter(RunWindow window, List<LoopMetrics> loops, LoadListener listener, AtomicReference<Throwable> failure,
             StopWhen stopWhen, Runnable stopLoops, boolean openModel) {
        this.accumulator = new IntervalAccumulator(openModel);
        this.window = window;
        this.loops = loops;
        this.listener = listener;
        this.failure = failure;
        this.stopWhen = stopWhen;
        this.stopLoops = stopLoops;
    }

    void start() {
        thread = Thread.ofPlatform().name("loomlab-load-reporter").daemon(true).start(this);
    }

    @Override
    public void run() {
        // Nothing needs discarding at the start of measurement: loops record only requests intended after it.
        boolean running = sleepUntil(window.measureStartNanos());
        if (running) {
            measureStarts();
        }
        long nextReport = window.measureStartNanos() + INTERVAL_NANOS;
        while (running && (running = sleepUntil(nextReport))) {
            report();
            nextReport += INTERVAL_NANOS;
        }
        if (System.nanoTime() - window.measureStartNanos() > 0) {
            report(); // the last, partial interval (absent only if the run was stopped during the warm-up)
        }
    }

    /** Called after every loop was joined: makes the final report and waits for it. */
    void finish() {
        loopsDone = true;
        if (thread == null) {
            return;
        }
        LockSupport.unpark(thread);
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true; // the final report is quick; finish it, then restore the flag
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Read after {@link #finish()}. */
    IntervalAccumulator accumulator() {
        return accumulator;
    }

    /** @return true when the deadline came, false when the loops finished first */
    private boolean sleepUntil(long deadline) {
        for (long left; !loopsDone && (left = deadline - System.nanoTime()) > 0; ) {
            LockSupport.parkNanos(this, left);
        }
        return !loopsDone;
    }

    private void report() {
        drainLoops();
        long errorsSoFar = 0;
        long timeoutsSoFar = 0;
        for (LoopMetrics loop : loops) {
            ErrorCounts errors = loop.errors();
            errorsSoFar += errors.total();
            timeoutsSoFar += errors.timeout();
        }
        double elapsedSeconds = (System.nanoTime() - window.measureStartNanos()) / 1e9;
        IntervalSnapshot snapshot = accumulator.add(elapsedSeconds, corrected, uncorrected, errorsSoFar,
                timeoutsSoFar);
        tell(lastReportSeconds, snapshot);
        lastReportSeconds = elapsedSeconds;
        if (!stopped && !loopsDone && stopWhen.stop(snapshot)) {
            stopped = true;
            stopLoops.run();
        }
    }

    private void drainLoops() {
        corrected.reset();
        uncorrected.reset();
        for (LoopMetrics loop : loops) {
            loop.drainInto(corrected, uncorrected);
        }
    }

    /**
     * Tells the listener the measured window begins, unless it was told already or the window ended:
     * at the warm-up's end from the reporter's thread, or before the loops start for a run without one.
     */
    synchronized void measureStarts() {
        if (windowStarted || windowEnded) {
            return;
        }
        windowStarted = true;
        try {
            listener.onMeasureStart();
        } catch (RuntimeException e) {
            listenerFailed = true;
            failure.compareAndSet(null, e);
        }
    }

    /** Tells the listener the measured window ended, once, if it was told it began. */
    synchronized void measureEnds() {
        if (windowEnded) {
            return;
        }
        windowEnded = true;
        if (!windowStarted || listenerFailed) {
            return;
        }
        try {
            listener.onMeasureEnd();
        } catch (RuntimeException e) {
            listenerFailed = true;
            failure.compareAndSet(null, e);
        }
    }

    private void tell(double startSeconds, IntervalSnapshot snapshot) {
        if (listenerFailed) {
            return;
        }
        try {
            listener.onIntervalHistogram(startSeconds, snapshot.elapsedSeconds(),
                    accumulator.measured(corrected, uncorrected));
            listener.onInterval(snapshot);
        } catch (RuntimeException e) {
            listenerFailed = true;
            failure.compareAndSet(null, e);
        }
    }
}
