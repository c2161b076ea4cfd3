package loomlab.lab.load;

import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import loomlab.core.arm.ErrorCounts;
import loomlab.core.arm.GeneratorUsage;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpMeasurement;
import loomlab.core.arm.Latency;
import loomlab.core.arm.ServerUsage;
import loomlab.core.arm.TimelinePoint;
import loomlab.lab.series.IntervalLogListener;
import loomlab.load.LatencySummary;
import loomlab.load.LoadGenerator;
import loomlab.load.LoadListener;
import loomlab.load.LoadResult;
import loomlab.load.LoadSpec;
import loomlab.load.ProgressLine;

/** Drives an HTTP arm with the lab's own generator and turns its result into the core's terms. */
public final class LabLoadEngine implements LoadEngine {
    public static final String NAME = "loomlab (NIO, HdrHistogram, coordinated-omission corrected)";

    /** Long enough for any arm's slowest honest answer; a request that takes longer is an error. */
    public static final java.time.Duration REQUEST_TIMEOUT = java.time.Duration.ofSeconds(60);

    private final PrintStream console;
    private final boolean live;
    private Path histogramLog;

    public LabLoadEngine(PrintStream console, boolean live) {
        this.console = console;
        this.live = live;
    }

    /** Also writes the measured latencies to an HdrHistogram interval log at {@code file}. */
    public LabLoadEngine recordingHistogramsTo(Path file) {
        this.histogramLog = file;
        return this;
    }

    @Override
    public long warmUp(HttpArmPlan plan, URI base) throws InterruptedException {
        if (plan.warmup() == null || plan.warmup().isZero()) {
            return 0;
        }
        LoadSpec spec = LoadSpec.builder(base.resolve(plan.warmupPath())).connections(plan.users())
                .duration(plan.warmup()).timeout(REQUEST_TIMEOUT).build();
        return LoadGenerator.run(spec, LoadListener.NONE).requests();
    }

    @Override
    public HttpMeasurement measure(HttpArmPlan plan, URI base, long serverPid, long warmupRequests,
                                   ServerUsageProbe usage) throws InterruptedException {
        LoadSpec.Builder spec = LoadSpec.builder(base.resolve(plan.path())).connections(plan.users())
                .thinkTime(plan.thinkTime()).timeout(REQUEST_TIMEOUT);
        if (plan.countsRequests()) {
            spec.requests(plan.requests());
        } else {
            spec.duration(plan.duration());
        }
        ServerTimeline timeline = new ServerTimeline(serverPid, progress());
        usage.start();
        LoadResult result;
        if (histogramLog == null) {
            result = LoadGenerator.run(spec.build(), timeline);
        } else {
            try (IntervalLogListener log = IntervalLogListener.open(histogramLog, plan.server() + " " + plan.name()
                    + ", " + base.resolve(plan.path()), timeline, console)) {
                result = LoadGenerator.run(spec.build(), log);
            }
        }
        if (live) {
            console.print("\r\033[K");
        }
        ServerUsage server = usage.finish(timeline.peakOsThreads());
        List<TimelinePoint> points = timeline.points();
        return new HttpMeasurement(result.requests(), result.elapsedSeconds(), result.throughputRps(),
                latency(result.latency()), latency(result.uncorrectedLatency()), errors(result), warmupRequests,
                result.lateSends(), server, GeneratorUsage.of(result.generatorCpuSeconds(),
                result.generatorCpuUtilisation(), result.generatorSaturated()), points);
    }

    private LoadListener progress() {
        if (!live) {
            return LoadListener.NONE;
        }
        return interval -> {
            console.print("\r\033[K    " + ProgressLine.format(interval));
            console.flush();
        };
    }

    /** The generator's summary in the core's terms. */
    public static Latency latency(LatencySummary summary) {
        return new Latency(summary.mean(), summary.p50(), summary.p90(), summary.p99(), summary.p999(),
                summary.max());
    }

    private static ErrorCounts errors(LoadResult result) {
        var e = result.errors();
        return new ErrorCounts(e.connect(), e.timeout(), e.status(), e.protocol());
    }

    /** Reads the server's usage around the measured window. */
    public interface ServerUsageProbe {
        void start();

        ServerUsage finish(long peakOsThreads);
    }
}
