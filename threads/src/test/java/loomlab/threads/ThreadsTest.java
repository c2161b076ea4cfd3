package loomlab.threads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.EnumSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class ThreadsTest {
    @Test
    void eachSpellingParsesBackToItsThreads() {
        for (Threads threads : Threads.values()) {
            assertEquals(threads, Threads.parse(threads.id()));
            assertEquals(threads.id(), threads.toString());
        }
        assertEquals("event-loop", Threads.EVENT_LOOP.id(), "results.json's spelling");
    }

    @Test
    void aWordThatIsNoThreadsSaysSoInOneLineNamingTheValidWords() {
        assertEquals("unknown threads 'green'; choose one of: platform, virtual, event-loop",
                assertThrows(IllegalArgumentException.class, () -> Threads.parse("green")).getMessage());
        assertEquals("unknown threads 'null'; choose one of: platform, virtual, event-loop",
                assertThrows(IllegalArgumentException.class, () -> Threads.parse(null)).getMessage());
        // Reversed: a program that starts threads takes no event loop, and names only what it takes.
        assertEquals("unknown threads 'event-loop'; choose one of: platform, virtual",
                assertThrows(IllegalArgumentException.class, () -> Threads.parse("event-loop",
                        EnumSet.of(Threads.PLATFORM, Threads.VIRTUAL))).getMessage());
        assertEquals(Threads.VIRTUAL, Threads.parse("virtual", EnumSet.of(Threads.PLATFORM, Threads.VIRTUAL)));
    }

    @Test
    void anExecutorSaysTheThreadsItsTasksRunOn() throws Exception {
        for (String spelling : new String[] {"platform:2", "cached", "per-task", "virtual", "virtual:2"}) {
            ExecutorMode mode = ExecutorMode.parse(spelling);
            try (ExecutorService executor = mode.newExecutor("threads-test")) {
                Future<Threads> ran = executor.submit(() -> Threads.of(Thread.currentThread()));
                assertEquals(ran.get(), mode.threads(), spelling);
                assertEquals(ran.get() == Threads.VIRTUAL, mode.isVirtual(), spelling);
            }
        }
    }
}
