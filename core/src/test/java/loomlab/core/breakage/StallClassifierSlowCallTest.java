package loomlab.core.breakage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Which waiting thread may be named as a slow call: never the program's main thread parked in its
 * {@code main} method until the service closes, which every server has and which waits by design.
 */
class StallClassifierSlowCallTest {
    private static final StallClassifier.Context STALL =
            new StallClassifier.Context(StallClassifier.Trigger.STALL, 4, Set.of("shop"));

    /** A platform thread parked on a latch in the user's code, under the given name and bottom frame. */
    private static DumpedThread latchWaiter(String name, String bottom) {
        return new DumpedThread("3", name, "<root>", false, Thread.State.WAITING, null, List.of(
                "java.base/jdk.internal.misc.Unsafe.park(Native Method)",
                "java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:223)",
                "java.base/java.util.concurrent.CountDownLatch.await(CountDownLatch.java:230)",
                "shop.Server.awaitClosed(Server.java:9)", bottom),
                null, null, "java.util.concurrent.CountDownLatch$Sync@1b2c3d", null, List.of());
    }

    private static List<ThreadDump> twice(DumpedThread thread) {
        return List.of(new ThreadDump("25.0.1+8-LTS", List.of(thread), "1.json"),
                new ThreadDump("25.0.1+8-LTS", List.of(thread), "2.json"));
    }

    @Test
    void theMainThreadWaitingInMainForTheServerToCloseIsNoSlowCall() {
        DumpedThread main = latchWaiter("main", "shop.Main.main(Main.java:5)");
        assertTrue(StallClassifier.idle(main));
        assertEquals(java.util.Optional.empty(), StallClassifier.slowCall(twice(main), STALL));
        assertEquals(List.of(), StallClassifier.classify(twice(main), List.of(), STALL));
    }

    @Test
    void theSameWaitOnAnotherThreadIsASlowCallAtTheUsersFrame() {
        DumpedThread worker = latchWaiter("shop-worker-1", "java.base/java.lang.Thread.run(Thread.java:1474)");
        Breakage.SlowCall slow = assertInstanceOf(Breakage.SlowCall.class,
                StallClassifier.slowCall(twice(worker), STALL).orElseThrow());
        assertEquals("shop.Server.awaitClosed:9", slow.frame());
        assertEquals("shop-worker-1", slow.thread());
    }

    @Test
    void aThreadNamedMainOutsideItsMainMethodIsNotTakenForTheProgramsMain() {
        DumpedThread named = latchWaiter("main", "java.base/java.lang.Thread.run(Thread.java:1474)");
        assertTrue(StallClassifier.slowCall(twice(named), STALL).isPresent());
    }
}
