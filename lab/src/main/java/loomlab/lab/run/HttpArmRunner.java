package loomlab.lab.run;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.BoundReadings;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.HttpMeasurement;
import loomlab.core.arm.LoadModel;
import loomlab.core.arm.ServerUsage;
import loomlab.core.bound.ProcessCpu;
import loomlab.core.breakage.WatchReport;
import loomlab.core.pinning.PinningSites;
import loomlab.lab.jfr.PinningRecording;
import loomlab.lab.load.Engine;
import loomlab.lab.load.Engines;
import loomlab.lab.load.LabLoadEngine;
import loomlab.lab.load.LoadEngine;
import loomlab.lab.process.ChildDied;
import loomlab.lab.process.HostTcp;
import loomlab.lab.process.ProcStat;
import loomlab.lab.series.ArmSeriesFiles;
import loomlab.lab.servers.DatabaseBinding;
import loomlab.lab.servers.RunningServer;
import loomlab.lab.servers.ServerOptions;
import loomlab.lab.servers.ServerStats;
import loomlab.lab.servers.ServerUnderTest;
import loomlab.lab.watch.Watchdog;

/**
 * Runs an HTTP arm: starts the server under test in its own JVM (and, for the experiment's first arm
 * whose endpoint calls one, the downstream service its arms share: {@link SharedDownstream}), warms
 * the server up, times a few lone requests when the endpoint has no wait of its own (its unloaded
 * latency, for the bound), measures with the chosen engine while reading every process's CPU, stops
 * the server whatever happens, and then reads the pinned virtual threads its flight recording holds
 * (written as it stopped). {@link #experimentDone} stops the downstream service.
 */
public final class HttpArmRunner implements ArmRunner<HttpArmPlan> {
    private final Engine engine;
    /** The downstream service, not under test: one per experiment, its CPU read over each arm's window. */
    private final SharedDownstream downstream = new SharedDownstream();

    /** Measured by the lab's own generator. */
    public HttpArmRunner() {
        this(Engines.LAB);
    }

    public HttpArmRunner(Engine engine) {
        this.engine = engine;
    }

    /**
     * What a runner that wraps this one adds to an arm: something to do once the server listens,
     * readings around the measurement, and the CPU of processes of its own (a database).
     */
    public interface ArmHook {
        ArmHook NONE = new ArmHook() {
        };

        /** Before the warm-up, on the running server: what the arm requests, and what its warm-up does. */
        default void ready(RunningServer server, URI target, URI warmupTarget) throws IOException,
                InterruptedException {
        }

        default void measurementStarts() {
        }

        default void measurementEnded() {
        }

        /** CPU of the hook's own processes over the measured window. */
        default List<ProcessCpu> processes() {
            return List.of();
        }

        /** JVM flags the arm's server gets beyond the lab's own. */
        default List<String> serverFlags() {
            return List.of();
        }

        /** The virtual-thread scheduler's parallelism the hook set with its flags, or null when it set none. */
        default Integer carriers() {
            return null;
        }

        /** The database the server reads, with its pools, or null for a server that reads none. */
        default DatabaseBinding database() {
            return null;
        }

        /** After the measurement, while the server still runs (a hung one included). */
        default void measured(RunningServer server) throws InterruptedException {
        }
    }

    @Override
    public ArmResult run(HttpArmPlan plan, RunContext context) throws InterruptedException {
        return run(plan, context, ArmHook.NONE);
    }

    public ArmResult run(HttpArmPlan planned, RunContext context, ArmHook hook) throws InterruptedException {
        HttpArmPlan plan = engine.asRun(planned);
        String label = plan.name();
        HttpArmResult result;
        Path recording;
        RunningServer called;
        try {
            called = sharedDownstream(plan, context);
        } catch (ChildDied e) {
            return FailedArm.died(planned, e.getMessage());
        } catch (IOException e) {
            return FailedArm.failed(planned, "could not start the downstream service: " + e.getMessage());
        }
        try (RunningServer server = context.servers().start(plan.server(), plan.serving(),
                     context.javaFor(plan.jdk()), new ServerOptions(0, called == null ? null
                             : called.baseUrl().toString(), null, hook.serverFlags(), engine.serverAddress())
                             .withDatabase(hook.database()),
                     context.logFile(label, plan.server().id()))) {
            recording = server.recording();
            ServerUnderTest adapter = context.servers().get(plan.server());
            URI target = server.url(adapter.path(plan.endpoint(), plan.serving()));
            URI warmupTarget = server.url(adapter.path(plan.load().warmup().endpoint(), plan.serving()));
            hook.ready(server, target, warmupTarget);
            LoadEngine load = engine.create(context.console(), context.live(), context.processes(),
                    context.armFile(plan.key(), "hlog"), context.outDir().resolve("arms"));
            Watchdog watch = context.watchdog(plan.key(), server, adapter.userPackages())
                    .expecting(plan.endpoint().waitMillis().isPresent()
                            ? Double.valueOf(plan.endpoint().waitMillis().getAsLong()) : null);
            HttpMeasurement measured;
            UsageAround usage = new UsageAround(server, called, hook, watch, context.console());
            try (watch) {
                long warmup = watch.unmeasured(() -> load.warmUp(plan, warmupTarget, watch));
                if (watch.hung()) {
                    measured = HttpMeasurement.none(engine.label(), LoadModel.CLOSED, warmup);
                } else {
                    server.process().requireAlive();
                    Double unloaded = plan.needsUnloadedLatency() ? UnloadedLatency.measure(target).orElse(null)
                            : null;
                    usage.unloadedMs = unloaded;
                    measured = load.measure(plan, target, server.process().pid(), warmup, usage, watch);
                }
                hook.measured(server);
            }
            WatchReport report = watch.report();
            if (!measured.timeline().isEmpty()) {
                ArmSeriesFiles.writeCsv(context.armFile(plan.key(), "csv"), measured.timeline(), context.console());
            }
            if (!report.hung()) {
                server.process().requireAlive();
                if (called != null) {
                    called.process().requireAlive();
                }
            }
            BoundReadings readings = new BoundReadings(usage.unloadedMs, usage.processes(measured), context.cores());
            result = HttpArmResult.of(plan, measured, usage.serverUsage(), readings)
                    .withJdk(server.java().runtimeVersion())
                    .withWatch(load.watchesMeasurement() || report.hung() ? report : WatchReport.NOT_WATCHED,
                            hook.carriers());
        } catch (ChildDied e) {
            return FailedArm.died(planned, e.getMessage());
        } catch (IOException e) {
            return FailedArm.failed(planned, "could not start a server: " + e.getMessage());
        }
        Optional<PinningRecording.Pinning> pinning = PinningRecording.read(recording);
        return result.withPinning(pinning.map(PinningRecording.Pinning::events).orElse(null),
                pinning.map(PinningRecording.Pinning::totalMs).orElse(null),
                pinning.map(p -> PinningSites.group(p.pinned(), Set.of())).orElse(List.of()));
    }

