package loomlab.lab.load;

import java.util.OptionalDouble;
import loomlab.lab.process.ProcStat;
import loomlab.load.IntervalSnapshot;
import loomlab.load.LoadListener;

/**
 * A probe's readings and the lab's own CPU taken at the generator's measured window's two edges (as the
 * loops start or a warm-up ends, and once every loop has ended), so that neither the generator's setup
 * nor its summing-up after the last answer is counted as the requests' CPU. Either edge may come on the
 * generator's reporter thread.
 */
public final class WindowEdges implements LoadListener {
    private final LabLoadEngine.ServerUsageProbe usage;
    private final long self = ProcessHandle.current().pid();
    private volatile OptionalDouble labAtStart = OptionalDouble.empty();
    private volatile OptionalDouble labAtEnd = OptionalDouble.empty();

    public WindowEdges(LabLoadEngine.ServerUsageProbe usage) {
        this.usage = usage;
    }

    @Override
    public void onMeasureStart() {
        usage.windowOpens();
        labAtStart = ProcStat.cpuSeconds(self);
    }

    @Override
    public void onMeasureEnd() {
        labAtEnd = ProcStat.cpuSeconds(self);
        usage.windowCloses();
    }

    @Override
    public void onInterval(IntervalSnapshot interval) {
    }

    /** The lab's own CPU over the window (its generator's), or null when the window never closed. */
    public Double labCpuS() {
        return ProcStat.between(labAtStart, labAtEnd);
    }
}
