package loomlab.core.diagnose;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import loomlab.core.breakage.DumpedThread;
import loomlab.core.breakage.ThreadDump;
import org.junit.jupiter.api.Test;

/** Hung, stalled, quiet, undecided or moving, from the dumps alone: each verdict and what turns it. */
class StillnessTest {
    private static final String EXECUTOR = "java.util.concurrent.ThreadPerTaskExecutor@1";
    private static final String POOL = "ForkJoinPool-1/jdk.internal.vm.SharedThreadContainer@2";
    private static final List<String> BUSY_CARRIER = List.of("jdk.internal.vm.Continuation.run(Unknown Source)",
            "java.lang.VirtualThread.runContinuation(Unknown Source)", "java.util.concurrent.ForkJoinWorkerThread.run(Unknown Source)");
    private static final List<String> PINNED_ON_LOCK = List.of("jdk.internal.misc.Unsafe.park(Native Method)",
            "java.lang.VirtualThread.parkOnCarrierThread(Unknown Source)", "java.lang.VirtualThread.park(Unknown Source)",
            "java.util.concurrent.locks.LockSupport.park(Unknown Source)",
            "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(Unknown Source)",
            "java.util.concurrent.locks.ReentrantLock.lock(Unknown Source)", "shop.Checkout.pay(Checkout.java:12)",
            "java.lang.VirtualThread.run(Unknown Source)");
    private static final List<String> SLEEPING = List.of("java.lang.VirtualThread.parkNanos(Unknown Source)",
            "java.lang.VirtualThread.sleepNanos(Unknown Source)", "java.lang.Thread.sleep(Unknown Source)",
            "shop.Payments.charge(Payments.java:30)", "java.lang.VirtualThread.run(Unknown Source)");
    private static final List<String> QUEUE_WAIT = List.of("java.lang.VirtualThread.park(Unknown Source)",
            "java.util.concurrent.locks.LockSupport.park(Unknown Source)",
            "java.util.concurrent.SynchronousQueue.poll(Unknown Source)", "shop.Pool.borrow(Pool.java:40)",
            "java.lang.VirtualThread.run(Unknown Source)");

    private static DumpedThread virtual(String tid, List<String> frames) {
        return DumpedThread.sparse(tid, "", EXECUTOR, frames);
    }

    private static DumpedThread carrier(String tid) {
        return DumpedThread.sparse(tid, "ForkJoinPool-1-worker-" + tid, POOL, BUSY_CARRIER);
    }

    /** The threads every JVM has that wait by design, which never count. */
    private static List<DumpedThread> atRest() {
        return List.of(DumpedThread.sparse("1", "main", "<root>", List.of("jdk.internal.misc.Unsafe.park(Native Method)",
                        "java.util.concurrent.CountDownLatch.await(Unknown Source)", "shop.Main.main(Main.java:9)")),
                DumpedThread.sparse("9", "acceptor", "<root>", List.of("sun.nio.ch.Net.accept(Native Method)",
                        "shop.Server.acceptLoop(Server.java:20)", "java.lang.Thread.run(Unknown Source)")),
                DumpedThread.sparse("2", "Reference Handler", "<root>",
                        List.of("java.lang.ref.Reference.waitForReferencePendingList(Native Method)")));
    }

    private static ThreadDump dump(DumpedThread... threads) {
        List<DumpedThread> all = new ArrayList<>(atRest());
        all.addAll(List.of(threads));
        return new ThreadDump("21.0.8+9-LTS", all, null);
    }

    @Test
    void carriersPinnedOnALockWithNothingElseMovingIsAHang() {
        ThreadDump first = dump(carrier("20"), carrier("21"), virtual("30", PINNED_ON_LOCK),
                virtual("31", PINNED_ON_LOCK), virtual("32", SLEEPING), virtual("33", List.of()));
        ThreadDump second = dump(carrier("20"), carrier("21"), virtual("30", PINNED_ON_LOCK),
                virtual("31", PINNED_ON_LOCK), virtual("32", SLEEPING), virtual("33", List.of()));
        Stillness s = Stillness.of(List.of(first, second), 2.0);
        assertEquals(Stillness.Verdict.HUNG, s.verdict());
        assertEquals(4, s.stillVirtual());
        assertEquals(0, s.stillPlatform(), "main, the acceptor and the JDK's own threads wait by design");
        assertEquals(3, s.stillOnService(), "two pinned on the lock, one never run; the sleeper waits on nothing of the service's");
        assertEquals(2, s.carriersHeld());
        assertEquals(new Stillness.Place("shop.Checkout.pay:12", 2), s.stillAt().getFirst());
    }

