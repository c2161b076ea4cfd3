package loomlab.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Each benchmark body, called directly with tiny parameters, completes every task. */
class LoomBenchmarkTest {

    @Test
    void everyBenchmarkCompletesAllTasks() {
        LoomBenchmark benchmark = new LoomBenchmark();
        benchmark.tasks = 50;
        benchmark.sleepMs = 5;
        assertEquals(50, benchmark.platformThreadPerTask());
        assertEquals(50, benchmark.platformThreadPool());
        assertEquals(50, benchmark.virtualThreadPerTask());
    }
}
