package loomlab.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import loomlab.threads.ExecutorMode;
import org.junit.jupiter.api.Test;

class BlockingHttpClientIT {

    @Test
    void reusesOneKeepAliveConnectionForSequentialCalls() throws IOException {
        try (HttpServerCore server = echoServer(); BlockingHttpClient client = new BlockingHttpClient()) {
            for (int i = 0; i < 20; i++) {
                BlockingHttpClient.Result result = client.get(server.baseUri().resolve("/echo/" + i + "?q=%C3%A9"));
                assertEquals(200, result.status());
                assertEquals("/echo/" + i + " é", result.bodyText());
            }
            assertEquals(1, client.connectionsOpened());
            assertEquals(1, server.stats().snapshot().acceptedConnections());
        }
    }

    @Test
    void servesManyConcurrentVirtualThreadsWithoutLosingAnswers() throws Exception {
        int callers = 100;
        int callsEach = 10;
        try (HttpServerCore server = echoServer(); BlockingHttpClient client = new BlockingHttpClient();
             ExecutorService callersPool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Integer>> futures = new ArrayList<>();
            for (int caller = 0; caller < callers; caller++) {
                int id = caller;
                futures.add(callersPool.submit(() -> {
                    int ok = 0;
                    for (int call = 0; call < callsEach; call++) {
                        BlockingHttpClient.Result result = client.get(server.baseUri().resolve("/echo/" + id + "?q=" + call));
                        ok += result.bodyText().equals("/echo/" + id + " " + call) ? 1 : 0;
                    }
                    return ok;
                }));
            }
            int answered = 0;
            for (Future<Integer> future : futures) {
                answered += future.get();
            }
            assertEquals(callers * callsEach, answered);
            assertTrue(client.connectionsOpened() <= callers, "opened " + client.connectionsOpened());
            assertEquals(callers * callsEach, server.stats().requestsServed());
        }
    }

    @Test
    void retriesOnceOnAFreshConnectionWhenThePooledOneWasClosed() throws IOException {
        try (ScriptedServer server = new ScriptedServer(socket -> {
                 if (ScriptedServer.readRequestHead(socket.getInputStream())) {
                     ScriptedServer.write(socket, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
                 }
             });
             BlockingHttpClient client = new BlockingHttpClient()) {
            for (int i = 0; i < 3; i++) {
                assertEquals("ok", client.get(server.uri("/")).bodyText());
            }
            assertEquals(3, client.connectionsOpened());
        }
    }

    @Test
    void doesNotRetryAFreshConnectionThatClosesWithoutAnswer() throws IOException {
        try (ScriptedServer server = new ScriptedServer(socket -> ScriptedServer.readRequestHead(socket.getInputStream()));
             BlockingHttpClient client = new BlockingHttpClient()) {
            IOException e = assertThrows(IOException.class, () -> client.get(server.uri("/")));
            assertEquals("connection closed before a response arrived", e.getMessage());
            assertEquals(1, client.connectionsOpened());
        }
    }

    @Test
    void readsChunkedAndCloseDelimitedBodies() throws IOException {
        try (ScriptedServer chunked = new ScriptedServer(socket -> {
                 while (ScriptedServer.readRequestHead(socket.getInputStream())) {
                     ScriptedServer.write(socket, "HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n"
                             + "5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n");
                 }
             });
             ScriptedServer closeDelimited = new ScriptedServer(socket -> {
                 if (ScriptedServer.readRequestHead(socket.getInputStream())) {
                     ScriptedServer.write(socket, "HTTP/1.1 200 OK\r\n\r\nuntil the end");
                 }
             });
             BlockingHttpClient client = new BlockingHttpClient()) {
            for (int i = 0; i < 2; i++) {
                BlockingHttpClient.Result result = client.get(chunked.uri("/c"));
                assertEquals(201, result.status());
                assertEquals("hello world", result.bodyText());
            }
            assertEquals("until the end", client.get(closeDelimited.uri("/d")).bodyText());
            assertEquals("until the end", client.get(closeDelimited.uri("/d")).bodyText());
            assertEquals(1 + 2, client.connectionsOpened(), "one kept chunked connection, two close-delimited ones");
        }
    }

    @Test
    void failsOnAMalformedAnswer() throws IOException {
        try (ScriptedServer server = new ScriptedServer(socket -> {
                 ScriptedServer.readRequestHead(socket.getInputStream());
                 ScriptedServer.write(socket, "HTTP/1.1 OK\r\n\r\n");
             });
             BlockingHttpClient client = new BlockingHttpClient()) {
            HttpProtocolException e = assertThrows(HttpProtocolException.class, () -> client.get(server.uri("/")));
            assertEquals("malformed status line: 'HTTP/1.1 OK'", e.getMessage());
        }
    }

    @Test
    void timesOutWhenTheServerNeverAnswers() throws IOException {
        try (ScriptedServer server = new ScriptedServer(socket -> {
                 ScriptedServer.readRequestHead(socket.getInputStream());
                 socket.getInputStream().read();
             });
             BlockingHttpClient client = new BlockingHttpClient(Duration.ofSeconds(5), Duration.ofMillis(200), 8)) {
            assertThrows(SocketTimeoutException.class, () -> client.get(server.uri("/")));
            assertEquals(1, client.connectionsOpened());
        }
    }

    @Test
    void reportsRefusedConnections() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        try (BlockingHttpClient client = new BlockingHttpClient()) {
            assertThrows(ConnectException.class, () -> client.get(URI.create("http://127.0.0.1:" + closedPort + "/")));
        }
    }

    @Test
    void rejectsOtherSchemes() {
        try (BlockingHttpClient client = new BlockingHttpClient()) {
            assertThrows(IllegalArgumentException.class, () -> client.get(URI.create("https://127.0.0.1:1/")));
        }
    }

    private static HttpServerCore echoServer() throws IOException {
        ServerStats stats = new ServerStats("virtual");
        Router router = Router.builder()
                .get("/echo/", request -> Response.ok(request.path() + " " + request.queryParam("q").orElse("-")))
                .build();
        return HttpServerCore.start(new ServerConfig("echo", 0, ExecutorMode.virtual()), router, stats);
    }
}
