package loomlab.threads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ExecutorModeTest {
    @Test
    void parsesEverySpellingAndPrintsItBack() {
        for (String text : List.of("platform:10", "cached", "per-task", "virtual", "virtual:5")) {
            assertEquals(text, ExecutorMode.parse(text).toString());
        }
        assertEquals(10, ExecutorMode.parse("platform:10").concurrencyLimit());
        assertEquals(Integer.MAX_VALUE, ExecutorMode.parse("virtual").concurrencyLimit());
        assertEquals(5, ExecutorMode.parse(" virtual:5 ").concurrencyLimit());
    }

    @Test
    void rejectsWithOneLineThatNamesTheChoices() {
        assertMessage("green", "unknown executor mode 'green'; choose one of: " + ExecutorMode.CHOICES);
        assertMessage("platform", "executor mode 'platform' needs a pool size, e.g. platform:10");
        assertMessage("platform:0", "executor mode 'platform:0': the size must be at least 1");
        assertMessage("platform:-3", "executor mode 'platform:-3': the size must be at least 1");
        assertMessage("platform:ten", "executor mode 'platform:ten': 'ten' is not a whole number");
        assertMessage("cached:4", "executor mode 'cached' takes no size; choose one of: " + ExecutorMode.CHOICES);
        assertMessage("", "empty executor mode; choose one of: " + ExecutorMode.CHOICES);
    }

    @Test
    void boundedVirtualRunsAtMostNAtOnce() throws Exception {
        ExecutorService executor = ExecutorMode.parse("virtual:3").newExecutor("test");
        AtomicInteger running = new AtomicInteger();
        AtomicInteger peak = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(30);
        for (int i = 0; i < 30; i++) {
            executor.execute(() -> {
                peak.accumulateAndGet(running.incrementAndGet(), Math::max);
                Thread.yield();
                running.decrementAndGet();
                done.countDown();
            });
        }
        assertTrue(done.await(30, TimeUnit.SECONDS));
        executor.shutdown();
        assertTrue(peak.get() <= 3, "peak " + peak.get());
    }

    @Test
    void everyModelBuildsAWorkingExecutor() throws Exception {
        for (String text : List.of("platform:2", "cached", "per-task", "virtual", "virtual:2")) {
            try (ExecutorService executor = ExecutorMode.parse(text).newExecutor("t")) {
                assertEquals(text, executor.submit(() -> text).get(30, TimeUnit.SECONDS));
            }
        }
    }

    private static void assertMessage(String text, String message) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, () -> ExecutorMode.parse(text)).getMessage());
    }
}
