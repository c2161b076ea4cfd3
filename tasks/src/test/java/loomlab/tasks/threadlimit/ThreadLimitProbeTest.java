package loomlab.tasks.threadlimit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ThreadLimitProbeTest {
    private static final long MINUTE = TimeUnit.MINUTES.toNanos(1);

    @Test
    void stopsAtTheCapWithVirtualThreads() throws InterruptedException {
        assertCapReached(task -> Thread.ofVirtual().start(task));
    }

    @Test
    void stopsAtTheCapWithPlatformThreads() throws InterruptedException {
        assertCapReached(task -> Thread.ofPlatform().daemon().start(task));
    }

    private static void assertCapReached(ThreadLimitProbe.Starter starter) throws InterruptedException {
        ThreadLimitProbe probe = new ThreadLimitProbe();
        try {
            ThreadLimitProbe.Outcome outcome = probe.run(starter, 500, MINUTE);
            assertEquals(500, outcome.started());
            assertEquals(ThreadLimitProbe.StopReason.CAP, outcome.stoppedBy());
            assertNull(outcome.error());
        } finally {
            probe.releaseAndJoin();
        }
    }

    @Test
    void recordsTheErrorThatStopsThreadCreation() throws InterruptedException {
        AtomicInteger calls = new AtomicInteger();
        ThreadLimitProbe probe = new ThreadLimitProbe();
        ThreadLimitProbe.Outcome outcome = probe.run(task -> {
            if (calls.incrementAndGet() > 7) {
                throw new OutOfMemoryError("unable to create native thread: possibly out of memory");
            }
            return Thread.ofVirtual().start(task);
        }, 100, MINUTE);
        probe.releaseAndJoin();
        assertEquals(7, outcome.started());
        assertEquals(ThreadLimitProbe.StopReason.ERROR, outcome.stoppedBy());
        assertEquals("java.lang.OutOfMemoryError: unable to create native thread: possibly out of memory", outcome.error());
    }

    @Test
    void stopsAtTheDeadline() throws InterruptedException {
        ThreadLimitProbe probe = new ThreadLimitProbe();
        ThreadLimitProbe.Outcome outcome = probe.run(task -> Thread.ofVirtual().start(task), 100, 0);
        probe.releaseAndJoin();
        assertEquals(0, outcome.started());
        assertEquals(ThreadLimitProbe.StopReason.TIME, outcome.stoppedBy());
    }
}
