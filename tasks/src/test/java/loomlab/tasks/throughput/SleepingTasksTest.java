package loomlab.tasks.throughput;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.IntStream;
import loomlab.threads.ExecutorMode;
import org.junit.jupiter.api.Test;

class SleepingTasksTest {

    @Test
    void slicesAddUpAndDifferByAtMostOne() {
        int[] slices = IntStream.range(0, 3).map(i -> SleepingTasks.slice(10, 3, i)).toArray();
        assertEquals(10, IntStream.of(slices).sum());
        assertEquals(4, IntStream.of(slices).max().orElseThrow());
        assertEquals(3, IntStream.of(slices).min().orElseThrow());
        assertEquals(1_000_000, IntStream.range(0, 7).map(i -> SleepingTasks.slice(1_000_000, 7, i)).sum());
    }

    @Test
    void parallelSubmittersRunEveryTaskAndCloseTheExecutor() {
        var executor = ExecutorMode.virtual().newExecutor("test");
        SleepingTasks.Timing timing = SleepingTasks.run(executor, 300, 0, 4);
        assertEquals(300, timing.completed());
        assertEquals(true, executor.isTerminated());
    }
}
