package loomlab.load;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;

/** Runs one load spec against its target and measures it. Nothing it starts outlives the call. */
public final class LoadGenerator {

    private LoadGenerator() {
    }

    /**
     * Sends the spec's load and returns what was measured after the warm-up.
     *
     * @param listener gets each interval (normally each second) while the run goes
     * @throws IllegalArgumentException when the target host cannot be resolved
     * @throws InterruptedException     when the calling thread is interrupted; the run is stopped first
     */
    public static LoadResult run(LoadSpec spec, LoadListener listener) throws InterruptedException {
        return run(spec, listener, StopWhen.NEVER);
    }

    /**
     * The same, ended early when {@code stopWhen} says so after an interval: the result then holds
     * what was measured up to that point, and requests still in flight are left out.
     */
    public static LoadResult run(LoadSpec spec, LoadListener listener, StopWhen stopWhen) throws InterruptedException {
        return run(spec, listener, stopWhen, RunObserver.NONE);
    }

    /**
     * The same, with {@code observer} told when the run starts and ends and given a live view of it
     * (what is outstanding, for a watchdog, which may also stop the run).
     */
    public static LoadResult run(LoadSpec spec, LoadListener listener, StopWhen stopWhen, RunObserver observer)
            throws InterruptedException {
        // Before a connection object exists: a count the machine cannot hold would exhaust memory first.
        // The open model's in-flight cap is a ceiling it may never reach, so only its first connections count.
        MachineLimits.current().requireConnections(spec.connections());
        InetSocketAddress address = resolve(spec);
        ByteBuffer[] requests = HttpRequestBytes.encodeAll(spec.url(), spec.paths(), spec.keepAlive());
        RequestBudget budget = RequestBudget.of(spec.requests());
        RunWindow window = RunWindow.of(System.nanoTime(), spec.warmup(), spec.duration());
        AtomicReference<Throwable> failure = new AtomicReference<>();

        List<EventLoop> loops = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        Reporter reporter = null;
        Live live = null;
        try {
            for (int i = 0; i < spec.ioThreads(); i++) {
                EventLoop loop = new EventLoop(address, requests, spec.paths(), spec.keepAlive(), window,
                        spec.timeout().toNanos(), spec.openModel());
                loop.workload(workload(spec, i, loop, window, budget));
                loops.add(loop);
            }
            budget.whenExhausted(() -> loops.forEach(EventLoop::wake));
            reporter = new Reporter(window, loops.stream().map(EventLoop::metrics).toList(), listener, failure,
                    stopWhen, () -> loops.forEach(EventLoop::stop), spec.openModel());
            live = new Live(loops, spec.paths());
            observer.started(live);
            if (window.warmupNanos() == 0) {
                reporter.measureStarts(); // the window is the whole run: it opens as the loops start
            }
            for (int i = 0; i < loops.size(); i++) {
                threads.add(Thread.ofPlatform().name("loomlab-load-io-" + i).daemon(true)
                        .uncaughtExceptionHandler((thread, error) -> failure.compareAndSet(null, error))
                        .start(loops.get(i)));
            }
            reporter.start();
            joinAll(threads);
            reporter.measureEnds();
        } finally {
            loops.subList(threads.size(), loops.size()).forEach(EventLoop::closeUnstarted);
            stopAndJoin(loops, threads);
            if (reporter != null) {
                reporter.finish();
            }
            if (live != null) {
                observer.ended(live);
            }
        }
        Throwable failed = failure.get();
        if (failed != null) {
            throw new IllegalStateException("load generator failed: " + failed, failed);
        }
        return result(spec, window, loops, reporter.accumulator());
    }

    private static Workload workload(LoadSpec spec, int loopIndex, EventLoop loop, RunWindow window, RequestBudget budget) {
        int loopCount = spec.ioThreads();
        if (!spec.openModel()) {
            return new ClosedWorkload(loop, share(spec.connections(), loopIndex, loopCount), window, budget,
                    spec.thinkTime().toNanos());
        }
        ArrivalSchedule schedule = spec.arrivals().at(spec.rate());
        long endIndex = spec.requests() == 0 ? Long.MAX_VALUE
                : schedule.firstIndexAtOrAfter(window.warmupNanos()) + spec.requests();
        return new OpenWorkload(loop, window, schedule, loopIndex, loopCount, endIndex,
                share(spec.connections(), loopIndex, loopCount), share(spec.maxInFlight(), loopIndex, loopCount));
    }

    /** Loop {@code index}'s part of {@code total} split as evenly as possible among {@code loops}. */
    static int share(int total, int index, int loops) {
        return total / loops + (index < total % loops ? 1 : 0);
    }

    private static InetSocketAddress resolve(LoadSpec spec) {
        InetSocketAddress address = new InetSocketAddress(spec.url().getHost(), spec.port());
        if (address.isUnresolved()) {
            throw new IllegalArgumentException("cannot resolve host '" + spec.url().getHost() + "'");
        }
        return address;
    }

    private static void joinAll(List<Thread> threads) throws InterruptedException {
        for (Thread thread : threads) {
            thread.join();
        }
    }

