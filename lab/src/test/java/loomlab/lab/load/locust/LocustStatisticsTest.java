package loomlab.lab.load.locust;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import loomlab.core.arm.DistributedLoad.WorkerLoad;
import loomlab.core.arm.ErrorCounts;
import org.junit.jupiter.api.Test;

/**
 * Locust's statistics read into the lab's terms, from files of real Locust 2.47.0 runs with this
 * locustfile (master and local workers against loomcat): 200 requests by 20 users with 2 workers,
 * 3 s of a weighted mix with a 404 path, a refused port, and requests past a 0.3 s timeout.
 */
class LocustStatisticsTest {
    @Test
    void aCountedRunHasEachWorkersShareAndTheLongestWorkersTime() {
        LocustStatistics run = read("counted", Set.of("local-1", "local-2"));
        assertEquals(200, run.sent());
        assertEquals(200, run.responses());
        assertEquals(ErrorCounts.NONE, run.errors());
        assertEquals(53.749378184993475, run.latency().mean());
        assertEquals(51.0, run.latency().p50());
        assertEquals(75.0, run.latency().p90());
        assertEquals(78.0, run.latency().p99());
        assertEquals(78.0, run.latency().p999());
        assertEquals(78.07264900020527, run.latency().max(), "the exact maximum, not the rounded 100 % column");
        assertEquals(0.5433478639997702, run.elapsedS(), "the longer of the two workers' times");
        assertEquals(List.of("local-2", "local-1"), run.workers().stream().map(WorkerLoad::name).toList());
        assertEquals(List.of(100L, 100L), run.workers().stream().map(WorkerLoad::requests).toList());
        assertTrue(run.workers().stream().allMatch(WorkerLoad::local));
        assertEquals(0.0, run.masterCpuS());
    }

    @Test
    void statusErrorsAreAnswersAndCountAsRequests() {
        LocustStatistics run = read("mixed", Set.of("local-1"));
        assertEquals(1333, run.sent());
        assertEquals(new ErrorCounts(0, 0, 289, 0), run.errors());
        assertEquals(1333, run.responses(), "a 404 is a whole response");
        assertEquals(List.of(true, false), run.workers().stream().map(WorkerLoad::local).toList().reversed());
        assertEquals(1333, run.workers().stream().mapToLong(WorkerLoad::requests).sum());
        assertEquals(289, run.workers().stream().mapToLong(WorkerLoad::failures).sum());
        assertEquals(3.0227861630000916, run.elapsedS());
    }

    @Test
    void refusedAndTimedOutRequestsAreNotResponses() {
        LocustStatistics refused = read("refused", Set.of("local-1"));
        assertEquals(new ErrorCounts(40, 0, 0, 0), refused.errors());
        assertEquals(0, refused.responses());
        LocustStatistics timedOut = read("timeout", Set.of("local-1"));
        assertEquals(new ErrorCounts(0, 8, 0, 0), timedOut.errors());
        assertEquals(0, timedOut.responses());
        assertEquals(300.0, timedOut.latency().p50(), "a timed-out request counts at its timeout, rounded by Locust");
    }

    @Test
    void failuresAreSortedIntoTheLabsKinds() {
        assertEquals(LocustStatistics.Kind.STATUS, LocustStatistics.kind("LocustBadStatusCode(code=503)"));
        assertEquals(LocustStatistics.Kind.CONNECT,
                LocustStatistics.kind("ConnectionRefusedError(111, 'Connection refused')"));
        assertEquals(LocustStatistics.Kind.TIMEOUT,
                LocustStatistics.kind("RetriesExceeded('http://h/x', 0, original=timed out)"));
        assertEquals(LocustStatistics.Kind.BROKEN,
                LocustStatistics.kind("ConnectionResetError(104, 'Connection reset by peer')"));
        assertEquals(ErrorCounts.NONE, LocustStatistics.errors(""));
    }

    @Test
    void aRunWithoutTheStartSignalOrTheAggregatedRowIsNotAMeasurement() {
        String stats = text("counted/arm_stats.csv");
        IllegalStateException neverStarted = assertThrows(IllegalStateException.class, () -> LocustStatistics.read(
                stats, "", "{\"started\": false, \"workers\": []}", Set.of()));
        assertEquals("the master never gave its workers the start signal", neverStarted.getMessage());
        IllegalStateException noTotal = assertThrows(IllegalStateException.class, () -> LocustStatistics.read(
                stats.lines().limit(2).reduce("", (a, b) -> a + b + "\n"), "", text("counted/summary.json"), Set.of()));
        assertEquals("Locust's statistics have no Aggregated row", noTotal.getMessage());
    }

    @Test
    void percentilesLocustCouldNotComputeAreNull() {
        String header = text("counted/arm_stats.csv").lines().findFirst().orElseThrow();
        String empty = header + "\n,Aggregated,0,0,0,0.0,0,0,0.0,0.0,0.0,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A\n";
        LocustStatistics run = LocustStatistics.read(empty, "", text("counted/summary.json"), Set.of());
        assertNull(run.latency().p99());
        assertEquals(0, run.sent());
        assertFalse(run.workers().isEmpty());
    }

    @Test
    void quotedCsvFieldsKeepTheirCommasAndQuotes() {
        assertEquals(List.of(List.of("GET", "/a", "Error(1, 'x, y')", "2"), List.of("a\"b", "")),
                Csv.rows("GET,/a,\"Error(1, 'x, y')\",2\r\n\"a\"\"b\",\n"));
    }

    static LocustStatistics read(String run, Set<String> local) {
        return LocustStatistics.read(text(run + "/arm_stats.csv"), text(run + "/arm_failures.csv"),
                text(run + "/summary.json"), local);
    }

    static String text(String resource) {
        try (InputStream in = LocustStatisticsTest.class.getResourceAsStream("/locust/" + resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
