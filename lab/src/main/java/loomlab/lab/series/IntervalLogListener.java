package loomlab.lab.series;

import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import loomlab.load.IntervalSnapshot;
import loomlab.load.LoadListener;
import org.HdrHistogram.Histogram;

/**
 * Writes every interval's histogram of a run to an interval log as the generator hands it out, and
 * passes every interval, and the measured window's two edges, on to the next listener. A log that cannot be written is reported on the
 * console; the run goes on without it.
 */
public final class IntervalLogListener implements LoadListener, Closeable {
    private final Path file;
    private final HistogramLog log;
    private final LoadListener next;
    private final PrintStream console;

    private IntervalLogListener(Path file, HistogramLog log, LoadListener next, PrintStream console) {
        this.file = file;
        this.log = log;
        this.next = next;
        this.console = console;
    }

    /** Opens the log at {@code file} for a run that starts measuring about now. */
    public static IntervalLogListener open(Path file, String comment, LoadListener next, PrintStream console) {
        HistogramLog log = null;
        try {
            log = HistogramLog.create(file, System.currentTimeMillis(), comment);
        } catch (IOException e) {
            console.println("    could not write " + file + ": " + e.getMessage());
        }
        return new IntervalLogListener(file, log, next, console);
    }

    @Override
    public void onIntervalHistogram(double startSeconds, double endSeconds, Histogram latencyNanos) {
        if (log != null) {
            log.interval(startSeconds, endSeconds, latencyNanos);
        }
        next.onIntervalHistogram(startSeconds, endSeconds, latencyNanos);
    }

    @Override
    public void onInterval(IntervalSnapshot interval) {
        next.onInterval(interval);
    }

    @Override
    public void onMeasureStart() {
        next.onMeasureStart();
    }

    @Override
    public void onMeasureEnd() {
        next.onMeasureEnd();
    }

    @Override
    public void close() {
        if (log == null) {
            return;
        }
        try {
            log.close();
        } catch (IOException e) {
            console.println("    could not write " + file + ": " + e.getMessage());
        }
    }
}