    /** Stops loops still running (only after an interruption or a failure) and waits for them. */
    private static void stopAndJoin(List<EventLoop> loops, List<Thread> threads) {
        loops.forEach(EventLoop::stop);
        boolean interrupted = false;
        for (Thread thread : threads) {
            while (thread.isAlive()) {
                try {
                    thread.join();
                } catch (InterruptedException e) {
                    interrupted = true; // keep waiting: nothing may outlive run(); the flag is restored below
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static LoadResult result(LoadSpec spec, RunWindow window, List<EventLoop> loops, IntervalAccumulator accumulator) {
        long measureStart = window.measureStartNanos();
        ErrorCounts errors = ErrorCounts.NONE;
        long lateSends = 0;
        long capHits = 0;
        long warmupRequests = 0;
        long lastFinish = measureStart;
        long loopsEnd = measureStart;
        long cpuNanos = 0;
        long maxLoopLag = 0;
        boolean cpuKnown = true;
        for (EventLoop loop : loops) {
            LoopMetrics metrics = loop.metrics();
            errors = errors.plus(metrics.errors());
            lateSends += metrics.lateSends();
            capHits += metrics.inFlightCapHits();
            maxLoopLag = Math.max(maxLoopLag, metrics.maxLoopLagNanos());
            warmupRequests += metrics.warmupRequests();
            if (metrics.finishedAny()) {
                lastFinish = Math.max(lastFinish, metrics.lastFinishNanos());
            }
            loopsEnd = Math.max(loopsEnd, loop.endNanos());
            long cpu = loop.measuredCpuNanos();
            cpuKnown &= cpu >= 0;
            cpuNanos += Math.max(cpu, 0);
        }
        Histogram corrected = accumulator.totalCorrected();
        // Timed-out requests are in the histograms at their timeout, but they are not responses.
        long requests = corrected.getTotalCount() - errors.timeout();
        double elapsedSeconds = (lastFinish - measureStart) / 1e9;
        double cpuWindowSeconds = (loopsEnd - measureStart) / 1e9 * loops.size();
        Double cpuSeconds = cpuKnown ? cpuNanos / 1e9 : null;
        Double utilisation = !cpuKnown ? null : cpuWindowSeconds > 0 ? cpuNanos / 1e9 / cpuWindowSeconds : 0.0;
        return new LoadResult(requests, elapsedSeconds, elapsedSeconds > 0 ? requests / elapsedSeconds : 0,
                LatencySummary.of(corrected), LatencySummary.of(accumulator.totalUncorrected()), errors,
                lateSends, capHits, warmupRequests, cpuSeconds, utilisation,
                utilisation != null && utilisation > LoadResult.SATURATION_THRESHOLD, accumulator.intervals(), corrected, maxLoopLag / 1e6,
                paths(spec, loops, accumulator, errors));
    }

    /**
     * Each target on its own: drained from the loops once they are joined. A single target is the
     * run's totals, measured as the run's model measures.
     */
    private static List<PathLatency> paths(LoadSpec spec, List<EventLoop> loops, IntervalAccumulator accumulator,
                                           ErrorCounts errors) {
        RequestMix mix = spec.paths();
        if (mix.size() == 1) {
            Histogram measured = accumulator.measured(accumulator.totalCorrected(), accumulator.totalUncorrected());
            return List.of(new PathLatency(mix.labels().getFirst(), measured.getTotalCount(),
                    LatencySummary.of(measured), errors.total()));
        }
        List<PathLatency> paths = new ArrayList<>();
        for (int target = 0; target < mix.size(); target++) {
            Histogram histogram = Histograms.create();
            long failed = 0;
            for (EventLoop loop : loops) {
                loop.metrics().drainTarget(target, histogram);
                failed += loop.metrics().errorsOfTarget(target);
            }
            paths.add(new PathLatency(mix.labels().get(target), histogram.getTotalCount(),
                    LatencySummary.of(histogram), failed));
        }
        return paths;
    }

    /** The loops' gauges put together: the oldest request outstanding across them, and their counts. */
    private record Live(List<EventLoop> loops, RequestMix paths) implements LiveRun {
        @Override
        public RunSample sample() {
            long answered = 0;
            long answeredOk = 0;
            long sent = 0;
            long failed = 0;
            int inFlight = 0;
            long oldest = 0;
            int oldestTarget = -1;
            boolean oldestConnecting = false;
            boolean oldestFresh = false;
            for (EventLoop loop : loops) {
                LoopGauge gauge = loop.gauge();
                answered += gauge.answered();
                answeredOk += gauge.answeredOk();
                sent += gauge.sent();
                failed += gauge.failed();
                int outstanding = gauge.inFlight();
                inFlight += outstanding;
                long oldestSent = gauge.oldestSentNanos();
                int target = gauge.oldestTarget();
                if (outstanding > 0 && target >= 0 && (oldestTarget < 0 || oldestSent - oldest < 0)) {
                    oldest = oldestSent;
                    oldestTarget = target;
                    oldestConnecting = gauge.oldestConnecting();
                    oldestFresh = gauge.oldestFresh();
                }
            }
            return new RunSample(System.nanoTime(), answered, failed, inFlight, oldest,
                    oldestTarget < 0 ? null : paths.labels().get(oldestTarget), answeredOk, sent, oldestConnecting,
                    oldestFresh);
        }

        @Override
        public void stop() {
            loops.forEach(EventLoop::stop);
        }
    }
}
