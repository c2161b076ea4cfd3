package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The project's Spring Boot application as a user's jar: recognised from its manifest, switched
 * with Spring's properties, its 50 ms blocking path assessed on a pool of 10 and on virtual
 * threads. Ratios are generous: the machine is shared.
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class AssessSpringJarIT {
    @TempDir
    Path out;

    @Test
    void aPoolOfTenCarriesAboutTenOverWAndVirtualThreadsClearlyMore() throws Exception {
        AssessRun.requireBuilt(AssessRun.SPRING);
        // A target the pool's 16-user curve meets (16 users queue behind 10 threads: about 200 ms), so the
        // search starts near the pool's rate; four steps find where it fails, and take virtual threads past
        // the pool's bracket even from a loaded machine's low start, which three steps may not.
        AssessRun run = AssessRun.withSearchSteps(4, out, "--jar", AssessRun.SPRING.toString(), "--path", "/blocking-ms/50",
                "--pool", "10", "--slo-p99", "300");
        assertEquals(0, run.cli().exitCode(), run.cli().err());
        assertEquals(2, run.arms().size());

        JsonNode platform = run.arm("platform:10");
        assertEquals("spring-properties", platform.path("switched_by").path("kind").asText());
        assertEquals("[\"--spring.threads.virtual.enabled=false\",\"--server.tomcat.threads.max=10\"]",
                platform.path("switched_by").path("arguments").toString());
        assertEquals(2, platform.path("curve").size(), "the test profile's users: 1 and 16");
        assertEquals("the actual send", platform.path("curve_latency_from").asText());
        double platformCapacity = platform.path("capacity_rps").asDouble();
        // 10 threads each holding a request 50 ms: they serve at most 200 req/s, and a loaded machine gets
        // less. An open-model step of T = 1.5 s offered above that still passes while the queue it builds,
        // (rate - 200) x T requests, waits less than the target: (rate - 200) x T / 200 + 50 ms <= 300 ms
        // up to about 233 req/s, and Poisson arrivals offer a little more or less than their rate.
        assertTrue(platformCapacity > 60 && platformCapacity <= 250, "platform capacity " + platformCapacity);
        assertTrue(platform.path("capacity_steps").size() >= 3, platform.path("capacity_steps").toString());

        JsonNode virtual = run.arm("virtual");
        assertEquals("[\"--spring.threads.virtual.enabled=true\"]", virtual.path("switched_by").path("arguments")
                .toString());
        double virtualCapacity = virtual.path("capacity_rps").asDouble();
        assertTrue(virtualCapacity > 1.5 * platformCapacity, virtualCapacity + " against " + platformCapacity);
        // A stall the watchdog caught may open the verdict; the comparison is its own paragraph, and the
        // headline. One run measures no spread: it names no lead, whether the brackets lay apart or, on a loaded
        // machine whose search stopped short, overlapped.
        assertTrue(run.verdict().toLowerCase(java.util.Locale.ROOT).contains("one run: spread not measured"),
                run.verdict());
        assertFalse(run.verdict().contains("carried more"), run.verdict());
        assertTrue(run.headline().contains("one run: spread not measured"), run.headline());

        for (JsonNode arm : run.arms()) {
            assertTrue(arm.path("peak_rss_mb").asDouble() > 50, arm.path("name") + " RSS");
            assertTrue(arm.path("peak_threads").asLong() > 5, arm.path("name") + " threads");
            assertTrue(arm.path("cpu_per_request_ms").asDouble() > 0, arm.path("name") + " CPU");
            assertTrue(arm.path("gc_pause_ms_whole_run").isNumber(), "the flight recording was read: " + arm.path("name"));
            // Issue 41, items 5 and 6: each step's window on the wall clock, what its CPU served, and what the
            // recording held inside it (a fresh Spring JVM compiles through its first steps).
            long compilations = 0;
            for (JsonNode step : arm.path("capacity_steps")) {
                assertTrue(step.path("window").path("opened").isTextual(), step.toString());
                assertTrue(step.path("served").path("answered").asLong() > 0, step.toString());
                assertTrue(step.path("recorded").path("collections").isNumber(), step.toString());
                assertTrue(step.path("gc_ms_per_thousand_requests").isNumber(), step.toString());
                compilations += step.path("recorded").path("compilations").asLong();
            }
            assertTrue(compilations > 0, "jdk.Compilation recorded inside the steps' windows: " + arm.path("name"));
            assertEquals(0, arm.path("pinned_events").asLong(), "a sleep pins nothing on JDK 25");
            assertTrue(arm.path("failure").isNull());
        }
        String report = Files.readString(out.resolve("report.html"));
        assertTrue(report.contains("Throughput against users") && report.contains("p99 against offered rate"));
        assertFalse(Files.readString(out.resolve("summary.md")).isBlank());
        AssessRun.nothingLeftBehind();
    }
}
