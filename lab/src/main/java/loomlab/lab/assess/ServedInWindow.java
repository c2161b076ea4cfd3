package loomlab.lab.assess;

import java.time.Instant;
import loomlab.core.assess.CapacityStep;
import loomlab.load.IntervalSnapshot;
import loomlab.load.LiveRun;
import loomlab.load.LoadListener;
import loomlab.load.RunObserver;
import loomlab.load.RunSample;

/**
 * What the CPU a step's window read served, and where that window lies on the wall clock: the
 * generator's counts and the time, taken at the window's two edges right beside the CPU readings
 * ({@code WindowEdges} comes first in the same listener chain). At the closing every loop has ended,
 * so its counts are final: what was still in flight there was left (a step stopped early leaves its
 * queue). The wall clock is the flight recording's, so its events fall in or out of the window.
 */
final class ServedInWindow implements LoadListener, RunObserver {
    private volatile LiveRun run;
    private volatile RunSample opened;
    private volatile Instant openedAt;
    private volatile RunSample closed;
    private volatile Instant closedAt;

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
    }

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
