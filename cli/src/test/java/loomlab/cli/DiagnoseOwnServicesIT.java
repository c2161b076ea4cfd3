package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import loomlab.lab.report.Json;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code loomlab diagnose --pid} against services of the test's own that deadlock, real JVMs the test
 * starts on two carriers: {@code services/relay} on JDK 21, whose virtual threads wait pinned in Apache
 * HttpClient 4.5's connection pool (HTTPCORE-746); and {@code services/rates} on JDK 25, whose class
 * initialiser waits for tasks on virtual threads that wait for the class. Each is named a carrier deadlock,
 * exit 1, at the library's and the service's frames, with the known defect and what fixes it (for the
 * initialiser: no JDK release).
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class DiagnoseOwnServicesIT {
    @TempDir
    Path dir;

    private OwnService.Started service;
    private final List<Thread> clients = new ArrayList<>();
    private final AtomicBoolean loading = new AtomicBoolean(true);

    @AfterEach
    void stop() throws InterruptedException {
        loading.set(false);
        // The service goes first: a client of a deadlocked service waits in its request until the
        // connection closes.
        if (service != null) {
            service.stop();
        }
        for (Thread client : clients) {
            client.join(Duration.ofSeconds(10));
        }
    }

    /** Clients that send {@code path} again and again until the test ends; counts the answers. */
    private AtomicLong load(String path, int clientCount) {
        AtomicLong answered = new AtomicLong();
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        for (int i = 0; i < clientCount; i++) {
            clients.add(Thread.ofPlatform().daemon(true).start(() -> {
                while (loading.get()) {
                    try {
                        http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + service.port() + path))
                                .timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.discarding());
                        answered.incrementAndGet();
                    } catch (IOException | InterruptedException e) {
                        return; // a deadlocked service times out: the client tries no more
                    }
                }
            }));
        }
        return answered;
    }

    /** Waits until no answer came for two seconds (at most a minute); the test then checks it is hung. */
    private static void untilStill(AtomicLong answered) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        long before = -1;
        while (System.nanoTime() < deadline && answered.get() != before) {
            before = answered.get();
            Thread.sleep(2_000);
        }
    }

    private record Diagnosed(CliRun run, JsonNode arm) {
        JsonNode found() {
            return arm.path("found").get(0);
        }
    }

    private Diagnosed diagnose() throws IOException {
        Path out = dir.resolve("out");
        CliRun run = CliRun.of("diagnose", "--pid", Long.toString(service.process().pid()), "--out", out.toString());
        JsonNode arm = Json.mapper().readTree(out.resolve("results.json").toFile()).path("experiments").get(0)
                .path("arms").get(0);
        System.out.println(run.out());
        return new Diagnosed(run, arm);
    }

    private static JsonNode fix(JsonNode found, String id) {
        for (JsonNode fix : found.path("known_fixes")) {
            if (fix.path("id").asText().equals(id)) {
                return fix;
            }
        }
        throw new AssertionError("no known fix " + id + " in " + found.path("known_fixes"));
    }

    @Test
    void httpClient4sPoolDeadlocksJdk21sCarriersAndIsNamedWithThePoolsFrameAndTheServices() throws Exception {
        Path java = OwnService.java21();
        String libraries = OwnService.libraries(OwnService.RELAY_LIBRARIES, 4);
        Path classes = dir.resolve("classes");
        OwnService.compile("relay/RelayService.java", classes, libraries);
        service = OwnService.start(java, dir.resolve("relay.log"), Stream.concat(OwnService.TWO_CARRIERS.stream(),
                Stream.of("-cp", classes + ":" + libraries, "relay.RelayService", "--port", "0", "--threads", "virtual",
                        "--pool", "4")).toList());
        untilStill(load("/quote", 8));

        Diagnosed diagnosed = diagnose();
        assertEquals(1, diagnosed.run().exitCode(), diagnosed.run().out() + diagnosed.run().err());
        JsonNode found = diagnosed.found();
        assertEquals("carrier-deadlock", found.path("kind").asText(), diagnosed.arm().toString());
        assertEquals("hung", diagnosed.arm().path("stillness").path("verdict").asText());
        String named = found.path("frames").toString() + found.path("classification");
        assertTrue(named.contains("org.apache.http.pool.AbstractConnPool.getPoolEntryBlocking"),
                "the pool's frame, where the callers wait: " + found);
        assertTrue(named.contains("relay.RelayService.quote:"), "the service's frame: " + found);
        // The chain's link carries both: where the pinned thread waits, and the service's frame it came from.
        JsonNode link = found.path("classification").path("chain").path("links").path(0);
        assertTrue(link.path("frame").asText().startsWith("org.apache.http.pool.AbstractConnPool.getPoolEntryBlocking:"),
                link.toString());
        assertTrue(link.path("user_frame").asText().startsWith("relay.RelayService.quote:"), link.toString());
        JsonNode fix = fix(found, "httpclient4-pool-synchronized");
        assertEquals("4.4.16", fix.path("version_seen").asText(), fix.toString());
        assertEquals("affected", fix.path("status").asText(), fix.toString());
        assertTrue(diagnosed.run().out().contains("HTTPCORE-746"), diagnosed.run().out());
        assertTrue(service.process().isAlive(), "the JVM diagnosed runs on");
    }

    @Test
    void aClassInitialiserThatWaitsForVirtualThreadsDeadlocksJdk25AndNoJdkReleaseFixesIt() throws Exception {
        Path classes = dir.resolve("classes");
        OwnService.compile("rates/RatesService.java", classes, "");
        service = OwnService.start(OwnService.java25(), dir.resolve("rates.log"), Stream.concat(
                OwnService.TWO_CARRIERS.stream(), Stream.of("-cp", classes.toString(), "rates.RatesService", "--port",
                        "0")).toList());
        AtomicLong answered = load("/rate?EUR", 4);
        untilStill(answered);
        assertEquals(0, answered.get(), "the first request starts the initialiser, which never ends");

        Diagnosed diagnosed = diagnose();
        assertEquals(1, diagnosed.run().exitCode(), diagnosed.run().out() + diagnosed.run().err());
        JsonNode found = diagnosed.found();
        assertEquals("carrier-deadlock", found.path("kind").asText(), diagnosed.arm().toString());
        String named = found.path("frames").toString() + found.path("classification");
        assertTrue(named.contains("rates.RatesService$Rates.<clinit>"), "the initialiser: " + found);
        JsonNode fix = fix(found, "jdk-clinit-pins");
        assertTrue(fix.path("version_seen").asText().startsWith("25"), fix.toString());
        assertEquals("affected", fix.path("status").asText(), fix.toString());
        assertTrue(fix.path("fixed_in").isNull(), "no JDK release fixes it: " + fix);
        assertTrue(diagnosed.run().out().contains("no JDK release fixes it"), diagnosed.run().out());
    }
}
