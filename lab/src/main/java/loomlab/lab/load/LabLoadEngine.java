package loomlab.lab.load;

import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import loomlab.core.arm.ErrorCounts;
import loomlab.core.arm.GeneratorUsage;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpMeasurement;
import loomlab.core.arm.Latency;
import loomlab.core.arm.LoadModel;
import loomlab.core.arm.PathFigures;
import loomlab.lab.series.IntervalLogListener;
import loomlab.lab.watch.Watchdog;
import loomlab.load.LatencySummary;
import loomlab.load.LoadGenerator;
import loomlab.load.LoadListener;
import loomlab.load.LoadResult;
import loomlab.load.LoadSpec;
import loomlab.load.ProgressLine;
import loomlab.load.RunObserver;
import loomlab.load.StopWhen;

/** Drives an HTTP arm with the lab's own generator and turns its result into the core's terms. */
public final class LabLoadEngine implements LoadEngine {
    public static final String NAME = "loomlab (NIO, HdrHistogram; closed-model latency from the actual send,"
            + " open-model latency from the intended send time, coordinated-omission corrected)";

    /** Long enough for any arm's slowest honest answer; a request that takes longer is an error. */
    public static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);

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
    public long warmUp(HttpArmPlan plan, URI target, Watchdog watch) throws InterruptedException {
        if (plan.load().warmup().isNone()) {
            return 0;
        }
        LoadSpec spec = LoadSpec.builder(target).connections(plan.users())
                .duration(plan.load().warmup().length()).timeout(REQUEST_TIMEOUT).build();
        return LoadGenerator.run(spec, LoadListener.NONE, StopWhen.NEVER, watch).requests();
    }

    @Override
    public boolean watchesMeasurement() {
        return true;
    }

    /**
     * Closed-model users, each pausing after every answer as planned; latency counts from the
     * actual send (in this model the generator sends as soon as a user is ready, so there is no
     * earlier intended time to correct to). The lab's own CPU over the window is the generator's; every
     * process's CPU is read at the window's edges as the generator sees them.
     * The watchdog follows the run and stops it if the server hangs: the figures are then those
     * measured up to the hang.
     */
    @Override
    public HttpMeasurement measure(HttpArmPlan plan, URI target, long serverPid, long warmupRequests,
                                   ServerUsageProbe usage, Watchdog watch) throws InterruptedException {
        LoadSpec.Builder spec = LoadSpec.builder(target).connections(plan.users())
                .thinkTime(plan.load().pause().length()).timeout(REQUEST_TIMEOUT);
        if (plan.countsRequests()) {
            spec.requests(plan.load().requests());
        } else {
            spec.duration(plan.load().duration());
        }
        ServerTimeline timeline = new ServerTimeline(serverPid, progress());
        WindowEdges edges = new WindowEdges(usage);
        usage.beforeLoad();
        LoadResult result = run(spec.build(), plan, target,
                LoadListener.both(LoadListener.both(timeline, watch), edges), watch);
        if (live) {
            console.print("\r\033[K");
        }
        usage.afterLoad(timeline.peakOsThreads());
        return new HttpMeasurement(result.requests(), result.elapsedSeconds(), result.throughputRps(),
                latency(result.uncorrectedLatency()), latency(result.uncorrectedLatency()), errors(result),
                warmupRequests, result.lateSends(), new GeneratorUsage(result.generatorCpuSeconds(),
                result.generatorCpuUtilisation(), result.generatorSaturated(), edges.labCpuS()),
                timeline.points(), HttpMeasurement.LAB_ENGINE,
                LoadModel.CLOSED).withPaths(paths(result));
    }

    private LoadResult run(LoadSpec spec, HttpArmPlan plan, URI target, LoadListener listeners, RunObserver watch)
            throws InterruptedException {
        if (histogramLog == null) {
            return LoadGenerator.run(spec, listeners, StopWhen.NEVER, watch);
        }
        String from = spec.openModel() ? "from the intended send time" : "from the actual send";
        try (IntervalLogListener log = IntervalLogListener.open(histogramLog, plan.name() + ", " + target
                + ", latency " + from, listeners,
                console)) {
            return LoadGenerator.run(spec, log, StopWhen.NEVER, watch);
        }
    }

    /** Each path of the run on its own, in the core's terms. */
    public static List<PathFigures> paths(LoadResult result) {
        return result.paths().stream().map(p -> new PathFigures(p.path(), p.count(),
                p.count() == 0 ? null : p.latency().p50(), p.count() == 0 ? null : p.latency().p99(),
                p.count() == 0 ? null : p.latency().p999(), p.count() == 0 ? null : p.latency().max(), p.errors()))
                .toList();
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

    /**
     * The generator's summary in the core's terms; unknown (nulls) when nothing was answered, never
     * latencies of 0 that a comparison would read as the fastest.
     */
    public static Latency latency(LatencySummary summary) {
        if (summary.equals(LatencySummary.EMPTY)) {
            return Latency.UNKNOWN;
        }
        return new Latency(summary.mean(), summary.p50(), summary.p90(), summary.p99(), summary.p999(),
                summary.max());
    }

    private static ErrorCounts errors(LoadResult result) {
        var e = result.errors();
        return new ErrorCounts(e.connect(), e.timeout(), e.status(), e.protocol());
    }

    /**
     * Reads the server's usage around the measured window; the runner keeps what it read. An engine
     * calls the four in order; where it cannot see its window's edges it calls the middle two just
     * after the first and just before the last.
     */
    public interface ServerUsageProbe {
        /** Nothing read. */
        ServerUsageProbe NONE = new ServerUsageProbe() {
            @Override
            public void beforeLoad() {
            }

            @Override
            public void windowOpens() {
            }

            @Override
            public void windowCloses() {
            }

            @Override
            public void afterLoad(long peakOsThreads) {
            }
        };

        /** Before the load: asks the server itself (its /stats), a request that must not queue behind the load's. */
        void beforeLoad();

        /** The measured window opens: counters that must bracket exactly the counted requests (each process's CPU). */
        void windowOpens();

        /** The measured window closed: the same counters again. */
        void windowCloses();

        /** After the load: asks the server again; {@code peakOsThreads} is the run's peak, 0 when not followed. */
        void afterLoad(long peakOsThreads);
    }
}
