package loomlab.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Small bounded runs against loopback targets; assertions on counts and generous bounds, never on tight timing. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LoadGeneratorIT {

    private static LoadSpec.Builder spec(URI url) {
        return LoadSpec.builder(url);
    }

    private static LoadResult run(LoadSpec.Builder spec) throws InterruptedException {
        return LoadGenerator.run(spec.build(), LoadListener.NONE);
    }

    @Test
    void theClosedModelSendsExactlyTheRequestCountOverKeptAliveConnections() throws Exception {
        try (var server = LoopbackServers.Http.hello()) {
            LoadResult result = run(spec(server.url("/hello")).connections(4).requests(200));
            assertEquals(200, result.requests());
            assertEquals(ErrorCounts.NONE, result.errors());
            assertEquals(200, server.requests());
            assertEquals(4, server.distinctClientPorts());
            assertEquals(200, result.latencyHistogram().getTotalCount());
            assertTrue(result.latency().p50() > 0 && result.latency().max() >= result.latency().p99());
            assertTrue(result.throughputRps() > 0 && result.elapsedSeconds() > 0);
        }
    }

    @Test
    void severalEventLoopsShareTheCountExactly() throws Exception {
        try (var server = LoopbackServers.Http.hello()) {
            LoadResult result = run(spec(server.url("/")).connections(5).ioThreads(2).requests(201));
            assertEquals(201, result.requests());
            assertEquals(201, server.requests());
            assertEquals(ErrorCounts.NONE, result.errors());
        }
    }

    @Test
    void withoutKeepAliveEachRequestOpensItsOwnConnection() throws Exception {
        try (var server = LoopbackServers.Http.hello()) {
            LoadResult result = run(spec(server.url("/")).connections(2).requests(50).keepAlive(false));
            assertEquals(50, result.requests());
            assertEquals(ErrorCounts.NONE, result.errors());
            assertEquals(50, server.requests());
            assertTrue(server.distinctClientPorts() >= 40, "client ports seen: " + server.distinctClientPorts());
        }
    }

    @Test
    void theOpenModelSendsEveryArrivalScheduledInTheDuration() throws Exception {
        try (var server = LoopbackServers.Http.hello()) {
            LoadResult result = run(spec(server.url("/")).rate(200).connections(2).duration(Duration.ofSeconds(1)));
            assertEquals(200, result.requests()); // arrivals at 0, 5 ms, ..., 995 ms, however late they went out
            assertEquals(ErrorCounts.NONE, result.errors());
            assertTrue(result.elapsedSeconds() >= 0.99, "the last arrival is intended at 0.995 s: " + result.elapsedSeconds());
            assertTrue(result.throughputRps() <= 202, "throughput " + result.throughputRps());
        }
    }

    @Test
    void theOpenModelWithACountSendsExactlyThatManyAcrossLoops() throws Exception {
        try (var server = LoopbackServers.Http.hello()) {
            LoadResult result = run(spec(server.url("/")).rate(1_000).connections(2).ioThreads(2).requests(300));
            assertEquals(300, result.requests());
            assertEquals(300, server.requests());
        }
    }

    @Test
    void theOpenModelOpensConnectionsOnDemandAsLittlesLawAsks() throws Exception {
        // 200 arrivals per second that each hold a connection for 50 ms need about 10 connections.
        try (var server = new LoopbackServers.Http(exchange -> {
            sleep(50);
            LoopbackServers.respond(exchange, 200, "slow");
        })) {
            LoadResult result = run(spec(server.url("/")).rate(200).connections(1).requests(60));
            assertEquals(60, result.requests());
            assertEquals(0, result.inFlightCapHits());
            assertTrue(server.distinctClientPorts() >= 5, "connections " + server.distinctClientPorts());
        }
    }

    @Test
    void theOpenModelStaysWithFewConnectionsWhileTheyKeepUp() throws Exception {
        try (var server = LoopbackServers.Http.hello()) {
            LoadResult result = run(spec(server.url("/")).rate(500).connections(2).requests(500));
            assertEquals(500, result.requests());
            // Connections are reused: even with stalls on a loaded machine, far fewer than one per request.
            assertTrue(server.distinctClientPorts() <= 250, "connections " + server.distinctClientPorts());
        }
    }

    @Test
    void theOpenModelQueuesAtTheCapAndCountsTheWaitInCorrectedLatency() throws Exception {
        // 2 connections to a 50 ms endpoint serve 40 req/s; arrivals come at 400 req/s.
        try (var server = new LoopbackServers.Http(exchange -> {
            sleep(50);
            LoopbackServers.respond(exchange, 200, "slow");
        })) {
            LoadResult result = run(spec(server.url("/")).rate(400).connections(1).maxInFlight(2).requests(40));
            assertEquals(40, result.requests());
            assertTrue(result.inFlightCapHits() > 0, "cap hits " + result.inFlightCapHits());
            assertTrue(result.lateSends() > 0, "late sends " + result.lateSends());
            assertTrue(result.latency().max() > result.uncorrectedLatency().max() + 100,
                    "corrected " + result.latency() + " uncorrected " + result.uncorrectedLatency());
        }
    }

    @Test
    void aRefusingTargetGivesConnectErrorsAndTheRunStillEndsByCount() throws Exception {
        LoadResult result = run(spec(LoopbackServers.refusedUrl()).connections(2).requests(20));
        assertEquals(0, result.requests());
        assertEquals(new ErrorCounts(20, 0, 0, 0), result.errors());
    }

    @Test
    void aRefusingTargetIsRetriedWithBackOffNotASpin() throws Exception {
        LoadResult result = run(spec(LoopbackServers.refusedUrl()).connections(2).duration(Duration.ofMillis(300)));
        long attemptsAtMost = 2 * (300 / 10 + 2); // each user waits 10 ms after a refusal
        assertTrue(result.errors().connect() > 0 && result.errors().connect() <= attemptsAtMost,
                "connect errors " + result.errors().connect());
        assertEquals(result.errors().connect(), result.errors().total());
        assertTrue(result.generatorCpuUtilisation() < 0.5, "loop CPU " + result.generatorCpuUtilisation());
    }

    @Test
    void aTargetThatNeverCompletesTheHandshakeGivesConnectErrorsAtTheTimeout() throws Exception {
        // Backlog 1 and never accepting: Linux completes two handshakes, then leaves SYNs unanswered.
        try (var full = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            URI url = URI.create("http://127.0.0.1:" + full.getLocalPort() + "/");
            LoadResult result = run(spec(url).connections(4).requests(4).timeout(Duration.ofMillis(300)));
            assertEquals(0, result.requests());
            assertEquals(4, result.errors().connect() + result.errors().timeout(), result.errors().toString());
            assertTrue(result.errors().connect() > 0, result.errors().toString());
        }
    }

    @Test
    void garbageAnswersAreProtocolErrors() throws Exception {
        try (var server = LoopbackServers.Raw.replying("garbage\r\n\r\n")) {
            LoadResult result = run(spec(server.url("/")).connections(2).requests(10));
            assertEquals(0, result.requests());
            assertEquals(new ErrorCounts(0, 0, 0, 10), result.errors());
        }
    }

    @Test
    void aConnectionClosedMidResponseIsAProtocolError() throws Exception {
        try (var cutShort = LoopbackServers.Raw.replying("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nshort");
             var silent = new LoopbackServers.Raw(socket -> LoopbackServers.readHead(socket.getInputStream()))) {
            assertEquals(new ErrorCounts(0, 0, 0, 6), run(spec(cutShort.url("/")).connections(2).requests(6)).errors());
            assertEquals(new ErrorCounts(0, 0, 0, 6), run(spec(silent.url("/")).connections(2).requests(6)).errors());
        }
    }

    @Test
    void aKeepAliveChannelTheServerClosedIsRetriedOnceOnAFreshOne() throws Exception {
        // Answers as if keeping the connection alive, then closes it: the next request finds it stale.
        try (var server = LoopbackServers.Raw.replying("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")) {
            LoadResult result = run(spec(server.url("/")).connections(1).requests(20));
            assertEquals(20, result.requests());
            assertEquals(ErrorCounts.NONE, result.errors());
        }
    }

    @Test
    void statusesOutside2xxAnd3xxAreStatusErrorsButStillResponses() throws Exception {
        try (var server = LoopbackServers.Http.withStatus(503)) {
            LoadResult result = run(spec(server.url("/")).connections(2).requests(20));
            assertEquals(20, result.requests());
            assertEquals(new ErrorCounts(0, 0, 20, 0), result.errors());
        }
    }

    @Test
    void aSlowEndpointWithAShortTimeoutGivesTimeoutErrors() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        try (var server = new LoopbackServers.Http(exchange -> {
            awaitQuietly(release);
            LoopbackServers.respond(exchange, 200, "late");
        })) {
            LoadResult result = run(spec(server.url("/")).connections(2).requests(4).timeout(Duration.ofMillis(100)));
            assertEquals(0, result.requests());
            assertEquals(new ErrorCounts(0, 4, 0, 0), result.errors());
            // The timed-out requests are the tail: at their timeout, not left out of the percentiles.
            assertTrue(result.uncorrectedLatency().p99() >= 100, "p99 " + result.uncorrectedLatency().p99());
            assertTrue(result.latency().max() >= 100, "max " + result.latency().max());
        } finally {
            release.countDown();
        }
    }

    @Test
    void warmupRequestsAreSentButNotMeasured() throws Exception {
        try (var server = LoopbackServers.Http.hello()) {
            LoadResult result = run(spec(server.url("/")).connections(2).requests(50).warmup(Duration.ofMillis(300)));
            assertEquals(50, result.requests());
            assertTrue(result.warmupRequests() > 0);
            assertEquals(50 + result.warmupRequests(), server.requests());
            assertEquals(50, result.latencyHistogram().getTotalCount());
        }
    }

    @Test
    void thinkTimePacesEachUser() throws Exception {
        try (var server = LoopbackServers.Http.hello()) {
            LoadResult result = run(spec(server.url("/")).connections(1).thinkTime(Duration.ofMillis(50))
                    .duration(Duration.ofMillis(500)));
            assertTrue(result.requests() >= 1 && result.requests() <= 11, "requests " + result.requests());
        }
    }

    @Test
    void aCountedRunWithThinkTimeEndsAtItsLastAnswerNotAThinkTimeLater() throws Exception {
        try (var server = LoopbackServers.Http.hello()) {
            long start = System.nanoTime();
            // 4 users, 4 requests: one each, then nothing left to send; the 5 s think time must not be waited out.
            LoadResult result = run(spec(server.url("/")).connections(4).requests(4).thinkTime(Duration.ofSeconds(5)));
            double tookS = (System.nanoTime() - start) / 1e9;
            assertEquals(4, result.requests());
            assertTrue(tookS < 4, "took " + tookS + " s");
        }
    }

    /**
     * Two users, three requests, 2 s of think time; the server answers the second request it gets after
     * 1 s. The user answered at once sends again at 2 s and takes the last request; the other, answered at
     * 1 s, is still thinking then and would only wake at 3 s to find none left, on the same event loop or
     * on another.
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0} event loop(s)")
    @org.junit.jupiter.params.provider.ValueSource(ints = {1, 2})
    void aUserStillThinkingWhenTheLastRequestIsClaimedDoesNotHoldTheRunOpen(int loops) throws Exception {
        java.util.concurrent.atomic.AtomicInteger received = new java.util.concurrent.atomic.AtomicInteger();
        try (var server = new LoopbackServers.Http(exchange -> {
            if (received.incrementAndGet() == 2) {
                try {
                    Thread.sleep(1_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            LoopbackServers.respond(exchange, 200, "ok");
        })) {
            long start = System.nanoTime();
            // With two loops each user has its own: the one that takes the last claim wakes the other's.
            LoadResult result = run(spec(server.url("/")).connections(2).ioThreads(loops).requests(3)
                    .thinkTime(Duration.ofSeconds(2)));
            double tookS = (System.nanoTime() - start) / 1e9;
            assertEquals(3, result.requests());
            assertEquals(3, received.get(), "no fourth request");
            assertTrue(result.elapsedSeconds() >= 1.9, "the last answer came after a think time: " + result.elapsedSeconds());
            assertTrue(tookS - result.elapsedSeconds() < 0.6,
                    "the run ended at its last answer, not when the slower user woke: took " + tookS + " s, last answer at "
                            + result.elapsedSeconds() + " s");
        }
    }

    /** Readings taken at the window's edges (a process's CPU) bracket the counted requests and nothing else. */
    private static List<String> edges(LoadSpec.Builder spec, LoopbackServers.Http server) throws InterruptedException {
        List<String> events = new CopyOnWriteArrayList<>();
        LoadGenerator.run(spec.build(), new LoadListener() {
            @Override
            public void onInterval(IntervalSnapshot interval) {
                events.add("interval");
            }

            @Override
            public void onMeasureStart() {
                events.add("start:" + server.requests());
            }

            @Override
            public void onMeasureEnd() {
                events.add("end:" + server.requests());
            }
        });
        return events;
    }

    @Test
    void withoutAWarmUpTheWindowOpensBeforeTheFirstRequestAndClosesAfterTheLastAnswerBeforeTheLastInterval()
            throws Exception {
        try (var server = LoopbackServers.Http.hello()) {
            List<String> events = edges(spec(server.url("/")).connections(2).requests(50), server);
            assertEquals("start:0", events.getFirst(), events.toString());
            assertEquals("end:50", windowEnd(events), events.toString());
            assertEquals(1, events.stream().filter(e -> e.startsWith("start")).count(), events.toString());
        }
    }

    /**
     * The reporter's thread opens the window when it wakes at the warm-up's end; loops that finished the
     * whole window before it woke leave the window untold (start and end), which 50 hello requests, a
     * few milliseconds, did once in CI beside other tests' servers. A thousand give it room.
     */
    @Test
    void afterAWarmUpTheWindowOpensOnceItIsOverAndStillClosesAfterEveryAnswer() throws Exception {
        try (var server = LoopbackServers.Http.hello()) {
            List<String> events = edges(spec(server.url("/")).connections(2).requests(1_000)
                    .warmup(Duration.ofMillis(300)), server);
            long atStart = Long.parseLong(events.getFirst().substring("start:".length()));
            assertTrue(atStart > 0, "the warm-up's requests came first: " + events);
            String end = windowEnd(events);
            assertEquals(server.requests(), Long.parseLong(end.substring("end:".length())), events.toString());
        }
    }

    /**
     * The window's one end, after which only intervals come, at least the last one: on a loaded machine
     * the reporter's tick may land between the end and the final interval, so their count is not fixed.
     */
    private static String windowEnd(List<String> events) {
        List<String> ends = events.stream().filter(e -> e.startsWith("end:")).toList();
        assertEquals(1, ends.size(), events.toString());
        List<String> after = events.subList(events.indexOf(ends.getFirst()) + 1, events.size());
        assertTrue(!after.isEmpty() && after.stream().allMatch("interval"::equals), events.toString());
        return ends.getFirst();
    }

    @Test
    void theListenerSeesEachIntervalAndTheIntervalsAddUpToTheRun() throws Exception {
        List<IntervalSnapshot> seen = new CopyOnWriteArrayList<>();
        try (var server = LoopbackServers.Http.hello()) {
            LoadResult result = LoadGenerator.run(spec(server.url("/")).connections(2)
                    .duration(Duration.ofMillis(1_500)).build(), seen::add);
            assertTrue(seen.size() >= 2, "intervals " + seen);
            assertEquals(result.intervals(), seen);
            assertEquals(result.requests(), seen.stream().mapToLong(IntervalSnapshot::completed).sum());
            assertTrue(result.requests() > 0);
            assertTrue(result.generatorCpuSeconds() > 0 && result.generatorCpuUtilisation() > 0);
        }
    }

    @Test
    void aWeightedMixSendsEachPathItsShareExactly() throws Exception {
        java.util.Map<String, java.util.concurrent.atomic.AtomicInteger> byPath = new java.util.concurrent.ConcurrentHashMap<>();
        try (var server = new LoopbackServers.Http(exchange -> {
            byPath.computeIfAbsent(exchange.getRequestURI().toString(), p -> new java.util.concurrent.atomic.AtomicInteger())
                    .incrementAndGet();
            LoopbackServers.respond(exchange, 200, "ok");
        })) {
            RequestMix mix = RequestMix.of(List.of("/orders?id=1", "/stock"), List.of(3, 1));
            LoadResult result = run(spec(server.url("/ignored")).paths(mix).connections(4).requests(400));
            assertEquals(400, result.requests());
            assertEquals(300, byPath.get("/orders?id=1").get());
            assertEquals(100, byPath.get("/stock").get());
            assertEquals(2, byPath.size(), "the URL's own path is not sent: " + byPath);
        }
    }

    @Test
    void eachPathOfAMixHasItsOwnCountLatencyAndErrors() throws Exception {
        try (var server = new LoopbackServers.Http(exchange -> {
            String path = exchange.getRequestURI().getPath();
            if (path.equals("/slow")) {
                sleep(30);
            }
            LoopbackServers.respond(exchange, path.equals("/broken") ? 500 : 200, "ok");
        })) {
            RequestMix mix = RequestMix.of(List.of("/fast", "/slow", "/broken"), List.of(2, 1, 1));
            LoadResult result = run(spec(server.url("/")).paths(mix).connections(4).requests(200));
            assertEquals(List.of("/fast", "/slow", "/broken"), result.paths().stream().map(PathLatency::path).toList());
            assertEquals(List.of(100L, 50L, 50L), result.paths().stream().map(PathLatency::count).toList());
            assertEquals(List.of(0L, 0L, 50L), result.paths().stream().map(PathLatency::errors).toList());
            assertTrue(result.paths().get(1).latency().p50() >= 30, "the slow path: " + result.paths().get(1));
            assertTrue(result.paths().get(0).latency().p50() < result.paths().get(1).latency().p50() / 2,
                    "the fast path keeps its own latency: " + result.paths());
        }
    }

    @Test
    void aSinglePathIsTheRunsOwnFigures() throws Exception {
        try (var server = LoopbackServers.Http.hello()) {
            LoadResult result = run(spec(server.url("/hello")).connections(2).requests(40));
            assertEquals(1, result.paths().size());
            assertEquals(40, result.paths().getFirst().count());
            assertEquals(result.uncorrectedLatency().p99(), result.paths().getFirst().latency().p99(),
                    "the closed model's own latency, from the actual send");
        }
    }

    @Test
    void anObserverSeesTheRequestLeftWaitingAndCanStopTheRun() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        java.util.concurrent.atomic.AtomicInteger seen = new java.util.concurrent.atomic.AtomicInteger();
        try (var server = new LoopbackServers.Http(exchange -> {
            if (exchange.getRequestURI().getPath().equals("/stuck") && seen.getAndIncrement() == 0) {
                awaitQuietly(release);
            }
            LoopbackServers.respond(exchange, 200, "ok");
        })) {
            List<RunSample> samples = new CopyOnWriteArrayList<>();
            java.util.concurrent.atomic.AtomicReference<LiveRun> ended = new java.util.concurrent.atomic.AtomicReference<>();
            RunObserver watchdog = new RunObserver() {
                @Override
                public void started(LiveRun run) {
                    Thread.ofPlatform().daemon(true).start(() -> {
                        for (int i = 0; i < 200; i++) {
                            RunSample sample = run.sample();
                            samples.add(sample);
                            if (sample.oldestAgeSeconds() > 0.5 && sample.answered() > 20) {
                                run.stop();
                                return;
                            }
                            sleep(50);
                        }
                    });
                }

                @Override
                public void ended(LiveRun run) {
                    ended.set(run);
                }
            };
            RequestMix mix = RequestMix.of(List.of("/stuck", "/ok"), List.of(1, 9));
            long started = System.nanoTime();
            LoadResult result = LoadGenerator.run(spec(server.url("/")).paths(mix).connections(3)
                    .duration(Duration.ofSeconds(20)).timeout(Duration.ofSeconds(30)).build(), LoadListener.NONE,
                    StopWhen.NEVER, watchdog);
            double seconds = (System.nanoTime() - started) / 1e9;
            assertTrue(seconds < 10, "the observer stopped the run, took " + seconds + " s");
            RunSample last = samples.getLast();
            assertEquals("/stuck", last.oldestPath(), "the oldest request is the stuck one: " + last);
            assertTrue(last.inFlight() >= 1 && last.answered() > 20, "others were answered meanwhile: " + last);
            assertTrue(ended.get() != null, "told when the run ended");
            assertTrue(result.requests() > 20);
        } finally {
            release.countDown();
        }
    }

    @Test
    void poissonArrivalsAtARateSendAboutAsManyAsEvenOnes() throws Exception {
        try (var server = LoopbackServers.Http.hello()) {
            LoadResult result = run(spec(server.url("/")).rate(400).duration(Duration.ofSeconds(2))
                    .arrivals(new Arrivals.Poisson(11)));
            long expected = new Arrivals.Poisson(11).at(400).firstIndexAtOrAfter(2_000_000_000L);
            assertTrue(Math.abs(result.requests() - expected) <= 2, result.requests() + " against " + expected);
        }
    }

    @Test
    void aStopConditionEndsTheRunAfterTheIntervalThatMetIt() throws Exception {
        try (var server = LoopbackServers.Http.withStatus(500)) {
            long started = System.nanoTime();
            LoadResult result = LoadGenerator.run(spec(server.url("/")).rate(50).duration(Duration.ofSeconds(30))
                    .build(), LoadListener.NONE, interval -> interval.errors() > 0);
            double seconds = (System.nanoTime() - started) / 1e9;
            assertTrue(seconds < 10, "stopped after the first interval with errors, took " + seconds + " s");
            assertTrue(result.errors().status() > 0);
        }
    }

    @Test
    void anInterruptedRunStopsAndLeavesNoThreadBehind() throws Exception {
        CountDownLatch firstInterval = new CountDownLatch(1);
        AtomicReference<Throwable> outcome = new AtomicReference<>();
        try (var server = LoopbackServers.Http.hello()) {
            LoadSpec spec = spec(server.url("/")).connections(2).duration(Duration.ofSeconds(30)).build();
            Thread runner = Thread.ofPlatform().start(() -> {
                try {
                    LoadGenerator.run(spec, interval -> firstInterval.countDown());
                    outcome.set(new AssertionError("the run was not interrupted"));
                } catch (Throwable e) {
                    outcome.set(e);
                }
            });
            assertTrue(firstInterval.await(20, TimeUnit.SECONDS));
            runner.interrupt();
            runner.join(TimeUnit.SECONDS.toMillis(20));
            assertInstanceOf(InterruptedException.class, outcome.get());
            assertTrue(Thread.getAllStackTraces().keySet().stream()
                    .noneMatch(thread -> thread.getName().startsWith("loomlab-load-")));
        }
    }

    @Test
    void connectionsAndCapsAreSharedAsEvenlyAsPossibleAmongLoops() {
        assertEquals(4, LoadGenerator.share(10, 0, 3));
        assertEquals(3, LoadGenerator.share(10, 1, 3));
        assertEquals(3, LoadGenerator.share(10, 2, 3));
        assertEquals(10_000, LoadGenerator.share(10_000, 0, 1));
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