    @Test
    void theSameWaitWithThreadsComingAndGoingIsAStall() {
        ThreadDump first = dump(virtual("32", SLEEPING), virtual("40", QUEUE_WAIT), virtual("41", QUEUE_WAIT));
        ThreadDump second = dump(virtual("32", SLEEPING), virtual("52", QUEUE_WAIT), virtual("53", QUEUE_WAIT));
        Stillness s = Stillness.of(List.of(first, second), 1.0);
        assertEquals(Stillness.Verdict.STALLED, s.verdict());
        assertEquals(1, s.stillVirtual());
        assertEquals(2, s.ended());
        assertEquals(2, s.started());
    }

    @Test
    void threadsThatLiveOnAtTheSameWaitWhileOthersMoveAreUndecided() {
        ThreadDump first = dump(virtual("40", QUEUE_WAIT), virtual("41", QUEUE_WAIT), virtual("42", SLEEPING));
        ThreadDump second = dump(virtual("40", QUEUE_WAIT), virtual("41", QUEUE_WAIT), virtual("42", QUEUE_WAIT));
        Stillness s = Stillness.of(List.of(first, second), 1.0);
        assertEquals(Stillness.Verdict.UNDECIDED, s.verdict(), "none ended or started: they may loop through the same wait");
        assertEquals(1, s.moved());
    }

    @Test
    void aSleeperAloneWithNothingMovingIsQuietNotHung() {
        ThreadDump first = dump(virtual("32", SLEEPING));
        ThreadDump second = dump(virtual("32", SLEEPING));
        assertEquals(Stillness.Verdict.QUIET, Stillness.of(List.of(first, second), 5.0).verdict());
    }

    @Test
    void requestsThatComeAndGoAreMoving() {
        ThreadDump first = dump(carrier("20"), virtual("40", SLEEPING), virtual("41", QUEUE_WAIT));
        ThreadDump second = dump(carrier("20"), virtual("50", SLEEPING), virtual("51", PINNED_ON_LOCK));
        Stillness s = Stillness.of(List.of(first, second), 1.0);
        assertEquals(Stillness.Verdict.MOVING, s.verdict());
        assertEquals(0, s.stillVirtual() + s.stillPlatform());
    }

    @Test
    void anIdleServiceIsMoving() {
        assertEquals(Stillness.Verdict.MOVING, Stillness.of(List.of(dump(), dump()), 1.0).verdict());
    }

    @Test
    void aThreadStillInOnlyTwoOfThreeDumpsMoved() {
        ThreadDump first = dump(virtual("32", SLEEPING), virtual("40", QUEUE_WAIT));
        ThreadDump middle = dump(virtual("32", QUEUE_WAIT), virtual("40", QUEUE_WAIT));
        ThreadDump last = dump(virtual("32", SLEEPING), virtual("40", QUEUE_WAIT));
        Stillness s = Stillness.of(List.of(first, middle, last), 2.0);
        assertEquals(1, s.stillVirtual(), "#32 left its frame in between");
        assertEquals(Stillness.Verdict.QUIET, s.verdict());
    }

    @Test
    void oneDumpComparesNothing() {
        Stillness s = Stillness.of(List.of(dump(virtual("30", PINNED_ON_LOCK))), null);
        assertEquals(Stillness.Verdict.ONE_DUMP, s.verdict());
        assertEquals(0, s.stillVirtual());
    }

