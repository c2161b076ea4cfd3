package loomlab.lab.assess;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.Supplier;
import loomlab.core.assess.CapacityStep;
import loomlab.lab.load.LabLoadEngine;
import loomlab.lab.load.WindowEdges;
import loomlab.lab.process.HostTcp;
import loomlab.lab.process.JitThreads;
import loomlab.lab.process.ProcStat;
import loomlab.lab.watch.Watchdog;
import loomlab.load.ArrivalSchedule;
import loomlab.load.Arrivals;
import loomlab.load.GeneratorLoops;
import loomlab.load.IntervalSnapshot;
import loomlab.load.LoadGenerator;
import loomlab.load.LoadListener;
import loomlab.load.LoadResult;
import loomlab.load.LoadSpec;
import loomlab.load.RequestMix;
import loomlab.load.RunObserver;
import loomlab.load.StopWhen;

/**
 * One step of the capacity search, by the lab's generator in the open model: arrivals at a rate for
 * a warm-up (not measured), then for the step, latency from each request's intended send time. The
 * service's CPU (its whole process tree) and the lab's own are read at the edges of the measured
 * window, so they cover the requests the step counts, and so is the whole machine's, so that what its other
 * work took beside them is known; what the generator did (its own lateness, the
 * in-flight cap, the kernel's dropped connections) is recorded beside, so none of it is charged to
 * the service. A step that has already failed is ended at the next second rather than run out: an
 * error, or a second whose median is past the target (then at least half of that second's answers
 * are late, which no later second can make up for). A service that answers nothing is the
 * watchdog's to catch: it stops the step when the silence is a hang.
 */
final class OpenModelStep {
    /**
     * Connections opened at once when a step starts; the generator opens the rest as arrivals need
     * them, a few handshakes at a time, during the warm-up. Hundreds of connects at once overflow a
     * server's accept queue (Tomcat's holds 100), and a dropped SYN is retried only after a second:
     * the step would measure the burst of handshakes, not the service.
     */
    static final int MAX_UP_FRONT = 16;
    /** The reporter's seconds come a little late or early; a shorter interval is a partial one. */
    static final double WHOLE_SECOND = 0.9;
    /** Requests in flight may grow to this many times rate x target before arrivals wait for one. */
    static final int IN_FLIGHT_HEADROOM = 4;

    private final URI base;
    private final RequestMix paths;
    private final double sloP99Ms;
    private final Arrivals arrivals;
    /** The assessment's own database's CPU seconds so far, read at the window's edges; null without one. */
    private Supplier<OptionalDouble> databaseCpu;

    OpenModelStep(URI base, RequestMix paths, double sloP99Ms, Arrivals arrivals) {
        this.base = base;
        this.paths = paths;
        this.sloP99Ms = sloP99Ms;
        this.arrivals = arrivals;
    }

    /** Reads the database's CPU at the same edges as the service's, so it is charged to the database. */
    OpenModelStep withDatabase(Supplier<OptionalDouble> cpuSeconds) {
        this.databaseCpu = cpuSeconds;
        return this;
    }

