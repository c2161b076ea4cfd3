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
    /** A stall with fewer requests outstanding than the pool of 3 below has threads. */
    private static final StallClassifier.Context STALL_FEW =
            new StallClassifier.Context(StallClassifier.Trigger.STALL, 2, Set.of("shop"));

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

    /** A pool thread asleep in the user's code, or waiting for a task when {@code idle}. */
    private static DumpedThread poolThread(int n, boolean idle) {
        List<String> frames = idle ? List.of("java.base/jdk.internal.misc.Unsafe.park(Native Method)",
                "java.base/java.util.concurrent.LinkedBlockingQueue.take(LinkedBlockingQueue.java:435)",
                "java.base/java.util.concurrent.ThreadPoolExecutor.getTask(ThreadPoolExecutor.java:1070)")
                : List.of("java.base/java.lang.Thread.sleep(Thread.java:509)", "shop.ShopService.pay(ShopService.java:74)",
                "java.base/java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1144)");
        return new DumpedThread(Integer.toString(20 + n), "pool-1-thread-" + n, "<root>", false,
                Thread.State.TIMED_WAITING, null, frames, null, null, null, null, List.of());
    }

    private static ThreadDump dumpOf(int atWork, int idle) {
        List<DumpedThread> threads = new java.util.ArrayList<>();
        for (int n = 1; n <= atWork + idle; n++) {
            threads.add(poolThread(n, n > atWork));
        }
        return new ThreadDump("25.0.1+8-LTS", threads, "d.json");
    }

    /**
     * A stall in a pool of 4 whose 4 threads were all in the service's code in one dump: none stands out,
     * and the lab says so. Reversed: with one of them waiting for a task in every dump, it does not.
     */
    @Test
    void aPoolWithEveryThreadAtWorkInADumpIsSaidToBeFullyBusy() {
        StallClassifier.Context pool4 = new StallClassifier.Context(StallClassifier.Trigger.STALL, 6, Set.of("shop"), 4, 2);
        assertEquals(java.util.OptionalInt.of(4),
                StallClassifier.poolFullyBusy(List.of(dumpOf(3, 1), dumpOf(4, 0)), pool4));
        assertEquals(java.util.OptionalInt.empty(),
                StallClassifier.poolFullyBusy(List.of(dumpOf(3, 1), dumpOf(3, 1)), pool4));
        // Virtual threads have no pool to fill, and a hang has reasons of its own.
        assertEquals(java.util.OptionalInt.empty(), StallClassifier.poolFullyBusy(List.of(dumpOf(4, 0)),
                new StallClassifier.Context(StallClassifier.Trigger.STALL, 6, Set.of("shop"), null, 2)));
        assertEquals(java.util.OptionalInt.empty(), StallClassifier.poolFullyBusy(List.of(dumpOf(4, 0)),
                new StallClassifier.Context(StallClassifier.Trigger.HANG, 6, Set.of("shop"), 4, 2)));
    }

    @Test
    void aThreadNamedMainOutsideItsMainMethodIsNotTakenForTheProgramsMain() {
        DumpedThread named = latchWaiter("main", "java.base/java.lang.Thread.run(Thread.java:1474)");
        assertTrue(StallClassifier.slowCall(twice(named), STALL).isPresent());
    }

    /**
     * Dumps taken from outside: a thread on a shutdown latch serves no request and is no slow call, though
     * the lab names it when it explains a stalled request. Reversed: a request thread of Tomcat's at the
     * same wait is one.
     */
    @Test
    void fromOutsideOnlyARequestThreadMakesASlowCall() {
        StallClassifier.Context observed = StallClassifier.Context.observed(Set.of());
        DumpedThread latch = latchWaiter("shutdown-waiter", "java.base/java.lang.Thread.run(Thread.java:1474)");
        assertEquals(java.util.Optional.empty(), StallClassifier.slowCall(twice(latch), observed));
        assertTrue(StallClassifier.slowCall(twice(latch), STALL).isPresent());

        DumpedThread request = new DumpedThread("3", "http-nio-8080-exec-1", "<root>", false, Thread.State.WAITING, null,
                List.of("jdk.internal.misc.Unsafe.park(Native Method)",
                        "java.util.concurrent.locks.LockSupport.park(LockSupport.java:223)",
                        "java.util.concurrent.CountDownLatch.await(CountDownLatch.java:230)",
                        "shop.Orders.awaitStock(Orders.java:40)",
                        "org.apache.catalina.core.ApplicationFilterChain.doFilter(ApplicationFilterChain.java:138)",
                        "java.lang.Thread.run(Thread.java:1583)"),
                null, null, "java.util.concurrent.CountDownLatch$Sync@1b2c3d", null, List.of());
        Breakage.SlowCall slow = assertInstanceOf(Breakage.SlowCall.class,
                StallClassifier.slowCall(twice(request), observed).orElseThrow());
        assertEquals("shop.Orders.awaitStock:40", slow.frame());
    }
    /** A pool thread at the service's shared frame, asleep in it, as a busy pool's every thread is most of the time. */
    private static DumpedThread atSharedFrame(int n) {
        return new DumpedThread(Integer.toString(20 + n), "shop-exec-" + n, "<root>", false, Thread.State.TIMED_WAITING,
                null, List.of("java.lang.Thread.sleep(Thread.java:540)", "shop.Rates.fetch(Rates.java:50)",
                "shop.Orders.handle(Orders.java:42)",
                "java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1095)",
                "java.lang.Thread.run(Thread.java:1474)"), null, null, null, null, List.of());
    }

    private static ThreadDump pool(double... cpuMs) {
        List<DumpedThread> threads = new java.util.ArrayList<>();
        java.util.Map<String, Double> cpu = new java.util.HashMap<>();
        for (int n = 1; n <= cpuMs.length; n++) {
            threads.add(atSharedFrame(n));
            cpu.put(Integer.toString(20 + n), cpuMs[n - 1]);
        }
        return new ThreadDump("25.0.3+9-LTS", threads, "d.json").withCpuMs(cpu);
    }

    /**
     * A busy pool of 4 whose threads all stand at the frame every request passes through, in both dumps: by
     * frames alone none stands out. Thread.print's CPU time tells: shop-exec-1 used none between the dumps
     * while the others used 21 ms each, so it sat in one call. Reversed: with no CPU time the dumps cannot
     * tell; a thread that used CPU came back to the frame on other requests; and a pool as still as the
     * thread (none used 10 ms) does not show the others served anything.
     */
    @Test
    void cpuTimeTellsOneStuckCallFromAFrameABusyPoolPassesThrough() {
        Breakage.SlowCall slow = assertInstanceOf(Breakage.SlowCall.class, StallClassifier.slowCall(
                List.of(pool(1.21, 47.20, 47.74, 49.43), pool(1.21, 68.83, 70.31, 71.79)), STALL).orElseThrow());
        assertEquals("shop-exec-1", slow.thread());
        assertEquals("shop.Rates.fetch:50", slow.frame());
        assertEquals(Breakage.SlowCall.Evidence.PLATFORM_NO_CPU, slow.evidence());
        assertEquals(1, slow.threads());

        ThreadDump unknown = new ThreadDump("25.0.3+9-LTS", pool(0, 0, 0, 0).threads(), "d.json");
        assertEquals(java.util.Optional.empty(), StallClassifier.slowCall(List.of(unknown, unknown), STALL));
        assertEquals(java.util.Optional.empty(), StallClassifier.slowCall(
                List.of(pool(1.21, 47.20, 47.74, 49.43), pool(6.50, 68.83, 70.31, 71.79)), STALL));
        assertEquals(java.util.Optional.empty(), StallClassifier.slowCall(
                List.of(pool(1.21, 47.20, 47.74, 49.43), pool(1.21, 49.20, 49.74, 51.43)), STALL));
    }
    /**
     * Every thread of the pool sat in a call that used no CPU across the dumps: no thread served anything,
     * so the stuck calls hold the whole pool, pool-exhausted, whatever the lab knows of requests outstanding.
     * Reversed: with one thread at work the others are slow calls, and with no CPU time nothing is claimed.
     */
    @Test
    void stuckCallsHoldingEveryThreadOfThePoolExhaustIt() {
        StallClassifier.Context observed = StallClassifier.Context.observed(Set.of());
        List<Breakage> found = StallClassifier.classify(List.of(pool(1.21, 3.50, 2.00), pool(1.21, 3.50, 2.40)),
                List.of(), observed);
        Breakage.PoolExhausted held = assertInstanceOf(Breakage.PoolExhausted.class, found.getFirst(), found.toString());
        assertEquals(1, found.size(), found.toString());
        assertEquals("shop-exec-", held.pool());
        assertEquals(3, held.threads());
        assertEquals("shop.Rates.fetch:50", held.frame());
        assertEquals(Breakage.PoolExhausted.Held.STUCK_CALLS, held.held());

        assertTrue(StallClassifier.classify(List.of(pool(1.21, 3.50, 2.00), pool(1.21, 3.50, 40.0)), List.of(),
                observed).stream().noneMatch(b -> b instanceof Breakage.PoolExhausted), "one thread served requests");
        Breakage.SlowCall slow = assertInstanceOf(Breakage.SlowCall.class, StallClassifier.classify(
                List.of(pool(1.21, 3.50, 2.00), pool(1.21, 3.50, 40.0)), List.of(), STALL_FEW).getFirst());
        assertEquals(Breakage.SlowCall.Evidence.PLATFORM_NO_CPU, slow.evidence());
        ThreadDump unknown = new ThreadDump("25.0.3+9-LTS", pool(0, 0, 0).threads(), "d.json");
        assertEquals(List.of(), StallClassifier.classify(List.of(unknown, unknown), List.of(), observed));
    }
}
