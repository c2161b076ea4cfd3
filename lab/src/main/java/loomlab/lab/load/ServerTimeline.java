package loomlab.lab.load;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import loomlab.core.arm.TimelinePoint;
import loomlab.lab.process.ProcStat;
import loomlab.load.IntervalSnapshot;
import loomlab.load.LoadListener;

/**
 * Joins each second the generator reports with a reading of the server's process, so the
 * timeline of an arm shows load and cost side by side. Runs on the generator's reporter thread:
 * one /proc read per second, nothing on the request path.
 */
final class ServerTimeline implements LoadListener {
    private final long serverPid;
    private final LoadListener next;
    private final List<TimelinePoint> points = new ArrayList<>();
    private double lastCpuSeconds;
    private double lastElapsed;
    private long peakThreads;

    ServerTimeline(long serverPid, LoadListener next) {
        this.serverPid = serverPid;
        this.next = next;
        this.lastCpuSeconds = ProcStat.cpuSeconds(serverPid).orElse(0);
    }

    @Override
    public synchronized void onInterval(IntervalSnapshot interval) {
        OptionalDouble cpu = ProcStat.cpuSeconds(serverPid);
        OptionalDouble rss = ProcStat.rssMb(serverPid);
        OptionalLong threads = ProcStat.threads(serverPid);
        Double cpuPercent = null;
        double span = interval.elapsedSeconds() - lastElapsed;
        if (cpu.isPresent() && span > 0) {
            cpuPercent = 100 * (cpu.getAsDouble() - lastCpuSeconds) / span;
            lastCpuSeconds = cpu.getAsDouble();
        }
        lastElapsed = interval.elapsedSeconds();
        threads.ifPresent(t -> peakThreads = Math.max(peakThreads, t));
        points.add(new TimelinePoint(interval.elapsedSeconds(), interval.requestsPerSecond(), interval.p99Millis(),
                interval.errors(), cpuPercent, rss.isPresent() ? rss.getAsDouble() : null,
                threads.isPresent() ? threads.getAsLong() : null));
        next.onInterval(interval);
    }

    synchronized List<TimelinePoint> points() {
        return List.copyOf(points);
    }

    /** The most OS threads seen in any sample, 0 when none could be read. */
    synchronized long peakOsThreads() {
        return peakThreads;
    }
}
