package loomlab.lab.run;

import java.io.IOException;
import java.time.Duration;
import java.util.OptionalDouble;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicReference;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.NoisyServerArmPlan;
import loomlab.core.arm.NoisyServerArmResult;
import loomlab.core.breakage.WatchReport;
import loomlab.lab.load.LabLoadEngine;
import loomlab.lab.process.ChildDied;
import loomlab.lab.process.ProcStat;
import loomlab.lab.servers.RunningServer;
import loomlab.lab.servers.ServerOptions;
import loomlab.lab.servers.ServerUnderTest;
import loomlab.lab.watch.Watchdog;
import loomlab.load.LiveRun;
import loomlab.load.LoadGenerator;
import loomlab.load.LoadListener;
import loomlab.load.LoadResult;
import loomlab.load.LoadSpec;
import loomlab.load.RunObserver;
import loomlab.load.RunSample;
import loomlab.load.StopWhen;

/**
 * Runs a noisy-neighbour arm through a server: starts the server, then two loads at once on their
 * own threads, each with the same warm-up and measured window: closed-model users that keep
 * {@code /cpu} requests in flight, and {@code /hello} at a fixed rate. The server's CPU is read
 * over the measured window. The watchdog follows {@code /hello}: a /hello left waiting while /cpu is
 * answered is a stall, dumped and classified; the server answering neither is a hang, and stops both
 * loads. The server stops whatever happens.
 */
public final class NoisyServerArmRunner implements ArmRunner<NoisyServerArmPlan> {

    @Override
    public ArmResult run(NoisyServerArmPlan plan, RunContext context) throws InterruptedException {
        try (RunningServer server = context.servers().start(plan.server(), plan.serving(),
                context.javaFor(plan.jdk()), new ServerOptions(0, null, null, plan.serverFlags()),
                context.logFile(plan.name(), plan.server().id()))) {
            ServerUnderTest adapter = context.servers().get(plan.server());
            try (Watchdog watch = context.watchdog(plan.key(), server, adapter.userPackages())) {
                NoisyServerArmResult result = measure(plan, server, adapter, watch);
                WatchReport report = watch.report();
                if (!report.hung()) {
                    server.process().requireAlive();
                }
                return result.withWatch(report);
            }
        } catch (ChildDied e) {
            return FailedArm.failed(plan, e.getMessage());
        } catch (IOException e) {
            return FailedArm.failed(plan, "could not start the server: " + e.getMessage());
        } catch (ExecutionException e) {
            return FailedArm.failed(plan, "the load failed: " + e.getCause());
        }
    }

    private static NoisyServerArmResult measure(NoisyServerArmPlan plan, RunningServer server, ServerUnderTest adapter,
                                                Watchdog watch) throws InterruptedException, ExecutionException {
        LoadSpec cpu = LoadSpec.builder(server.url(adapter.path(plan.cpuEndpoint(), plan.serving())))
                .connections(plan.cpuUsers())
                .warmup(plan.warmup()).duration(plan.duration()).timeout(LabLoadEngine.REQUEST_TIMEOUT).build();
        LoadSpec hello = LoadSpec.builder(server.url(adapter.path(new Endpoint.Hello(), plan.serving())))
                .rate(plan.helloRateRps())
                .warmup(plan.warmup()).duration(plan.duration()).timeout(LabLoadEngine.REQUEST_TIMEOUT).build();
        AtomicReference<LiveRun> cpuRun = new AtomicReference<>();
        RunObserver cpuSeen = new RunObserver() {
            @Override
            public void started(LiveRun run) {
                cpuRun.set(run);
            }
        };
        RunObserver helloSeen = new RunObserver() {
            private volatile HelloBesideCpu seen;

            @Override
            public void started(LiveRun run) {
                seen = new HelloBesideCpu(run, cpuRun);
                watch.started(seen);
            }

            @Override
            public void ended(LiveRun run) {
                watch.ended(seen);
            }
        };
        try (Load cpuLoad = Load.start("cpu", cpu, LoadListener.NONE, cpuSeen);
             Load helloLoad = Load.start("hello", hello, watch, helloSeen)) {
            Thread.sleep(plan.warmup());
            OptionalDouble cpuAtStart = ProcStat.cpuSeconds(server.process().pid());
            LoadResult helloResult = helloLoad.result();
            LoadResult cpuResult = cpuLoad.result();
            OptionalDouble cpuAtEnd = ProcStat.cpuSeconds(server.process().pid());
            if (!watch.hung()) {
                server.process().requireAlive();
            }
            return new NoisyServerArmResult(plan.key(), plan.cpuUsers(),
                    plan.cpuIterations(), plan.helloRateRps(), seconds(plan.duration()), helloResult.requests(),
                    helloResult.errors().total(), LabLoadEngine.latency(helloResult.latency()), cpuResult.requests(),
                    cpuResult.errors().total(), LabLoadEngine.latency(cpuResult.uncorrectedLatency()),
                    server.usage(ProcStat.between(cpuAtStart, cpuAtEnd), 0), plan.carriers() == null ? null : plan.carriers().count(),
                    WatchReport.NOT_WATCHED);
        }
    }

    /**
     * The /hello run as the watchdog sees it: its own outstanding requests, but an answer to either load
     * counts as the server answering, so a /hello kept waiting while /cpu is answered reads as a stall of
     * /hello, and only a server that answers neither as a hang (which stops both).
     */
    private record HelloBesideCpu(LiveRun hello, AtomicReference<LiveRun> cpu) implements LiveRun {
        @Override
        public RunSample sample() {
            RunSample own = hello.sample();
            LiveRun other = cpu.get();
            if (other == null) {
                return own;
            }
            RunSample beside = other.sample();
            return new RunSample(own.nanoTime(), own.answered() + beside.answered(), own.failed() + beside.failed(),
                    own.inFlight(), own.oldestSentNanos(), own.oldestPath(), 0, 0,
                    own.oldestConnecting(), own.oldestFresh());
        }

        @Override
        public void stop() {
            hello.stop();
            LiveRun other = cpu.get();
            if (other != null) {
                other.stop();
            }
        }
    }

    /** A load on a thread of its own; closing it stops the load (the generator ends on interrupt) and waits. */
    private record Load(Thread thread, FutureTask<LoadResult> task) implements AutoCloseable {
        private static final Duration STOP_WAIT = Duration.ofSeconds(10);

        static Load start(String name, LoadSpec spec, LoadListener listener, RunObserver observer) {
            FutureTask<LoadResult> task = new FutureTask<>(() -> LoadGenerator.run(spec, listener, StopWhen.NEVER, observer));
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


    private static double seconds(Duration duration) {
        return duration.toMillis() / 1000.0;
    }
}