    /** The experiment's shared downstream service when the endpoint calls one, else null. */
    private RunningServer sharedDownstream(HttpArmPlan plan, RunContext context)
            throws IOException, InterruptedException {
        if (!plan.endpoint().needsDownstream()) {
            return null;
        }
        return downstream.get(context, (int) plan.endpoint().waitMillis().orElse(0));
    }

    @Override
    public void experimentDone() {
        downstream.close();
    }

    /**
     * Every process's CPU over the measured window (server, downstream, the hook's), and the
     * server's usage with its connection waits counted between the window's two /stats readings.
     */
    private static final class UsageAround implements LabLoadEngine.ServerUsageProbe {
        private final RunningServer server;
        private final RunningServer downstream;
        private final ArmHook hook;
        // The window's edges may be read on the generator's reporter thread.
        private volatile OptionalDouble serverAtStart = OptionalDouble.empty();
        private volatile OptionalDouble downstreamAtStart = OptionalDouble.empty();
        private volatile Double serverCpu;
        private volatile Double downstreamCpu;
        private ServerStats statsAtStart = ServerStats.UNKNOWN;
        private volatile OptionalLong overflowsAtStart = OptionalLong.empty();
        private volatile Long overflows;
        private ServerUsage serverUsage = ServerUsage.UNKNOWN;
        private final PrintStream console;
        private final Watchdog watch;
        /** One request's latency on the idle server, for an endpoint with no wait of its own; else null. */
        private Double unloadedMs;

        UsageAround(RunningServer server, RunningServer downstream, ArmHook hook, Watchdog watch,
                    PrintStream console) {
            this.server = server;
            this.downstream = downstream;
            this.hook = hook;
            this.watch = watch;
            this.console = console;
        }

        @Override
        public void beforeLoad() {
            statsAtStart = stats();
        }

        @Override
        public void windowOpens() {
            hook.measurementStarts();
            overflowsAtStart = HostTcp.listenOverflows();
            serverAtStart = ProcStat.cpuSeconds(server.process().pid());
            downstreamAtStart = downstream == null ? OptionalDouble.empty()
                    : ProcStat.cpuSeconds(downstream.process().pid());
        }

        @Override
        public void windowCloses() {
            serverCpu = delta(serverAtStart, ProcStat.cpuSeconds(server.process().pid()));
            downstreamCpu = downstream == null ? null
                    : delta(downstreamAtStart, ProcStat.cpuSeconds(downstream.process().pid()));
            overflows = HostTcp.rise(overflowsAtStart, HostTcp.listenOverflows());
            hook.measurementEnded();
        }

        @Override
        public void afterLoad(long peakOsThreads) {
            // A hung server cannot answer /stats either: asking would only add the request timeout.
            ServerStats atEnd = watch.hung() ? ServerStats.UNKNOWN : stats();
            serverUsage = server.usage(serverCpu, peakOsThreads, atEnd, statsAtStart, overflows);
        }

        ServerUsage serverUsage() {
            return serverUsage;
        }

        /** The server, the downstream service, the hook's processes and the generator, over the window. */
        List<ProcessCpu> processes(HttpMeasurement measured) {
            List<ProcessCpu> processes = new ArrayList<>();
            processes.add(new ProcessCpu(ProcessCpu.SERVER, serverCpu));
            if (downstream != null) {
                processes.add(new ProcessCpu(ProcessCpu.DOWNSTREAM, downstreamCpu));
            }
            processes.addAll(hook.processes());
            processes.add(new ProcessCpu(ProcessCpu.GENERATOR, measured.generator().processCpuS()));
            return processes;
        }

        private ServerStats stats() {
            try {
                ServerStats stats = ServerStats.fetch(server.baseUrl());
                if (stats.problem() != null) {
                    console.println("    " + server.id().id() + " " + stats.problem());
                }
                return stats;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return ServerStats.UNKNOWN;
            }
        }

        private static Double delta(OptionalDouble start, OptionalDouble end) {
            return start.isPresent() && end.isPresent() ? end.getAsDouble() - start.getAsDouble() : null;
        }
    }
}
