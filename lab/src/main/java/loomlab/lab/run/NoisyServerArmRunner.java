package loomlab.lab.run;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.NoisyServerArmPlan;
import loomlab.core.arm.NoisyServerArmResult;
import loomlab.core.arm.ServerUsage;
import loomlab.lab.load.LabLoadEngine;
import loomlab.lab.process.ChildDied;
import loomlab.lab.process.ProcStat;
import loomlab.lab.servers.RunningServer;
import loomlab.lab.servers.ServerOptions;
import loomlab.lab.servers.ServerUnderTest;
import loomlab.load.LoadGenerator;
import loomlab.load.LoadListener;
import loomlab.load.LoadResult;
import loomlab.load.LoadSpec;

/**
 * Runs a noisy-neighbour arm through a server: starts the server, then two loads at once on their
 * own threads, each with the same warm-up and measured window: closed-model users that keep
 * {@code /cpu} requests in flight, and {@code /hello} at a fixed rate. The server's CPU is read
 * over the measured window. The server stops whatever happens.
 */
public final class NoisyServerArmRunner implements ArmRunner<NoisyServerArmPlan> {

    @Override
    public ArmResult run(NoisyServerArmPlan plan, RunContext context) throws InterruptedException {
        try (RunningServer server = context.servers().start(plan.server(), plan.executorMode(),
                context.javaFor(plan.jdk()), ServerOptions.NONE, context.logFile(plan.name(), plan.server().id()))) {
            return measure(plan, server, context.servers().get(plan.server()));
        } catch (ChildDied e) {
            return FailedArm.failed(plan, e.getMessage());
        } catch (IOException e) {
            return FailedArm.failed(plan, "could not start the server: " + e.getMessage());
        } catch (ExecutionException e) {
            return FailedArm.failed(plan, "the load failed: " + e.getCause());
        }
    }

    private static NoisyServerArmResult measure(NoisyServerArmPlan plan, RunningServer server, ServerUnderTest adapter)
            throws InterruptedException, ExecutionException {
        LoadSpec cpu = LoadSpec.builder(server.url(adapter.path(plan.cpuEndpoint(), plan.executorMode())))
                .connections(plan.cpuUsers())
                .warmup(plan.warmup()).duration(plan.duration()).timeout(LabLoadEngine.REQUEST_TIMEOUT).build();
        LoadSpec hello = LoadSpec.builder(server.url(adapter.path(new Endpoint.Hello(), plan.executorMode())))
                .rate(plan.helloRateRps())
                .warmup(plan.warmup()).duration(plan.duration()).timeout(LabLoadEngine.REQUEST_TIMEOUT).build();
        try (Load cpuLoad = Load.start("cpu", cpu); Load helloLoad = Load.start("hello", hello)) {
            Thread.sleep(plan.warmup());
            double cpuAtStart = ProcStat.cpuSeconds(server.process().pid()).orElse(Double.NaN);
            LoadResult helloResult = helloLoad.result();
            LoadResult cpuResult = cpuLoad.result();
            double cpuAtEnd = ProcStat.cpuSeconds(server.process().pid()).orElse(Double.NaN);
            server.process().requireAlive();
            return new NoisyServerArmResult(plan.key(), plan.cpuUsers(),
                    plan.cpuIterations(), plan.helloRateRps(), seconds(plan.duration()), helloResult.requests(),
                    helloResult.errors().total(), LabLoadEngine.latency(helloResult.latency()), cpuResult.requests(),
                    cpuResult.errors().total(), LabLoadEngine.latency(cpuResult.uncorrectedLatency()),
                    usage(server, cpuAtEnd - cpuAtStart));
        }
    }

    /** A load on a thread of its own; closing it stops the load (the generator ends on interrupt) and waits. */
    private record Load(Thread thread, FutureTask<LoadResult> task) implements AutoCloseable {
        private static final Duration STOP_WAIT = Duration.ofSeconds(10);

        static Load start(String name, LoadSpec spec) {
            FutureTask<LoadResult> task = new FutureTask<>(() -> LoadGenerator.run(spec, LoadListener.NONE));
            return new Load(Thread.ofPlatform().name("loomlab-noisy-" + name).daemon(true).start(task), task);
        }

        LoadResult result() throws InterruptedException, ExecutionException {
            return task.get();
        }

        @Override
        public void close() throws InterruptedException {
            task.cancel(true);
            thread.join(STOP_WAIT);
        }
    }

    private static ServerUsage usage(RunningServer server, double cpuSeconds) throws InterruptedException {
        return server.usage(Double.isNaN(cpuSeconds) ? null : cpuSeconds, 0);
    }

    private static double seconds(Duration duration) {
        return duration.toMillis() / 1000.0;
    }
}
