package loomlab.lab.run;

import java.io.IOException;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.HttpMeasurement;
import loomlab.core.arm.ServerUsage;
import loomlab.lab.load.LabLoadEngine;
import loomlab.lab.process.ChildDied;
import loomlab.lab.process.ProcStat;
import loomlab.lab.series.ArmSeriesFiles;
import loomlab.lab.servers.RunningServer;
import loomlab.lab.servers.ServerOptions;
import loomlab.lab.servers.ServerStats;
import loomlab.threads.ExecutorMode;

/**
 * Runs an HTTP arm: starts the downstream service when the arm needs one and the server under
 * test, each in its own JVM, warms the server up, measures, reads the server's usage, and stops
 * both whatever happens.
 */
public final class HttpArmRunner implements ArmRunner<HttpArmPlan> {
    /** The downstream service is not under test; virtual threads keep it from ever being the limit. */
    private static final ExecutorMode DOWNSTREAM_MODE = ExecutorMode.virtual();

    @Override
    public ArmResult run(HttpArmPlan plan, RunContext context) throws InterruptedException {
        String experimentLabel = plan.server() + "-" + plan.name();
        try (RunningServer downstream = plan.downstreamDelayMs() == null ? null
                : context.servers().start("downstream", DOWNSTREAM_MODE,
                new ServerOptions(0, null, plan.downstreamDelayMs()), context.logFile(experimentLabel, "downstream"));
             RunningServer server = context.servers().start(plan.server(), plan.executorMode(),
                     new ServerOptions(0, downstream == null ? null : downstream.baseUrl().toString(), null),
                     context.logFile(experimentLabel, plan.server()))) {
            LabLoadEngine engine = new LabLoadEngine(context.console(), context.live())
                    .recordingHistogramsTo(context.armFile(plan.name(), "hlog"));
            long warmup = engine.warmUp(plan, server.baseUrl());
            server.process().requireAlive();
            HttpMeasurement measured = engine.measure(plan, server.baseUrl(), server.process().pid(), warmup,
                    new UsageAround(server));
            ArmSeriesFiles.writeCsv(context.armFile(plan.name(), "csv"), measured.timeline(), context.console());
            server.process().requireAlive();
            if (downstream != null) {
                downstream.process().requireAlive();
            }
            return HttpArmResult.of(plan, measured);
        } catch (ChildDied e) {
            return FailedArm.failed(plan, plan.server(), e.getMessage());
        } catch (IOException e) {
            return FailedArm.failed(plan, plan.server(), "could not start a server: " + e.getMessage());
        }
    }

    /** Server CPU over the measured window; peak RSS and threads over the process's life. */
    private static final class UsageAround implements LabLoadEngine.ServerUsageProbe {
        private final RunningServer server;
        private double cpuAtStart;

        UsageAround(RunningServer server) {
            this.server = server;
        }

        @Override
        public void start() {
            cpuAtStart = ProcStat.cpuSeconds(server.process().pid()).orElse(Double.NaN);
        }

        @Override
        public ServerUsage finish(long peakOsThreads) {
            long pid = server.process().pid();
            double cpuAtEnd = ProcStat.cpuSeconds(pid).orElse(Double.NaN);
            Double cpu = Double.isNaN(cpuAtStart) || Double.isNaN(cpuAtEnd) ? null : cpuAtEnd - cpuAtStart;
            var peakRss = ProcStat.peakRssMb(pid);
            ServerStats stats;
            try {
                stats = ServerStats.fetch(server.baseUrl());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stats = ServerStats.UNKNOWN;
            }
            Long peakThreads = stats.peakThreads() != null ? stats.peakThreads()
                    : peakOsThreads > 0 ? Long.valueOf(peakOsThreads) : null;
            return new ServerUsage(cpu, peakRss.isPresent() ? peakRss.getAsDouble() : null, peakThreads,
                    stats.requestsServed());
        }
    }
}
