package loomlab.lab.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.List;
import loomlab.core.arm.DeadlockEvidence;
import org.junit.jupiter.api.Test;

/** Thread dumps captured from real JVMs: JDK 21 deadlocked, JDK 25 pinned in a class initializer. */
class ThreadDumpTest {
    private static final Path DUMPS = Path.of("src/test/resources/dumps");

    @Test
    void aJdk21DeadlockShowsEveryCarrierPinnedByAWaiterAndTheLock() throws Exception {
        DeadlockEvidence evidence = ThreadDump.read(DUMPS.resolve("deadlock-jdk21.json"));
        assertEquals(2, evidence.carriers());
        assertEquals(2, evidence.pinnedCarriers());
        assertEquals(2, evidence.waitingVirtualThreads());
        assertEquals(List.of("java.util.concurrent.locks.ReentrantLock"), evidence.locks());
    }

    @Test
    void aJdk25DumpMarksVirtualThreadsAndTheirPinnedParkWithoutALock() throws Exception {
        DeadlockEvidence evidence = ThreadDump.read(DUMPS.resolve("class-init-jdk25.json"));
        assertEquals(2, evidence.carriers());
        assertEquals(1, evidence.pinnedCarriers(), "the one class initializer that sleeps, pinned");
        assertEquals(0, evidence.waitingVirtualThreads());
        assertEquals(List.of(), evidence.locks());
    }

    @Test
    void theLockIsTheFirstLockFrameAboveTheQueueMachinery() {
        assertEquals("java.util.concurrent.locks.ReentrantLock", ThreadDump.lockWaitedFor(List.of(
                "jdk.internal.misc.Unsafe.park(Native Method)", "java.util.concurrent.locks.LockSupport.park(x)",
                "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(x)",
                "java.util.concurrent.locks.ReentrantLock$Sync.lock(x)", "java.util.concurrent.locks.ReentrantLock.lock(x)")));
        assertNull(ThreadDump.lockWaitedFor(List.of("java.lang.Thread.sleep(x)")));
    }
}
