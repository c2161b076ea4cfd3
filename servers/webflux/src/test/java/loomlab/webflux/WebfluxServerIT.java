package loomlab.webflux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import loomlab.downstream.Downstream;
import loomlab.http.StatsShape;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The packaged jar against the lab's real downstream service: every endpoint of the Spring MVC
 * server, the lab's /stats shape, and proof that waiting (on the downstream or on a timer) holds no
 * thread: 200 waits at once finish in about one wait, on a handful of threads.
 */
class WebfluxServerIT {
    private static final int CONCURRENT = 200;
    private static final int WAIT_MILLIS = 50;
    /** 200 waits of 50 ms one after another take 10 s; at once they take about 50 ms. Generous. */
    private static final Duration WELL_UNDER_SERIAL = Duration.ofSeconds(3);
    /** A thread per waiting request would be over 200; the event loop, timers and the JVM's own are some 30. */
    private static final int FEW_THREADS = 60;

    private static Downstream downstream;
    private static RunningWebfluxJar server;

    @BeforeAll
    static void start() throws Exception {
        downstream = Downstream.start(0, 5);
        server = RunningWebfluxJar.start("--mode", "reactive", "--loomlab.downstream=" + downstream.baseUri());
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        if (downstream != null) {
            downstream.close();
        }
    }

    @Test
    void answersHelloAndShortWaitsOnATimer() throws Exception {
        assertEquals("hello", server.get("/hello").body());
        assertEquals("slept 20 ms on a timer, holding no thread\n", server.get("/blocking-ms/20").body());
        assertEquals("slept 0 ms on a timer, holding no thread\n", server.get("/blocking/0").body());
        assertEquals(400, server.get("/blocking-ms/-1").statusCode());
    }

    @Test
    void callsTheLabsDownstreamServiceWithTheDelay() throws Exception {
        long before = downstream.stats().requestsServed();
        assertEquals("waited 7 ms\n", server.get("/downstream?delay=7").body());
        assertEquals("waited 5 ms\n", server.get("/downstream").body(), "the downstream's default delay");
        assertEquals(400, server.get("/downstream?delay=-7").statusCode());
        assertEquals(2, downstream.stats().requestsServed() - before);
    }

    @Test
    void countsOnTheParallelSchedulerForTheCpuPath() throws Exception {
        assertEquals("1000\n", server.get("/cpu/1000").body());
        assertEquals(400, server.get("/cpu/-1").statusCode());
    }

    @Test
    void answersStatsInTheOneShapeOfEveryServerUnderTest() throws Exception {
        JsonNode stats = server.json("/stats");
        List<String> keys = new ArrayList<>();
        stats.propertyNames().forEach(keys::add);
        assertEquals(StatsShape.KEYS, keys, stats.toString());
        assertTrue(stats.get("connectionWait").isNull(), "WebFlux here has no JDBC pool");
        assertTrue(stats.get("peakThreads").asInt() >= stats.get("liveThreads").asInt() - 1, stats.toString());
    }

    @Test
    void runsReactiveOnASmallEventLoop() throws Exception {
        server.get("/hello");
        JsonNode mode = server.json("/mode");
        assertEquals("reactive", mode.get("mode").asString(), mode.toString());
        int loop = mode.get("eventLoopThreads").asInt();
        // Reactor Netty's default is the cores but at least 4; nothing like a thread per request.
        assertTrue(loop >= 1 && loop <= 2 * Math.max(4, Runtime.getRuntime().availableProcessors()), mode.toString());
        assertTrue(mode.get("eventLoopStarted").asInt() >= 1, mode.toString());
        assertTrue(mode.get("eventLoopStarted").asInt() <= loop, mode.toString());
    }

    @Test
    void twoHundredDownstreamCallsAtOnceHoldNoThreadEach() throws Exception {
        assertConcurrentWaitsDoNotQueue("/downstream?delay=" + WAIT_MILLIS);
    }

    @Test
    void twoHundredTimedWaitsAtOnceHoldNoThreadEach() throws Exception {
        assertConcurrentWaitsDoNotQueue("/blocking-ms/" + WAIT_MILLIS);
    }