    // Stacks as real servers' dumps show them (frames without the module prefix, as DumpedThread keeps them).
    private static final List<String> TOMCAT_IDLE = List.of("jdk.internal.misc.Unsafe.park(Native Method)",
            "java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:269)",
            "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.awaitNanos(AbstractQueuedSynchronizer.java:1758)",
            "java.util.concurrent.LinkedBlockingQueue.poll(LinkedBlockingQueue.java:460)",
            "org.apache.tomcat.util.threads.TaskQueue.poll(TaskQueue.java:99)",
            "org.apache.tomcat.util.threads.TaskQueue.poll(TaskQueue.java:33)",
            "org.apache.tomcat.util.threads.ThreadPoolExecutor.getTask(ThreadPoolExecutor.java:1113)",
            "org.apache.tomcat.util.threads.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1175)",
            "org.apache.tomcat.util.threads.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:659)",
            "org.apache.tomcat.util.threads.TaskThread$WrappingRunnable.run(TaskThread.java:63)",
            "java.lang.Thread.run(Thread.java:1583)");
    private static final List<String> JETTY_IDLE = List.of("jdk.internal.misc.Unsafe.park(Native Method)",
            "java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:269)",
            "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.awaitNanos(AbstractQueuedSynchronizer.java:1758)",
            "org.eclipse.jetty.util.BlockingArrayQueue.poll(BlockingArrayQueue.java:219)",
            "org.eclipse.jetty.util.thread.QueuedThreadPool$Runner.idleJobPoll(QueuedThreadPool.java:1139)",
            "org.eclipse.jetty.util.thread.QueuedThreadPool$Runner.run(QueuedThreadPool.java:1178)",
            "java.lang.Thread.run(Thread.java:1583)");
    /** Jetty 12.1's reserved thread, as JDK 25 dumped it in an idle embedded Jetty (HealthyServers). */
    private static final List<String> JETTY_RESERVED = List.of("java.base/jdk.internal.misc.Unsafe.park(Native Method)",
            "java.base/java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:271)",
            "java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:792)",
            "java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.tryAcquireSharedNanos(AbstractQueuedSynchronizer.java:1166)",
            "java.base/java.util.concurrent.Semaphore.tryAcquire(Semaphore.java:415)",
            "org.eclipse.jetty.util.thread.ReservedThreadExecutor$ReservedThread.waitForTask(ReservedThreadExecutor.java:357)",
            "org.eclipse.jetty.util.thread.ReservedThreadExecutor$ReservedThread.run(ReservedThreadExecutor.java:296)",
            "org.eclipse.jetty.util.thread.QueuedThreadPool.runJob(QueuedThreadPool.java:1009)",
            "org.eclipse.jetty.util.thread.QueuedThreadPool$Runner.doRunJob(QueuedThreadPool.java:1240)",
            "org.eclipse.jetty.util.thread.QueuedThreadPool$Runner.run(QueuedThreadPool.java:1194)",
            "java.base/java.lang.Thread.run(Thread.java:1474)");
    private static final List<String> NETTY_EPOLL = List.of("io.netty.channel.epoll.Native.epollWait0(Native Method)",
            "io.netty.channel.epoll.Native.epollWait(Native.java:193)",
            "io.netty.channel.epoll.EpollEventLoop.epollWait(EpollEventLoop.java:304)",
            "io.netty.channel.epoll.EpollEventLoop.run(EpollEventLoop.java:368)",
            "io.netty.util.concurrent.SingleThreadEventExecutor$4.run(SingleThreadEventExecutor.java:997)",
            "io.netty.util.internal.ThreadExecutorMap$2.run(ThreadExecutorMap.java:74)",
            "io.netty.util.concurrent.FastThreadLocalRunnable.run(FastThreadLocalRunnable.java:30)",
            "java.lang.Thread.run(Thread.java:1583)");
    private static final List<String> VERTX_EVENT_LOOP = List.of("sun.nio.ch.EPoll.wait(Native Method)",
            "sun.nio.ch.EPollSelectorImpl.doSelect(EPollSelectorImpl.java:121)",
            "sun.nio.ch.SelectorImpl.lockAndDoSelect(SelectorImpl.java:130)",
            "sun.nio.ch.SelectorImpl.select(SelectorImpl.java:147)",
            "io.netty.channel.nio.SelectedSelectionKeySetSelector.select(SelectedSelectionKeySetSelector.java:68)",
            "io.netty.channel.nio.NioEventLoop.select(NioEventLoop.java:879)",
            "io.netty.channel.nio.NioEventLoop.run(NioEventLoop.java:526)",
            "io.netty.util.concurrent.SingleThreadEventExecutor$4.run(SingleThreadEventExecutor.java:997)",
            "io.netty.util.internal.ThreadExecutorMap$2.run(ThreadExecutorMap.java:74)",
            "io.netty.util.concurrent.FastThreadLocalRunnable.run(FastThreadLocalRunnable.java:30)",
            "java.lang.Thread.run(Thread.java:1583)");
    private static final List<String> SCHEDULER_IDLE = List.of("jdk.internal.misc.Unsafe.park(Native Method)",
            "java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:269)",
            "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.awaitNanos(AbstractQueuedSynchronizer.java:1758)",
            "java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue.take(ScheduledThreadPoolExecutor.java:1182)",
            "java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue.take(ScheduledThreadPoolExecutor.java:899)",
            "java.util.concurrent.ThreadPoolExecutor.getTask(ThreadPoolExecutor.java:1070)",
            "java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1130)",
            "java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:642)",
            "java.lang.Thread.run(Thread.java:1583)");
    private static final List<String> OTEL_EXPORTER = List.of("jdk.internal.misc.Unsafe.park(Native Method)",
            "java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:269)",
            "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.awaitNanos(AbstractQueuedSynchronizer.java:1758)",
            "java.util.concurrent.ArrayBlockingQueue.poll(ArrayBlockingQueue.java:435)",
            "io.opentelemetry.sdk.trace.export.BatchSpanProcessor$Worker.run(BatchSpanProcessor.java:269)",
            "java.lang.Thread.run(Thread.java:1583)");
    private static final List<String> EVICTOR = List.of("java.lang.Thread.sleep0(Native Method)",
            "java.lang.Thread.sleep(Thread.java:509)",
            "org.apache.http.impl.client.IdleConnectionEvictor$1.run(IdleConnectionEvictor.java:66)",
            "java.lang.Thread.run(Thread.java:1583)");
    private static final List<String> SHUTDOWN_LATCH = List.of("jdk.internal.misc.Unsafe.park(Native Method)",
            "java.util.concurrent.locks.LockSupport.park(LockSupport.java:221)",
            "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:754)",
            "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquireSharedInterruptibly(AbstractQueuedSynchronizer.java:1099)",
            "java.util.concurrent.CountDownLatch.await(CountDownLatch.java:230)",
            "shop.Shutdown.awaitSignal(Shutdown.java:22)", "java.lang.Thread.run(Thread.java:1583)");
    /** A request thread of Tomcat's in the user's code, in a condition's await (the lock given up while it waits). */
    private static final List<String> REQUEST_AWAITING = List.of("jdk.internal.misc.Unsafe.park(Native Method)",
            "java.util.concurrent.locks.LockSupport.park(LockSupport.java:221)",
            "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await(AbstractQueuedSynchronizer.java:1761)",
            "shop.Orders.awaitStock(Orders.java:40)",
            "org.apache.catalina.core.ApplicationFilterChain.doFilter(ApplicationFilterChain.java:138)",
            "org.apache.tomcat.util.threads.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:659)",
            "java.lang.Thread.run(Thread.java:1583)");

