package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import loomlab.blogposts.SampleBlogposts;
import loomlab.lab.database.ThrowawayPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The packaged Quarkus application as the lab runs it, against a real PostgreSQL the lab's own code
 * starts: its own JVM on port 0, datasource and a worker pool of ten passed as -D properties. Here
 * rather than beside the server: no module under servers/ depends on the lab (ArchitectureTest).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class QuarkusAppIT {
    private static final Pattern READY = Pattern.compile("listening on http://127\\.0\\.0\\.1:(\\d+)");
    private static final Duration READY_LIMIT = Duration.ofSeconds(120);
    private static final int POOL = 10;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private static ThrowawayPostgres database;
    private static Process standInParent;
    private static Process app;
    private static Path appLog;
    private static int port;

    @BeforeAll
    static void startDatabaseAndApp() throws Exception {
        Assumptions.assumeTrue(Lab.fromEnvironment().postgres().binariesAvailable(), "no PostgreSQL binaries on this machine");
        Path target = CliProcess.HOME.resolve("servers/quarkus/target");
        database = Lab.fromEnvironment().postgres().start(target);
        standInParent = new ProcessBuilder("sleep", "600").start();
        appLog = Files.createTempFile(target, "quarkus-it-", ".log");
        app = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dloomlab.parent.pid=" + standInParent.pid(),
                "-Djava.io.tmpdir=" + target.toAbsolutePath(), // Vert.x's cache: the build's, not /tmp
                "-Dquarkus.http.port=0",
                "-Dquarkus.datasource.jdbc.url=" + database.jdbcUrl(),
                "-Dquarkus.datasource.reactive.url=" + database.reactiveUri(),
                "-Dquarkus.datasource.username=" + database.user(),
                "-Dquarkus.datasource.password=" + database.password(),
                "-Dquarkus.thread-pool.max-threads=" + POOL,
                "-jar", target.resolve("quarkus-app/quarkus-run.jar").toString()))
                .redirectErrorStream(true)
                .redirectOutput(appLog.toFile())
                .start();
        port = awaitReadyPort();
    }

    @AfterAll
    static void stopEverything() throws IOException {
        if (app != null) {
            app.destroyForcibly();
        }
        if (standInParent != null) {
            standInParent.destroyForcibly();
        }
        if (database != null) {
            database.close();
        }
        if (appLog != null) {
            Files.deleteIfExists(appLog);
        }
    }

    @Test
    @Order(1)
    void everyAccessPathReturnsAllRowsAsAboutOnePointTwoMebibytes() throws Exception {
        int rows = SampleBlogposts.generate().size();
        String blocking = get("/sandbox/blocking/jdbc").body();
        for (String path : List.of("/sandbox/blocking/jdbc", "/sandbox/loom/jdbc", "/sandbox/reactive")) {
            String body = get(path).body();
            JsonNode posts = JSON.readTree(body);
            assertEquals(rows, posts.size(), path);
            assertEquals(1, posts.get(0).get("id").asLong(), path);
            double mebibytes = body.length() / (1024.0 * 1024.0);
            assertTrue(mebibytes > 1.15 && mebibytes < 1.25, path + ": " + mebibytes + " MiB");
            assertEquals(blocking, body, path + " differs from the blocking JDBC answer");
        }
    }

    @Test
    @Order(2)
    void slowVariantsWaitTwoSecondsUnlessToldOtherwise() throws Exception {
        long started = System.nanoTime();
        assertEquals(200, get("/sandbox/loom/jdbc-slow").statusCode());
        assertTrue(Duration.ofNanos(System.nanoTime() - started).compareTo(Duration.ofSeconds(2)) >= 0);
        for (String path : List.of("/sandbox/blocking/jdbc-slow", "/sandbox/reactive-slow")) {
            assertEquals(200, get(path + "?sleepMs=10").statusCode(), path);
        }
    }

    @Test
    @Order(3)
    void theWorkerPoolCapsConcurrencyWhileVirtualThreadsDoNot() throws Exception {
        burst("/sandbox/blocking/jdbc-slow?sleepMs=1000", 2 * POOL);
        assertTrue(stats().get("peakInFlight").asInt() <= POOL, stats().toString());

        burst("/sandbox/loom/jdbc-slow?sleepMs=1000", 2 * POOL);
        JsonNode stats = stats();
        assertTrue(stats.get("peakInFlight").asInt() > POOL, stats.toString());
        assertTrue(stats.get("requestsServed").asLong() >= 4L * POOL + 5, stats.toString());
        assertTrue(stats.get("liveThreads").asInt() > 0 && stats.get("peakThreads").asInt() > 0, stats.toString());
        JsonNode wait = stats.get("connectionWait");
        assertTrue(wait.get("acquisitions").asLong() >= 4L * POOL, stats.toString());
        assertTrue(wait.get("maxMs").asDouble() >= wait.get("averageMs").asDouble(), stats.toString());
    }

    @Test
    @Order(4)
    void answersStatsInTheOneShapeOfEveryServerUnderTestWithItsPoolsWait() throws Exception {
        JsonNode stats = stats();
        java.util.List<String> keys = new java.util.ArrayList<>();
        stats.fieldNames().forEachRemaining(keys::add);
        assertEquals(loomlab.http.StatsShape.KEYS, keys, stats.toString());
        java.util.List<String> waitKeys = new java.util.ArrayList<>();
        stats.get("connectionWait").fieldNames().forEachRemaining(waitKeys::add);
        assertEquals(loomlab.http.StatsShape.CONNECTION_WAIT_KEYS, waitKeys, stats.toString());
        assertTrue(stats.get("connectionWait").get("acquisitions").asLong() > 0, stats.toString());
    }

    @Test
    @Order(5)
    void exitsOnceTheProcessThatStartedItIsGone() throws Exception {
        standInParent.destroy();
        assertTrue(app.waitFor(15, TimeUnit.SECONDS), "the application outlived its parent");
    }

    private static void burst(String path, int count) throws Exception {
        try (var senders = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<HttpResponse<String>>> responses = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                responses.add(senders.submit(() -> get(path)));
            }
            for (Future<HttpResponse<String>> response : responses) {
                assertEquals(200, response.get().statusCode(), path);
            }
        }
    }

    private static JsonNode stats() throws Exception {
        return JSON.readTree(get("/stats").body());
    }

    private static HttpResponse<String> get(String path) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(60))
                .build();
        return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private static int awaitReadyPort() throws Exception {
        long deadline = System.nanoTime() + READY_LIMIT.toNanos();
        while (System.nanoTime() < deadline) {
            for (String line : Files.readAllLines(appLog)) {
                Matcher ready = READY.matcher(line);
                if (ready.matches()) {
                    return Integer.parseInt(ready.group(1));
                }
            }
            if (!app.isAlive()) {
                throw new AssertionError("the application exited: " + Files.readString(appLog));
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no readiness line within " + READY_LIMIT + ": " + Files.readString(appLog));
    }
}
