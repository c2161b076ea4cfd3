package loomlab.lab.assess;

import java.time.Duration;
import java.time.Instant;
import loomlab.core.assess.CapacityStep;
import loomlab.load.IntervalSnapshot;
import loomlab.load.LiveRun;
import loomlab.load.LoadListener;
import loomlab.load.RunObserver;
import loomlab.load.RunSample;

/**
 * The generator's counts in a step's measured window, read as the window opens, as each of its seconds
 * ends and as it closes, for the two things a step asks of them.
 *
 * <p>Its seconds: answers and sends per second, to and of any request. The warm-up's requests still in
 * flight when the window opens are answered in it too: the window's own requests alone leave its first
 * second short by the rate times the latency (at 400 req/s and 55 ms, 22 answers), which read as a
 * service that fell behind when it did not. The counts of each second are read as it ends (the loops
 * publish them every 20 ms): every answer, the successful ones (2xx or 3xx) apart, since a service that
 * answers 503 to everything answers quickly and serves nothing; and the requests the generator actually
 * sent in those seconds, which is what the service was offered there, whatever the schedule meant to.
 * The drain after the window, where a rare slow request may end seconds later, is left out.
 *
 * <p>Its edges: what the CPU the step's window read served, and where that window lies on the wall
 * clock, the counts and the time taken right beside the CPU readings ({@code WindowEdges} comes just
 * before it in the same listener chain). At the closing every loop has ended, so its counts are final,
 * the drain included: what was still in flight there was left (a step stopped early leaves its queue).
 * The wall clock is the flight recording's, so its events fall in or out of the window.
 */
final class WindowCounts implements LoadListener, RunObserver {
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
    private volatile RunSample opened;
    private volatile Instant openedAt;
    private volatile Mark last;
    private volatile RunSample closed;
    private volatile Instant closedAt;

    WindowCounts(Duration length) {
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
            opened = live.sample();
            openedAt = Instant.now();
        }
    }

    @Override
    public void onMeasureEnd() {
        LiveRun live = run;
        if (live != null) {
            closedAt = Instant.now();
            closed = live.sample();
        }
    }

    @Override
    public void onInterval(IntervalSnapshot interval) {
        LiveRun live = run;
        if (live != null && opened != null && interval.elapsedSeconds() <= endSeconds) {
            last = Mark.of(interval.elapsedSeconds(), live.sample());
        }
    }

    // ---- its seconds ------------------------------------------------------------------------------

    /** Answers per second of the window up to its last second (or where a stopped step stopped); null when none was read. */
    Double perSecond() {
        return perSecond(openingMark(), last);
    }

    /** Of those, the answers with a 2xx or 3xx status; null when none was read. */
    Double okPerSecond() {
        Mark from = openingMark();
        Mark to = last;
        return spanOf(from, to) == null ? null : (to.answeredOk() - from.answeredOk()) / spanOf(from, to);
    }

    /** Requests the generator sent in the same seconds, per second; null when none was read. */
    Double sentPerSecond() {
        Mark from = openingMark();
        Mark to = last;
        return spanOf(from, to) == null ? null : (to.sent() - from.sent()) / spanOf(from, to);
    }

    /** The seconds {@link #perSecond} counts, from the window's opening; null when none was read. */
    Double spanSeconds() {
        return spanOf(openingMark(), last);
    }

    private Mark openingMark() {
        RunSample sample = opened;
        return sample == null ? null : Mark.of(0, sample);
    }

    private static Double spanOf(Mark from, Mark to) {
        return from == null || to == null || !(to.elapsedSeconds() > from.elapsedSeconds()) ? null
                : to.elapsedSeconds() - from.elapsedSeconds();
    }

    static Double perSecond(Mark opened, Mark last) {
        Double span = spanOf(opened, last);
        return span == null ? null : (last.answered() - opened.answered()) / span;
    }

    // ---- its edges -------------------------------------------------------------------------------

    /** The counts between the edges; null when either edge was not read. */
    CapacityStep.Served served() {
        return served(opened, closed);
    }

    /** The window on the wall clock; null when either edge was not read. */
    CapacityStep.Window window() {
        Instant from = openedAt;
        Instant to = closedAt;
        return from == null || to == null || to.isBefore(from) ? null : new CapacityStep.Window(from, to);
    }

    static CapacityStep.Served served(RunSample opened, RunSample closed) {
        if (opened == null || closed == null || closed.answered() < opened.answered()
                || closed.failed() < opened.failed()) {
            return null;
        }
        return new CapacityStep.Served(closed.answered() - opened.answered(), closed.failed() - opened.failed(),
                opened.inFlight(), closed.inFlight());
    }
}
