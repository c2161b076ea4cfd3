package loomlab.core.diagnose;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
