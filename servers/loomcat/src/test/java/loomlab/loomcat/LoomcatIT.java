package loomlab.loomcat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigInteger;
import java.net.ServerSocket;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import loomlab.downstream.Downstream;
import loomlab.http.BlockingHttpClient;
import loomlab.http.ServerStats;
import loomlab.http.StatsShape;
import loomlab.threads.ExecutorMode;
import org.junit.jupiter.api.Test;

class LoomcatIT {
    private final BlockingHttpClient client = new BlockingHttpClient();

    @Test
    void answersHelloBlockingAndCpu() throws IOException {
        try (Loomcat loomcat = Loomcat.start(0, ExecutorMode.virtual(), Optional.empty()); client) {
            assertAnswer(200, "Hello from loomcat\n", loomcat, "/hello");
            long start = System.nanoTime();
            assertAnswer(200, "slept 50 ms\n", loomcat, "/blocking/50");
            assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(50));
            assertAnswer(200, "1000\n", loomcat, "/cpu/1000");
            assertAnswer(200, "0\n", loomcat, "/cpu/0");
            assertAnswer(200, "slept 5 ms inside synchronized\n", loomcat, "/sync/5");
            assertAnswer(200, "slept 5 ms holding a ReentrantLock\n", loomcat, "/lock/5");
            assertAnswer(200, "held the shared lock 5 ms\n", loomcat, "/deadlock/5");
        }
    }

    @Test
    void countsWithBigIntegerAdditions() {
        assertEquals(BigInteger.valueOf(123_457), Endpoints.countTo(123_457));
        assertEquals(BigInteger.ZERO, Endpoints.countTo(0));
    }

    @Test
    void rejectsUnknownPathsAndBadNumbers() throws IOException {
        try (Loomcat loomcat = Loomcat.start(0, ExecutorMode.platform(2), Optional.of(URI.create("http://127.0.0.1:1")));
             client) {
            assertEquals(404, get(loomcat, "/nothing").status());
            assertEquals(404, get(loomcat, "/hellothere").status());
            for (String path : List.of("/blocking/abc", "/blocking/-1", "/blocking/600001", "/blocking/", "/cpu/1e3",
                    "/cpu/1000000001", "/downstream?delay=soon", "/sync/x", "/lock/-5", "/deadlock/")) {
                assertEquals(400, get(loomcat, path).status(), path);
            }
        }
    }

    @Test
    void callsTheDownstreamServiceOnTheRequestThread() throws IOException {
        try (Downstream downstream = Downstream.start(0, 5);
             Loomcat loomcat = Loomcat.start(0, ExecutorMode.platform(4), Optional.of(downstream.baseUri()));
             client) {
            assertAnswer(200, "waited 20 ms\n", loomcat, "/downstream?delay=20");
            assertAnswer(200, "waited 5 ms\n", loomcat, "/downstream");
            assertEquals(2, downstream.stats().requestsServed());
        }
    }

    @Test
    void answers502WithoutAWorkingDownstream() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        try (Loomcat unconfigured = Loomcat.start(0, ExecutorMode.virtual(), Optional.empty());
             Loomcat broken = Loomcat.start(0, ExecutorMode.virtual(), Optional.of(URI.create("http://127.0.0.1:" + closedPort)));
             client) {
            assertAnswer(502, "no downstream configured: start loomcat with --downstream URL\n", unconfigured, "/downstream");
            BlockingHttpClient.Result failed = get(broken, "/downstream?delay=1");
            assertEquals(502, failed.status());
            assertTrue(failed.bodyText().startsWith("downstream failed: "), failed.bodyText());
        }
    }

    @Test
    void withoutADatabaseDbSaysHowToConfigureOne() throws IOException {
        try (Loomcat loomcat = Loomcat.start(0, ExecutorMode.virtual(), Optional.empty()); client) {
            assertAnswer(503, "no database configured: start loomcat with --db-url URL --db-user USER\n", loomcat,
                    "/db");
            assertTrue(get(loomcat, "/stats").bodyText().endsWith("\"connectionWait\":null}"));
        }
    }

    @Test
    void answersStatsInTheOneShapeOfEveryServerUnderTest() throws IOException {
        try (Loomcat loomcat = Loomcat.start(0, ExecutorMode.platform(3), Optional.empty()); client) {
            get(loomcat, "/hello");
            get(loomcat, "/hello");
            String json = get(loomcat, "/stats").bodyText();
            assertEquals(StatsShape.KEYS, Pattern.compile("\"(\\w+)\":").matcher(json).results()
                    .map(m -> m.group(1)).toList(), json);
            assertEquals(2, number(json, "requestsServed"), json);
            assertEquals(1, number(json, "inFlight"), json);
            for (String field : List.of("peakInFlight", "liveThreads", "peakThreads")) {
                assertTrue(number(json, field) >= 1, field + " in " + json);
            }
        }
    }

    /**
     * The Tomcat property the server core exists for: keep-alive connections wait in the poller, not
     * on pool threads, so 20 keep-alive clients are all served by 10 threads, 10 requests at a time.
     */
    @Test
    void platformPoolOfTenServesTwentyKeepAliveConnections() throws Exception {
        int connections = 20;
        int requestsEach = 2;
        List<BlockingHttpClient> clients = new ArrayList<>();
        try (Loomcat loomcat = Loomcat.start(0, ExecutorMode.platform(10), Optional.empty());
             ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < connections; i++) {
                clients.add(new BlockingHttpClient());
            }
            long start = System.nanoTime();
            List<Future<Integer>> answers = new ArrayList<>();
            for (BlockingHttpClient own : clients) {
                answers.add(callers.submit(() -> {
                    int ok = 0;
                    for (int r = 0; r < requestsEach; r++) {
                        ok += own.get(loomcat.baseUri().resolve("/blocking/200")).status() == 200 ? 1 : 0;
                    }
                    return ok;
                }));
            }
            int served = 0;
            for (Future<Integer> answer : answers) {
                served += answer.get(30, TimeUnit.SECONDS);
            }
            long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

            assertEquals(connections * requestsEach, served);
            assertTrue(elapsedMillis < 5_000, "took " + elapsedMillis + " ms: keep-alive connections starved the pool");
            // 40 sleeps of 200 ms on 10 threads cannot take less than 800 ms: the pool bound holds.
            assertTrue(elapsedMillis >= 800, "took only " + elapsedMillis + " ms");
            ServerStats.Snapshot stats = loomcat.stats().snapshot();
            assertEquals(connections, stats.acceptedConnections(), "each client kept its one connection alive");
            assertTrue(stats.peakInFlight() <= 10, "peak in flight " + stats.peakInFlight());
        } finally {
            clients.forEach(BlockingHttpClient::close);
        }
    }

    private void assertAnswer(int status, String body, Loomcat loomcat, String path) throws IOException {
        BlockingHttpClient.Result result = get(loomcat, path);
        assertEquals(status, result.status(), path);
        assertEquals(body, result.bodyText(), path);
    }

    private BlockingHttpClient.Result get(Loomcat loomcat, String path) throws IOException {
        return client.get(loomcat.baseUri().resolve(path));
    }

    static long number(String json, String field) {
        Matcher matcher = Pattern.compile("\"" + field + "\":(\\d+)").matcher(json);
        assertTrue(matcher.find(), field + " missing in " + json);
        return Long.parseLong(matcher.group(1));
    }
}
