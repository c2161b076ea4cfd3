package loomlab.http;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ConnectException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import loomlab.threads.ExecutorMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class HttpServerCoreIT {
    private static final byte[] LARGE_BODY = pattern(2 * 1024 * 1024 + 3);
    private static final String HELLO_RESPONSE =
            "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 6\r\n\r\nhello\n";

    private HttpServerCore server;
    private final ReentrantLock stuck = new ReentrantLock();

    @BeforeEach
    void start() throws IOException {
        ServerStats stats = new ServerStats("virtual");
        Router router = Router.builder()
                .get("/hello", request -> Response.ok("hello\n"))
                .get("/large", request -> new Response(200, "application/octet-stream", LARGE_BODY))
                .get("/fail", request -> {
                    throw new IllegalStateException("boom");
                })
                .get("/echo/", request -> Response.ok(request.path() + " " + request.queryParam("q").orElse("-")))
                .get("/stats", stats.handler())
                .get("/stuck", request -> {
                    stuck.lock(); // not interruptible: a deadlocked handler, as a hung server has
                    stuck.unlock();
                    return Response.ok("freed\n");
                })
                .build();
        server = HttpServerCore.start(new ServerConfig("test", 0, ExecutorMode.virtual()), router, stats);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void answersHelloByteExact() throws IOException {
        try (RawConnection connection = new RawConnection(server.port())) {
            connection.send("GET /hello HTTP/1.1\r\nHost: test\r\n\r\n");
            assertEquals(HELLO_RESPONSE, connection.readExactly(HELLO_RESPONSE.length()));
        }
    }

    @Test
    void servesManyRequestsOnOneKeepAliveConnection() throws IOException {
        try (RawConnection connection = new RawConnection(server.port())) {
            for (int i = 0; i < 100; i++) {
                connection.send("GET /echo/" + i + "?q=" + i + " HTTP/1.1\r\nHost: test\r\n\r\n");
                ResponseParser response = connection.readResponse();
                assertEquals(200, response.status());
                assertEquals("/echo/" + i + " " + i, new String(response.body(), ISO_8859_1));
                assertTrue(response.keepAlive());
            }
        }
        assertEquals(100, server.stats().requestsServed());
        assertEquals(1, server.stats().snapshot().acceptedConnections());
    }

    @Test
    void answersPipelinedRequestsInOrder() throws IOException {
        try (RawConnection connection = new RawConnection(server.port())) {
            connection.send("GET /echo/a HTTP/1.1\r\n\r\nGET /echo/b HTTP/1.1\r\n\r\nGET /echo/c HTTP/1.1\r\n\r\n");
            for (String name : new String[] {"a", "b", "c"}) {
                assertEquals("/echo/" + name + " -", new String(connection.readResponse().body(), ISO_8859_1));
            }
        }
    }

    @Test
    void answersMalformedRequestWith400AndKeepsServingOthers() throws IOException {
        try (RawConnection bad = new RawConnection(server.port())) {
            bad.send("GARBAGE\r\n\r\n");
            ResponseParser response = bad.readResponse();
            assertEquals(400, response.status());
            assertEquals("bad request: malformed request line: 'GARBAGE'\n", new String(response.body(), ISO_8859_1));
            assertEquals(false, response.keepAlive());
            assertTrue(bad.closedByServer());
        }
        try (RawConnection good = new RawConnection(server.port())) {
            good.send("GET /hello HTTP/1.1\r\n\r\n");
            assertEquals(HELLO_RESPONSE, good.readExactly(HELLO_RESPONSE.length()));
        }
    }

    @Test
    void refusesAHeadOf5000HeaderLinesWith431AsTomcatWouldAndKeepsServingOthers() throws IOException {
        StringBuilder request = new StringBuilder("GET /hello HTTP/1.1\r\n");
        for (int i = 0; i < 5_000; i++) {
            request.append("X-Header-").append(i).append(": value\r\n");
        }
        try (RawConnection big = new RawConnection(server.port())) {
            big.send(request + "\r\n");
            ResponseParser response = big.readResponse();
            assertEquals(431, response.status());
            assertEquals(false, response.keepAlive());
            assertTrue(big.closedByServer());
        }
        try (RawConnection good = new RawConnection(server.port())) {
            good.send("GET /hello HTTP/1.1\r\n\r\n");
            assertEquals(HELLO_RESPONSE, good.readExactly(HELLO_RESPONSE.length()));
        }
    }

    @Test
    void writesLargeResponsesToASlowReaderAndKeepsTheConnection() throws Exception {
        int responses = 5;
        try (RawConnection connection = new RawConnection(server.port(), 4096)) {
            // Over 10 MiB asked for at once, more than Linux lets a socket buffer (4 MiB at most by default):
            // the server's writes must return 0 and it has to wait for room before continuing.
            connection.send("GET /large HTTP/1.1\r\n\r\n".repeat(responses));
            Thread.sleep(200);
            for (int i = 0; i < responses; i++) {
                ResponseParser response = connection.readResponse();
                assertEquals(200, response.status());
                assertArrayEquals(LARGE_BODY, response.body(), "response " + i);
            }
            connection.send("GET /hello HTTP/1.1\r\n\r\n");
            assertEquals("hello\n", new String(connection.readResponse().body(), ISO_8859_1));
        }
    }

    @Test
    void closesAfterHttp10RequestWithoutKeepAlive() throws IOException {
        try (RawConnection connection = new RawConnection(server.port())) {
            connection.send("GET /hello HTTP/1.0\r\n\r\n");
            String expected = "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 6\r\n"
                    + "Connection: close\r\n\r\nhello\n";
            assertEquals(expected, connection.readExactly(expected.length()));
            assertTrue(connection.closedByServer());
        }
    }

    @Test
    void keepsHttp10ConnectionWhenAskedTo() throws IOException {
        try (RawConnection connection = new RawConnection(server.port())) {
            for (int i = 0; i < 2; i++) {
                connection.send("GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
                String expected = "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 6\r\n"
                        + "Connection: keep-alive\r\n\r\nhello\n";
                assertEquals(expected, connection.readExactly(expected.length()));
            }
        }
    }

    @Test
    void answersHeadWithoutBody() throws IOException {
        try (RawConnection connection = new RawConnection(server.port())) {
            connection.send("HEAD /hello HTTP/1.1\r\n\r\nGET /hello HTTP/1.1\r\n\r\n");
            String head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 6\r\n\r\n";
            assertEquals(head + HELLO_RESPONSE, connection.readExactly(head.length() + HELLO_RESPONSE.length()));
        }
    }

    @Test
    void answersUnknownPathsMethodsAndFailuresWithoutClosing() throws IOException {
        try (RawConnection connection = new RawConnection(server.port())) {
            connection.send("GET /nothing HTTP/1.1\r\n\r\n");
            assertEquals(404, connection.readResponse().status());
            connection.send("GET /hellothere HTTP/1.1\r\n\r\n");
            assertEquals(404, connection.readResponse().status());
            connection.send("DELETE /hello HTTP/1.1\r\n\r\n");
            assertEquals(405, connection.readResponse().status());
            connection.send("GET /fail HTTP/1.1\r\n\r\n");
            ResponseParser failed = connection.readResponse();
            assertEquals(500, failed.status());
            assertEquals("handler failed: java.lang.IllegalStateException: boom\n", new String(failed.body(), ISO_8859_1));
            connection.send("GET /hello HTTP/1.1\r\n\r\n");
            assertEquals(200, connection.readResponse().status());
        }
    }

    @Test
    void reportsStatsInTheOneShapeEveryServerUnderTestAnswers() throws IOException {
        try (RawConnection connection = new RawConnection(server.port())) {
            for (int i = 0; i < 3; i++) {
                connection.send("GET /hello HTTP/1.1\r\n\r\n");
                connection.readResponse();
            }
            connection.send("GET /stats HTTP/1.1\r\n\r\n");
            ResponseParser response = connection.readResponse();
            String json = new String(response.body(), ISO_8859_1);
            assertEquals(StatsShape.KEYS, Pattern.compile("\"(\\w+)\":").matcher(json).results()
                    .map(m -> m.group(1)).toList(), json);
            assertTrue(json.endsWith("\"connectionWait\":null}"), "no JDBC pool: " + json);
            assertEquals(3, number(json, "requestsServed"), json);
            assertEquals(1, number(json, "inFlight"), "the /stats request itself: " + json);
            assertTrue(number(json, "peakInFlight") >= 1, json);
            assertTrue(number(json, "liveThreads") >= 2, "at least the acceptor and poller: " + json);
            assertTrue(number(json, "peakThreads") >= number(json, "liveThreads"), json);
        }
    }

    @Test
    void closeStopsAcceptingAndClosesIdleConnections() throws IOException {
        try (RawConnection idle = new RawConnection(server.port())) {
            idle.send("GET /hello HTTP/1.1\r\n\r\n");
            idle.readResponse();
            server.close();
            assertTrue(idle.closedByServer());
        }
        assertThrows(ConnectException.class, () -> new RawConnection(server.port()).close());
    }

    @Test
    void closeDoesNotWaitLongForAHandlerThatCannotEnd() throws Exception {
        stuck.lock();
        try (RawConnection waiting = new RawConnection(server.port())) {
            waiting.send("GET /stuck HTTP/1.1\r\n\r\n");
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (!stuck.hasQueuedThreads() && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertTrue(stuck.hasQueuedThreads(), "the handler is waiting for the lock");
            long start = System.nanoTime();
            server.close();
            double tookS = (System.nanoTime() - start) / 1e9;
            // A stop has nothing to wait for once connections are closed: it does not wait out a handler
            // that cannot end, only its short grace (generous here for a loaded machine).
            assertTrue(tookS < 1.5, "close took " + tookS + " s");
            assertTrue(waiting.closedByServer());
        } finally {
            stuck.unlock();
        }
    }

    static long number(String json, String field) {
        Matcher matcher = Pattern.compile("\"" + field + "\":(\\d+)").matcher(json);
        assertTrue(matcher.find(), field + " missing in " + json);
        return Long.parseLong(matcher.group(1));
    }

    private static byte[] pattern(int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) (i * 7 + i / 251);
        }
        return bytes;
    }
}