    private static DumpedThread platform(String tid, String name, List<String> frames) {
        return DumpedThread.sparse(tid, name, "<root>", frames);
    }

    private static DumpedThread detailed(String tid, String name, List<String> frames, String parkBlocker, String owner) {
        return new DumpedThread(tid, name, "<root>", false, Thread.State.WAITING, null, frames, null, null, parkBlocker,
                owner, List.of());
    }

    /**
     * The idle pools of Tomcat (timed TaskQueue.poll), Jetty, Netty (native epoll), Vert.x (Netty's NIO loop)
     * and a ScheduledThreadPoolExecutor, a few seconds after a burst: all wait for work by design, so nothing
     * stands still and the service moves. Tomcat's and Jetty's timed polls wait in a condition's await, which
     * used to count as waiting for the service itself: hung.
     */
    @Test
    void theIdlePoolsOfEveryServerAreAtRest() {
        // Jetty shaded into another library's package, as HBase ships it.
        List<String> shadedJetty = List.of("jdk.internal.misc.Unsafe.park(Native Method)",
                "java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:215)",
                "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.awaitNanos(AbstractQueuedSynchronizer.java:2078)",
                "org.apache.hbase.thirdparty.org.eclipse.jetty.util.BlockingArrayQueue.poll(BlockingArrayQueue.java:382)",
                "org.apache.hbase.thirdparty.org.eclipse.jetty.util.thread.QueuedThreadPool$Runner.idleJobPoll(QueuedThreadPool.java:973)",
                "org.apache.hbase.thirdparty.org.eclipse.jetty.util.thread.QueuedThreadPool$Runner.run(QueuedThreadPool.java:1023)",
                "java.lang.Thread.run(Thread.java:750)");
        List<List<String>> idle = List.of(TOMCAT_IDLE, JETTY_IDLE, JETTY_RESERVED, NETTY_EPOLL, VERTX_EVENT_LOOP,
                SCHEDULER_IDLE, shadedJetty);
        List<DumpedThread> threads = new ArrayList<>();
        for (int i = 0; i < idle.size(); i++) {
            DumpedThread thread = platform(Integer.toString(60 + i), "pool-" + i + "-thread-1", idle.get(i));
            assertTrue(Stillness.atRest(thread), thread.name());
            threads.add(thread);
        }
        DumpedThread[] all = threads.toArray(DumpedThread[]::new);
        Stillness s = Stillness.of(List.of(dump(all), dump(all)), 3.0);
        assertEquals(Stillness.Verdict.MOVING, s.verdict());
        assertEquals(0, s.stillPlatform());
    }

