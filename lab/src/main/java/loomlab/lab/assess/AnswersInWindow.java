package loomlab.lab.assess;

import java.time.Duration;
import loomlab.load.IntervalSnapshot;
import loomlab.load.LiveRun;
import loomlab.load.LoadListener;
import loomlab.load.RunObserver;

/**
 * Answers per second within a step's measured window, to any request: the warm-up's requests still in
 * flight when the window opens are answered in it too. The window's own requests alone leave its first
 * second short by the rate times the latency (at 400 req/s and 55 ms, 22 answers), which read as a
 * service that fell behind when it did not. The generator's count of answers is read as the window
 * opens and as each of its seconds ends (the loops publish the count every 20 ms); the drain after the
 * window, where a rare slow request may end seconds later, is left out.
 */
final class AnswersInWindow implements LoadListener, RunObserver {
    /** The generator's count of answers, {@code elapsedSeconds} into the window. */
    record Mark(double elapsedSeconds, long answered) {
    }

    private final double endSeconds;
    private volatile LiveRun run;
    private volatile Mark opened;
    private volatile Mark last;

    AnswersInWindow(Duration length) {
        this.endSeconds = length.toNanos() / 1e9 + 1e-3;
    }

    @Override
    public void started(LiveRun live) {
        run = live;
    }

    @Override
    public void onMeasureStart() {
        LiveRun live = run;
        if (live != null) {
            opened = new Mark(0, live.sample().answered());
        }
    }

    @Override
    public void onInterval(IntervalSnapshot interval) {
        LiveRun live = run;
        if (live != null && opened != null && interval.elapsedSeconds() <= endSeconds) {
            last = new Mark(interval.elapsedSeconds(), live.sample().answered());
        }
    }

    /** Per second of the window up to its last second (or where a stopped step stopped); null when none was read. */
    Double perSecond() {
        return perSecond(opened, last);
    }

    /** The seconds {@link #perSecond} counts, from the window's opening; null when none was read. */
    Double spanSeconds() {
        Mark from = opened;
        Mark to = last;
        return from == null || to == null || !(to.elapsedSeconds() > from.elapsedSeconds()) ? null
                : to.elapsedSeconds() - from.elapsedSeconds();
    }

    static Double perSecond(Mark opened, Mark last) {
        return opened == null || last == null || !(last.elapsedSeconds() > opened.elapsedSeconds()) ? null
                : (last.answered() - opened.answered()) / (last.elapsedSeconds() - opened.elapsedSeconds());
    }
}
