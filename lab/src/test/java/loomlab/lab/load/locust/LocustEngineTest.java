package loomlab.lab.load.locust;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import loomlab.core.arm.DistributedLoad.WorkerLoad;
import loomlab.core.arm.ErrorCounts;
import loomlab.core.arm.GeneratorUsage;
import loomlab.core.arm.HttpMeasurement;
import loomlab.core.arm.Latency;
import loomlab.core.arm.LoadModel;
import loomlab.core.arm.WeightedRequest;
import loomlab.core.bound.Pause;
import org.junit.jupiter.api.Test;

/** A Locust run's statistics as an arm's measurement: figures, workers, Locust's own CPU, the note. */
class LocustEngineTest {
    private static final LocustArm TIMED = new LocustArm("mix", URI.create("http://127.0.0.1:1"),
            List.of(WeightedRequest.get("/a")), 10, 0, Duration.ofSeconds(3), Pause.fixed(Duration.ofMillis(10)),
            Duration.ofSeconds(60));

    @Test
    void theMeasurementIsLocustsClosedModelWithEachWorkersCount() {
        LocustStatistics run = LocustStatisticsTest.read("mixed", Set.of("local-1", "local-2"));
        HttpMeasurement measured = LocustEngine.measurement(run, TIMED, LocustWorkers.local(2), 400);
        assertEquals("locust", measured.engine());
        assertEquals(LoadModel.CLOSED, measured.loadModel());
        assertEquals(1333, measured.requests());
        assertEquals(1333 / 3.0227861630000916, measured.throughputRps(), 1e-9);
        assertEquals(new ErrorCounts(0, 0, 289, 0), measured.errorsByKind());
        assertEquals(1333 - 289, measured.successfulRequests());
        assertEquals(400, measured.warmupRequests());
        assertEquals(2, measured.distributed().workers());
        assertEquals(1333, measured.distributed().requests(), "the workers' own counts add up to Locust's");
        assertTrue(measured.distributed().note().startsWith("Locust 2.47.0 (FastHttpUser), 2 worker(s): 2 local."
                + " Percentiles are Locust's, approximated"), measured.distributed().note());
        assertTrue(measured.distributed().note().endsWith("; each user pauses 0.01 s after every answer (constant"
                + " wait time)."), measured.distributed().note());
        assertEquals(0.01 + 0.2 + 0.21, measured.generator().cpuS(), 1e-9, "master and both workers");
        assertEquals(measured.generator().cpuS(), measured.generator().processCpuS(), 1e-9, "all on this machine");
    }

    @Test
    void onlyTheMasterAndLocalWorkersCompeteWithTheServerAndABusyWorkerIsSaturated() {
        Latency none = Latency.UNKNOWN;
        LocustStatistics run = new LocustStatistics(100, ErrorCounts.NONE, none, 2.0, List.of(
                new WorkerLoad("local-1", "lab", 40, 0, 2.0, 0.5, true),
                new WorkerLoad("web-1", "web-1", 60, 0, 2.0, 1.9, false)), 0.1);
        GeneratorUsage usage = LocustEngine.usage(run);
        assertEquals(2.5, usage.cpuS(), 1e-9);
        assertEquals(0.6, usage.processCpuS(), 1e-9);
        assertEquals(0.95, usage.utilisation(), 1e-9);
        assertTrue(usage.saturated());
        GeneratorUsage calm = LocustEngine.usage(new LocustStatistics(100, ErrorCounts.NONE, none, 2.0, List.of(
                new WorkerLoad("local-1", "lab", 100, 0, 2.0, 0.2, true)), null));
        assertFalse(calm.saturated());
        assertEquals(0.2, calm.processCpuS(), 1e-9);
    }

    @Test
    void theNoteSaysHowACountAndSiegesPauseWereRun() {
        LocustArm counted = new LocustArm("c", URI.create("http://h:1"), List.of(WeightedRequest.get("/a")), 4, 40,
                null, new Pause(Duration.ofSeconds(1), Pause.Model.UNIFORM_BEFORE_REQUEST), Duration.ofSeconds(60));
        String note = LocustEngine.note(counted, LocustWorkers.local(1));
        assertTrue(note.contains("; each worker stops after its share of the 40 requests, in proportion to its users"
                + " (Locust has no stop after a count); each user waits a random 0 to 1.0 s before every request."), note);
    }
}
