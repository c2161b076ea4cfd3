package loomlab.lab.assess;

import java.time.Duration;
import loomlab.load.IntervalSnapshot;
import loomlab.load.LiveRun;
import loomlab.load.LoadListener;
import loomlab.load.RunObserver;
import loomlab.load.RunSample;

/**
 * Answers and sends per second within a step's measured window, to and of any request: the warm-up's
 * requests still in flight when the window opens are answered in it too. The window's own requests
 * alone leave its first second short by the rate times the latency (at 400 req/s and 55 ms, 22
 * answers), which read as a service that fell behind when it did not. The generator's counts are read
 * together as the window opens and as each of its seconds ends (the loops publish them every 20 ms):
 * every answer, the successful ones (2xx or 3xx) apart, since a service that answers 503 to everything
 * answers quickly and serves nothing; and the requests the generator actually sent in those seconds,
 * which is what the service was offered there, whatever the schedule meant to. The drain after the
 * window, where a rare slow request may end seconds later, is left out.
 */
final class AnswersInWindow implements LoadListener, RunObserver {
    /** The generator's counts, {@code elapsedSeconds} into the window. */
    record Mark(double elapsedSeconds, long answered, long answeredOk, long sent) {
        /** A mark of answers alone, all of them successful and none sent. */
        Mark(double elapsedSeconds, long answered) {
            this(elapsedSeconds, answered, answered, 0);
        }

        static Mark of(double elapsedSeconds, RunSample sample) {
            return new Mark(elapsedSeconds, sample.answered(), sample.answeredOk(), sample.sent());
        }
    }

    /**
     * How late the reporter's last second of the window may come and still be the window's: its thread wakes
     * a few milliseconds late on a loaded machine, and the span divides by the seconds actually elapsed, so a
     * second read 6 ms late is the window's last, not a second lost. The drain after the window (whose
     * requests were all sent within it) ends later still.
     */
    static final double LATE_REPORT_S = 0.1;

    private final double endSeconds;
    private volatile LiveRun run;
    private volatile Mark opened;
    private volatile Mark last;

    AnswersInWindow(Duration length) {
        this.endSeconds = length.toNanos() / 1e9 + LATE_REPORT_S;
    }

    @Override
    public void started(LiveRun live) {
        run = live;
    }

    @Override
    public void onMeasureStart() {
        LiveRun live = run;
        if (live != null) {
            opened = Mark.of(0, live.sample());
        }
    }

    @Override
    public void onInterval(IntervalSnapshot interval) {
        LiveRun live = run;
        if (live != null && opened != null && interval.elapsedSeconds() <= endSeconds) {
            last = Mark.of(interval.elapsedSeconds(), live.sample());
        }
    }

    /** Answers per second of the window up to its last second (or where a stopped step stopped); null when none was read. */
    Double perSecond() {
        return perSecond(opened, last);
    }

    /** Of those, the answers with a 2xx or 3xx status; null when none was read. */
    Double okPerSecond() {
        Mark from = opened;
        Mark to = last;
        return spanOf(from, to) == null ? null : (to.answeredOk() - from.answeredOk()) / spanOf(from, to);
    }

    /** Requests the generator sent in the same seconds, per second; null when none was read. */
    Double sentPerSecond() {
        Mark from = opened;
        Mark to = last;
        return spanOf(from, to) == null ? null : (to.sent() - from.sent()) / spanOf(from, to);
    }

    /** The seconds {@link #perSecond} counts, from the window's opening; null when none was read. */
    Double spanSeconds() {
        return spanOf(opened, last);
    }

    private static Double spanOf(Mark from, Mark to) {
        return from == null || to == null || !(to.elapsedSeconds() > from.elapsedSeconds()) ? null
                : to.elapsedSeconds() - from.elapsedSeconds();
    }

    static Double perSecond(Mark opened, Mark last) {
        Double span = spanOf(opened, last);
        return span == null ? null : (last.answered() - opened.answered()) / span;
    }
}