    /**
     * @param unloadedMs one request's latency alone (the curve's first step), for the connections
     *                   opened up front; null when unknown
     */
    CapacityStep measure(double rate, Duration warmup, Duration length, Double unloadedMs, long servicePid,
                         LoadListener progress, Watchdog watch) throws InterruptedException {
        ServiceAtEdges service = new ServiceAtEdges(servicePid, databaseCpu);
        WindowEdges edges = new WindowEdges(service);
        Stop stop = new Stop(length);
        // Right after the CPU's edges (edges), so that the counts and the instants bracket the same work.
        WindowCounts counts = new WindowCounts(length);
        LoadResult result = LoadGenerator.run(spec(rate, unloadedMs).warmup(warmup).duration(length).build(),
                LoadListener.both(LoadListener.both(progress, LoadListener.both(edges, counts)), watch), stop,
                RunObserver.both(watch, counts));
        Double serviceCpu = delta(service.cpu, service.cpuAtEnd);
        Double labCpu = edges.labCpuS();
        Long overflows = HostTcp.rise(service.overflows, service.overflowsAtEnd);
        OptionalDouble rss = ProcessTree.rssMb(servicePid);
        boolean any = result.requests() > 0;
        return new CapacityStep(rate, any ? result.latency().p99() : null, any ? result.latency().max() : null,
                p50Rise(result.intervals(), length), result.errors().total(), result.requests(), result.elapsedSeconds(),
                stop.reason, new CapacityStep.GeneratorSide(result.generatorSaturated(), result.lateSends(),
                result.maxLoopLagMillis(), result.inFlightCapHits(), overflows),
                new CapacityStep.StepUsage(serviceCpu, labCpu, rss.isPresent() ? rss.getAsDouble() : null,
                        counts.served(), counts.window(), null, delta(service.databaseCpu, service.databaseCpuAtEnd),
                        service.jitCpuS(), ProcStat.between(service.machine, service.machineAtEnd)),
                LabLoadEngine.paths(result), counts.perSecond(), counts.sentPerSecond(), counts.okPerSecond());
    }

    /**
     * The arrivals the schedule puts in the {@code length} after the warm-up, per second of it: a pure
     * function of the schedule, against which the sends counted in a window are tested. Evenly spaced
     * arrivals put the rate there; Poisson arrivals, one draw of the process, more or fewer.
     */
    static double arrivedPerSecond(ArrivalSchedule schedule, Duration warmup, Duration length) {
        long first = schedule.firstIndexAtOrAfter(warmup.toNanos());
        long end = schedule.firstIndexAtOrAfter(warmup.plus(length).toNanos());
        return (end - first) / (length.toNanos() / 1e9);
    }

    /**
     * The median of the last whole second of the step's window less that of its first, or null with
     * fewer than two whole seconds that had answers (the drain after the window is left out).
     */
    static Double p50Rise(List<IntervalSnapshot> seconds, Duration length) {
        double end = length.toNanos() / 1e9 + 1e-3;
        List<IntervalSnapshot> whole = new ArrayList<>();
        double previous = 0;
        for (IntervalSnapshot second : seconds) {
            if (second.elapsedSeconds() <= end && second.elapsedSeconds() - previous >= WHOLE_SECOND
                    && second.completed() > 0) {
                whole.add(second);
            }
            previous = second.elapsedSeconds();
        }
        return whole.size() < 2 ? null : whole.getLast().p50Millis() - whole.getFirst().p50Millis();
    }

    /**
     * The service's CPU and the machine's listen overflows at the window's edges (the warm-up and the step
     * are one run: the warm-up's connections carry the step's requests, so only the generator knows where
     * the window begins; it ends once every loop has ended, after the drain).
     */
    private static final class ServiceAtEdges implements LabLoadEngine.ServerUsageProbe {
        private final long servicePid;
        private final Supplier<OptionalDouble> database;
        private volatile OptionalDouble databaseCpu = OptionalDouble.empty();
        private volatile OptionalDouble databaseCpuAtEnd = OptionalDouble.empty();
        private volatile OptionalDouble cpu = OptionalDouble.empty();
        private volatile OptionalLong overflows = OptionalLong.empty();
        private volatile OptionalDouble cpuAtEnd = OptionalDouble.empty();
        private volatile OptionalLong overflowsAtEnd = OptionalLong.empty();
        private final long jvm;
        private volatile Optional<JitThreads.Reading> jit = Optional.empty();
        private volatile Optional<JitThreads.Reading> jitAtEnd = Optional.empty();
        private volatile Optional<CapacityStep.MachineCpu> machine = Optional.empty();
        private volatile Optional<CapacityStep.MachineCpu> machineAtEnd = Optional.empty();

        ServiceAtEdges(long servicePid, Supplier<OptionalDouble> database) {
            this.servicePid = servicePid;
            this.database = database;
            this.jvm = ProcessTree.jvm(servicePid);
        }