    /**
     * A request thread in a condition's await waits for an event, not for a lock's owner: quiet, not hung.
     * Reversed: where the dump names the owner of what it parks on (signalled, it takes the lock again, and
     * another thread holds it), it waits for the service itself, and nothing moving is a hang.
     */
    @Test
    void aConditionAwaitWaitsOnTheServiceOnlyWhenALockOwnerIsNamed() {
        DumpedThread awaiting = detailed("70", "http-nio-8080-exec-1", REQUEST_AWAITING,
                "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject@5e2de80c", null);
        ThreadDump quiet = new ThreadDump("25.0.3+9-LTS", List.of(awaiting), null);
        assertFalse(Stillness.onService(quiet, awaiting));
        assertEquals(Stillness.Verdict.QUIET, Stillness.of(List.of(quiet, quiet), 2.0).verdict());

        List<String> retaking = new ArrayList<>(List.of("jdk.internal.misc.Unsafe.park(Native Method)",
                "java.util.concurrent.locks.LockSupport.park(LockSupport.java:221)",
                "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:754)"));
        retaking.addAll(REQUEST_AWAITING.subList(2, REQUEST_AWAITING.size()));
        DumpedThread owned = detailed("70", "http-nio-8080-exec-1", retaking,
                "java.util.concurrent.locks.ReentrantLock$NonfairSync@18904903", "71");
        DumpedThread owner = detailed("71", "http-nio-8080-exec-2", SHUTDOWN_LATCH, null, null);
        ThreadDump hung = new ThreadDump("25.0.3+9-LTS", List.of(owned, owner), null);
        assertTrue(Stillness.onService(hung, owned));
        assertEquals(Stillness.Verdict.HUNG, Stillness.of(List.of(hung, hung), 2.0).verdict());
    }