    @Test
    void helloAnswersAtOnceWhileTheDownstreamIsSlow() throws Exception {
        String slow = "/downstream?delay=2000";
        long served = server.json("/stats").get("requestsServed").asLong();
        try (ExecutorService senders = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<HttpResponse<String>>> calls = new ArrayList<>();
            for (int i = 0; i < CONCURRENT; i++) {
                calls.add(senders.submit(() -> server.get(slow)));
            }
            awaitInFlight(CONCURRENT);
            long started = System.nanoTime();
            HttpResponse<String> hello = server.get("/hello");
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            assertEquals("hello", hello.body());
            // The slow calls still have most of their 2 s to go; /hello must not wait behind them.
            assertTrue(took.compareTo(Duration.ofMillis(1000)) < 0, "/hello took " + took + " behind slow calls");
            assertTrue(server.json("/stats").get("inFlight").asInt() >= CONCURRENT / 2,
                    "the slow calls had ended before /hello was timed");
            for (Future<HttpResponse<String>> call : calls) {
                assertEquals(200, call.get().statusCode());
            }
        }
        assertTrue(server.statsOnceServed(served + CONCURRENT + 1).get("requestsServed").asLong()
                >= served + CONCURRENT + 1);
    }

    @Test
    void aModeOtherThanReactiveIsBadInputOfOneLine() throws Exception {
        for (List<String> args : List.of(List.of("--mode", "virtual"), List.of("--mode=platform:10"))) {
            Process process = RunningWebfluxJar.launch(ProcessBuilder.Redirect.PIPE, args.toArray(String[]::new));
            try {
                process.getOutputStream().close();
                String stderr = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(process.waitFor(60, TimeUnit.SECONDS), "still running with " + args);
                assertEquals(2, process.exitValue(), args + ": " + stderr);
                List<String> lines = stderr.lines().filter(line -> !line.isBlank()).toList();
                assertEquals(1, lines.size(), args + " printed: " + stderr);
                assertTrue(lines.get(0).startsWith("webflux: "), lines.get(0));
                assertTrue(lines.get(0).contains("choose from: reactive"), lines.get(0));
                assertFalse(stderr.contains("Exception"), stderr);
            } finally {
                process.destroyForcibly();
            }
        }
    }

    @Test
    void endsWhenTheParentItWatchesIsGone() throws Exception {
        Process standInParent = new ProcessBuilder("sleep", "120").start();
        try (RunningWebfluxJar orphan = RunningWebfluxJar.start(standInParent.pid())) {
            assertEquals("hello", orphan.get("/hello").body());
            standInParent.destroy();
            assertTrue(orphan.endsWithin(Duration.ofSeconds(15)), "the server outlived its parent");
        } finally {
            standInParent.destroyForcibly();
        }
    }

    /** 200 waits at once end in well under 200 waits' time, and the server's threads stay few. */
    private static void assertConcurrentWaitsDoNotQueue(String path) throws Exception {
        AtomicInteger mostOsThreads = new AtomicInteger(server.osThreads());
        long started = System.nanoTime();
        try (ExecutorService senders = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<?> sampler = senders.submit(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    mostOsThreads.accumulateAndGet(server.osThreads(), Math::max);
                    Thread.sleep(5);
                }
                return null;
            });
            List<Future<HttpResponse<String>>> calls = new ArrayList<>();
            for (int i = 0; i < CONCURRENT; i++) {
                calls.add(senders.submit(() -> server.get(path)));
            }
            for (Future<HttpResponse<String>> call : calls) {
                assertEquals(200, call.get().statusCode(), path);
            }
            sampler.cancel(true);
        }
        Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
        assertTrue(elapsed.compareTo(WELL_UNDER_SERIAL) < 0, CONCURRENT + " x " + path + " took " + elapsed);
        JsonNode stats = server.json("/stats");
        assertTrue(stats.get("peakThreads").asInt() < FEW_THREADS, stats.toString());
        assertTrue(mostOsThreads.get() < FEW_THREADS, "the server's process had " + mostOsThreads + " OS threads");
        assertTrue(mostOsThreads.get() > 0 || !System.getProperty("os.name").contains("Linux"), "no /proc figure");
    }

    private static void awaitInFlight(int count) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (server.json("/stats").get("inFlight").asInt() < count && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
    }
}