        /** The CPU of the JIT's compiler threads between the edges; null when either edge was unread. */
        Double jitCpuS() {
            return JitThreads.between(jit, jitAtEnd);
        }

        @Override
        public void beforeLoad() {
        }

        @Override
        public void windowOpens() {
            cpu = ProcessTree.cpuSeconds(servicePid);
            jit = JitThreads.read(jvm);
            databaseCpu = database == null ? OptionalDouble.empty() : database.get();
            overflows = HostTcp.listenOverflows();
            machine = ProcStat.machine();
        }

        @Override
        public void windowCloses() {
            cpuAtEnd = ProcessTree.cpuSeconds(servicePid);
            jitAtEnd = JitThreads.read(jvm);
            databaseCpuAtEnd = database == null ? OptionalDouble.empty() : database.get();
            overflowsAtEnd = HostTcp.listenOverflows();
            machineAtEnd = ProcStat.machine();
        }

        @Override
        public void afterLoad(long peakOsThreads) {
        }
    }

    /**
     * The in-flight cap is rate x target x {@value #IN_FLIGHT_HEADROOM} (and 64 more): when arrivals
     * wait for it, Little's law says the answers already take four times the target, so the step
     * fails for the service's sake, not the generator's.
     */
    private LoadSpec.Builder spec(double rate, Double unloadedMs) {
        int cap = (int) Math.min(Integer.MAX_VALUE / 2, Math.ceil(rate * sloP99Ms / 1000 * IN_FLIGHT_HEADROOM) + 64);
        double aloneS = (unloadedMs == null ? 10 : unloadedMs) / 1000;
        int upFront = (int) Math.clamp(Math.ceil(rate * aloneS) + 1, 1, Math.min(cap, MAX_UP_FRONT));
        // The loops grow with the machine's cores (GeneratorLoops), each with a connection of its own at least.
        int loops = Math.min(GeneratorLoops.here(), upFront);
        return LoadSpec.builder(base).paths(paths).rate(rate).arrivals(arrivals).connections(upFront).maxInFlight(cap)
                .ioThreads(loops).timeout(timeout(sloP99Ms));
    }

    /** Far past the target: such a request fails the step whenever it ends, so it need not be waited for. */
    static Duration timeout(double sloP99Ms) {
        return Duration.ofMillis(Math.round(Math.clamp(20 * sloP99Ms, 5_000, 60_000)));
    }

    private static Double delta(OptionalDouble start, OptionalDouble end) {
        return start.isPresent() && end.isPresent() ? end.getAsDouble() - start.getAsDouble() : null;
    }

    /**
     * Why a step has already failed after {@code second}, or null: an error in it, or its median past
     * the target. The median is read only for a whole second within the window: a partial second is a
     * few answers, and in the drain after the window the only answers left are the slowest, so their
     * median would fail a step whose window met the target.
     *
     * @param previousEnd where the second before this one ended, in the window's seconds
     */
    static String stopReason(IntervalSnapshot second, double previousEnd, Duration length, double sloP99Ms) {
        if (second.errors() > 0) {
            return "errors";
        }
        boolean wholeInWindow = second.elapsedSeconds() <= length.toNanos() / 1e9 + 1e-3
                && second.elapsedSeconds() - previousEnd >= WHOLE_SECOND;
        if (wholeInWindow && second.completed() > 0 && second.p50Millis() > sloP99Ms) {
            return "a second's median above the target";
        }
        return null;
    }

    /** Ends a step that has already failed, and says why. */
    private final class Stop implements StopWhen {
        private final Duration length;
        private volatile String reason;
        private double previousEnd;

        Stop(Duration length) {
            this.length = length;
        }

        @Override
        public boolean stop(IntervalSnapshot second) {
            reason = stopReason(second, previousEnd, length, sloP99Ms);
            previousEnd = second.elapsedSeconds();
            return reason != null;
        }
    }
}