    /**
     * Threads that serve no request, standing still while nothing else moves: an OpenTelemetry exporter in
     * its timed poll, an HTTP client's idle-connection evictor asleep, a thread on a shutdown latch. They are
     * reported as background and make no verdict (the exporter's poll used to make a hang). Reversed: the
     * same evictor blocked entering a monitor waits for the service itself.
     */
    @Test
    void stillBackgroundThreadsAreReportedAndMakeNoVerdict() {
        ThreadDump d = dump(platform("80", "BatchSpanProcessor_WorkerThread-1", OTEL_EXPORTER),
                platform("81", "Connection evictor", EVICTOR), platform("82", "shutdown-waiter", SHUTDOWN_LATCH));
        Stillness s = Stillness.of(List.of(d, d), 4.0);
        assertEquals(Stillness.Verdict.MOVING, s.verdict());
        assertEquals(0, s.stillPlatform());
        assertEquals(List.of(new Stillness.Place("io.opentelemetry.sdk.trace.export.BatchSpanProcessor$Worker.run:269", 1),
                new Stillness.Place("org.apache.http.impl.client.IdleConnectionEvictor$1.run:66", 1),
                new Stillness.Place("shop.Shutdown.awaitSignal:22", 1)), s.background());

        DumpedThread blocked = new DumpedThread("81", "Connection evictor", "<root>", false, Thread.State.BLOCKED, null,
                List.of("org.apache.http.pool.AbstractConnPool.closeExpired(AbstractConnPool.java:580)",
                        "org.apache.http.impl.client.IdleConnectionEvictor$1.run(IdleConnectionEvictor.java:67)",
                        "java.lang.Thread.run(Thread.java:1583)"),
                "org.apache.http.impl.conn.CPool@4e25154f", null, null, null, List.of());
        ThreadDump held = new ThreadDump("25.0.3+9-LTS", List.of(blocked), null);
        Stillness hung = Stillness.of(List.of(held, held), 4.0);
        assertEquals(Stillness.Verdict.HUNG, hung.verdict());
        assertEquals(List.of(), hung.background());
    }

    /**
     * A busy pool whose threads all stand at the frame every request passes through, and the load's producer
     * waiting on a semaphore (a lock, on the service): by frames nothing moved, so hung. Thread.print's CPU
     * times show the pool's threads worked between the dumps: they moved, and it is no hang. Reversed: with
     * the threads' CPU flat it stays hung.
     */
    @Test
    void threadsThatUsedCpuBetweenTheDumpsMovedWhateverTheirFrame() {
        List<String> shared = List.of("java.lang.Thread.sleep(Thread.java:540)", "shop.Rates.fetch(Rates.java:50)",
                "java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1095)",
                "java.lang.Thread.run(Thread.java:1583)");
        List<String> producer = List.of("jdk.internal.misc.Unsafe.park(Native Method)",
                "java.util.concurrent.locks.LockSupport.park(LockSupport.java:221)",
                "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:754)",
                "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquireSharedInterruptibly(AbstractQueuedSynchronizer.java:1099)",
                "java.util.concurrent.Semaphore.acquire(Semaphore.java:318)", "shop.Load.produce(Load.java:17)",
                "java.lang.Thread.run(Thread.java:1583)");
        ThreadDump d = dump(platform("22", "shop-exec-1", shared), platform("24", "shop-exec-2", shared),
                platform("25", "shop-exec-3", shared), platform("23", "shop-load", producer));
        assertEquals(Stillness.Verdict.HUNG, Stillness.of(List.of(d, d), 1.6).verdict(), "by frames alone");
        ThreadDump first = d.withCpuMs(java.util.Map.of("22", 1.21, "24", 47.20, "25", 47.74, "23", 300.0));
        ThreadDump last = d.withCpuMs(java.util.Map.of("22", 1.21, "24", 68.83, "25", 70.31, "23", 420.0));
        Stillness timed = Stillness.of(List.of(first, last), 1.6);
        assertEquals(Stillness.Verdict.UNDECIDED, timed.verdict());
        assertEquals(0, timed.moved());
        assertEquals(3, timed.worked(), "the two pool threads that served requests, and the producer");
        assertEquals(List.of(new Stillness.Place("shop.Rates.fetch:50", 1)), timed.stillAt(), "shop-exec-1 alone");
        ThreadDump flat = d.withCpuMs(java.util.Map.of("22", 1.21, "24", 47.20, "25", 47.74, "23", 300.0));
        assertEquals(Stillness.Verdict.HUNG, Stillness.of(List.of(first, flat), 1.6).verdict());
    }
}
