package loomlab.lab.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.HttpMeasurement;
import loomlab.core.arm.ServerUsage;
import loomlab.lab.jfr.PinningRecording;
import loomlab.lab.load.Engine;
import loomlab.lab.load.LabLoadEngine;
import loomlab.lab.load.LoadEngine;
import loomlab.lab.process.ChildDied;
import loomlab.lab.process.ProcStat;
import loomlab.lab.series.ArmSeriesFiles;
import loomlab.lab.servers.RunningServer;
import loomlab.lab.servers.ServerOptions;
import loomlab.threads.ExecutorMode;

/**
 * Runs an HTTP arm: starts the downstream service when the arm needs one and the server under
 * test, each in its own JVM, warms the server up, measures with the chosen engine, reads the
 * server's usage, stops both whatever happens, and then reads the pinned virtual threads the
 * server's flight recording holds (written as it stopped).
 */
public final class HttpArmRunner implements ArmRunner<HttpArmPlan> {
    /** The downstream service is not under test; virtual threads keep it from ever being the limit. */
    private static final ExecutorMode DOWNSTREAM_MODE = ExecutorMode.virtual();

    private final Engine engine;

    /** Measured by the lab's own generator. */
    public HttpArmRunner() {
        this(Engine.LAB);
    }

    public HttpArmRunner(Engine engine) {
        this.engine = engine;
    }

    /**
     * What a runner that wraps this one adds to an arm: something to do once the server listens
     * (it may return the plan with figures measured there) and readings around the measurement.
     */
    public interface ArmHook {
        ArmHook NONE = new ArmHook() {
        };

        /** Before the warm-up, on the running server; the returned plan is the one measured. */
        default HttpArmPlan ready(HttpArmPlan plan, RunningServer server) throws IOException, InterruptedException {
            return plan;
        }

        default void measurementStarts() {
        }

        default void measurementEnded() {
        }
    }

    @Override
    public ArmResult run(HttpArmPlan plan, RunContext context) throws InterruptedException {
        return run(plan, context, ArmHook.NONE);
    }

    public ArmResult run(HttpArmPlan planned, RunContext context, ArmHook hook) throws InterruptedException {
        String experimentLabel = planned.server() + "-" + planned.name();
        HttpArmResult result;
        Path recording;
        try (RunningServer downstream = planned.downstreamDelayMs() == null ? null
                : context.servers().start("downstream", DOWNSTREAM_MODE,
                new ServerOptions(0, null, planned.downstreamDelayMs()),
                context.logFile(experimentLabel, "downstream"));
             RunningServer server = context.servers().start(planned.server(), planned.executorMode(),
                     new ServerOptions(0, downstream == null ? null : downstream.baseUrl().toString(), null),
                     context.logFile(experimentLabel, planned.server()))) {
            recording = server.recording();
            HttpArmPlan plan = engine.asRun(hook.ready(planned, server));
            LoadEngine load = engine.create(context.console(), context.live(), context.processes(),
                    context.armFile(plan.name(), "hlog"), context.outDir().resolve("arms"));
            long warmup = load.warmUp(plan, server.baseUrl());
            server.process().requireAlive();
            HttpMeasurement measured = load.measure(plan, server.baseUrl(), server.process().pid(), warmup,
                    new UsageAround(server, hook));
            if (!measured.timeline().isEmpty()) {
                ArmSeriesFiles.writeCsv(context.armFile(plan.name(), "csv"), measured.timeline(), context.console());
            }
            server.process().requireAlive();
            if (downstream != null) {
                downstream.process().requireAlive();
            }
            result = HttpArmResult.of(plan, measured);
        } catch (ChildDied e) {
            return FailedArm.failed(planned, planned.server(), e.getMessage());
        } catch (IOException e) {
            return FailedArm.failed(planned, planned.server(), "could not start a server: " + e.getMessage());
        }
        Optional<PinningRecording.Pinning> pinning = PinningRecording.read(recording);
        return result.withPinning(pinning.map(PinningRecording.Pinning::events).orElse(null),
                pinning.map(PinningRecording.Pinning::totalMs).orElse(null));
    }

    /** Server CPU over the measured window; peak RSS and threads over the process's life. */
    private static final class UsageAround implements LabLoadEngine.ServerUsageProbe {
        private final RunningServer server;
        private final ArmHook hook;
        private double cpuAtStart;

        UsageAround(RunningServer server, ArmHook hook) {
            this.server = server;
            this.hook = hook;
        }

        @Override
        public void start() {
            hook.measurementStarts();
            cpuAtStart = ProcStat.cpuSeconds(server.process().pid()).orElse(Double.NaN);
        }

        @Override
        public ServerUsage finish(long peakOsThreads) {
            long pid = server.process().pid();
            double cpuAtEnd = ProcStat.cpuSeconds(pid).orElse(Double.NaN);
            hook.measurementEnded();
            Double cpu = Double.isNaN(cpuAtStart) || Double.isNaN(cpuAtEnd) ? null : cpuAtEnd - cpuAtStart;
            try {
                return server.usage(cpu, peakOsThreads);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new ServerUsage(cpu, null, null, null, null);
            }
        }
    }
}
