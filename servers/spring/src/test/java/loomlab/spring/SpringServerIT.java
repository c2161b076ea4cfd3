package loomlab.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import loomlab.downstream.Downstream;
import loomlab.http.StatsShape;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class SpringServerIT {
    private static final int WAIT_MILLIS = 300;
    private static final Duration ONE_WAVE = Duration.ofMillis(WAIT_MILLIS);
    private static final int POOL = 10;
    private static final int CLIENTS = 2 * POOL;
    private static final String WAIT_PATH = "/blocking-ms/" + WAIT_MILLIS;

    @Test
    void answersHelloAndShortWaitsOnPlatformThreads() throws Exception {
        try (var server = RunningSpringServer.start("--server.tomcat.threads.max=" + POOL)) {
            assertEquals("hello", server.get("/hello").body());
            assertEquals("slept 20 ms on a platform thread\n", server.get("/blocking-ms/20").body());
            assertEquals(400, server.get("/blocking-ms/-1").statusCode());
            assertEquals("1000\n", server.get("/cpu/1000").body());
            assertEquals(400, server.get("/cpu/-1").statusCode());
            assertEquals(5, server.statsOnceServed(5).get("requestsServed").asLong(), "the refused ones count too");
        }
    }

    @Test
    void answersStatsInTheOneShapeOfEveryServerUnderTest() throws Exception {
        try (var server = RunningSpringServer.start("--server.tomcat.threads.max=" + POOL)) {
            JsonNode stats = server.stats();
            List<String> keys = new ArrayList<>();
            stats.propertyNames().forEach(keys::add);
            assertEquals(StatsShape.KEYS, keys, stats.toString());
            assertTrue(stats.get("connectionWait").isNull(), "Spring here does not measure its pool's wait");
            assertTrue(stats.get("peakThreads").asInt() >= stats.get("liveThreads").asInt() - 1, stats.toString());
        }
    }

    @Test
    void aPoolOfTenServesTwentyWaitsInTwoWaves() throws Exception {
        try (var server = RunningSpringServer.start("--server.tomcat.threads.max=" + POOL)) {
            Duration elapsed = server.burst(WAIT_PATH, CLIENTS);

            JsonNode stats = server.statsOnceServed(CLIENTS);
            assertTrue(stats.get("peakInFlight").asInt() <= POOL, stats.toString());
            assertEquals(CLIENTS, stats.get("requestsServed").asLong());
            // Ten threads cannot finish twenty waits in less than two waves; the upper bound is loose.
            assertTrue(elapsed.compareTo(ONE_WAVE.multipliedBy(2)) >= 0, "took " + elapsed);
            assertTrue(elapsed.compareTo(ONE_WAVE.multipliedBy(20)) < 0, "took " + elapsed);
        }
    }

    @Test
    void virtualThreadsServeTwentyWaitsInAboutOneWave() throws Exception {
        try (var server = RunningSpringServer.start("--server.tomcat.threads.max=" + POOL,
                "--spring.threads.virtual.enabled=true")) {
            assertEquals("slept 20 ms on a virtual thread\n", server.get("/blocking-ms/20").body());
            Duration elapsed = server.burst(WAIT_PATH, CLIENTS);

            JsonNode stats = server.stats();
            // The pool setting no longer caps concurrency: more than ten waits overlap.
            assertTrue(stats.get("peakInFlight").asInt() > POOL, stats.toString());
            assertTrue(elapsed.compareTo(ONE_WAVE) >= 0, "took " + elapsed);
            // Ideally one wave; the slack absorbs a busy machine without hiding a pool-bound server.
            assertTrue(elapsed.compareTo(ONE_WAVE.multipliedBy(3)) < 0, "three waves or more: " + elapsed);
        }
    }

    @Test
    void callsTheLabsDownstreamServiceWithTheDelay() throws Exception {
        try (Downstream downstream = Downstream.start(0, 5);
             var server = RunningSpringServer.start("--loomlab.downstream=" + downstream.baseUri())) {
            assertEquals("waited 7 ms\n", server.get("/downstream?delay=7").body());
            assertEquals("waited 5 ms\n", server.get("/downstream").body(), "the downstream's default delay");
            assertEquals(400, server.get("/downstream?delay=-7").statusCode());
            assertEquals(2, downstream.stats().requestsServed());
        }
    }
}
