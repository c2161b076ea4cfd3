package loomlab.lab.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import loomlab.core.breakage.Breakage;
import loomlab.core.breakage.BreakageKind;
import loomlab.core.breakage.DumpedThread;
import loomlab.core.breakage.SchedulerCounts;
import loomlab.core.breakage.StallClassifier;
import loomlab.core.breakage.StallClassifier.Trigger;
import loomlab.core.breakage.ThreadDump;
import loomlab.core.breakage.WaitChain;
import loomlab.core.breakage.Waiting;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every kind the classifier knows, read from real dumps of a program that holds each situation on
 * JDK 21 and JDK 25 (see {@code thread-dumps/README.md}): the two layouts give the same kind where the
 * situation is the same, and a healthy service, idle or busy, or a situation a JDK does not reach, gives
 * none. The program's own classes ({@code Shop*}) have no package, so the user's code is everything
 * outside the JDK and the frameworks (an empty package set).
 */
class ScenarioDumpsTest {
    private static final Set<String> ANY_USER_PACKAGE = Set.of();

    static List<Breakage> classify(int jdk, String scenario, Trigger trigger, Integer inFlight) throws IOException {
        return classify(jdk, scenario, new StallClassifier.Context(trigger, inFlight, ANY_USER_PACKAGE));
    }

    static List<Breakage> classify(int jdk, String scenario, StallClassifier.Context context) throws IOException {
        List<SchedulerCounts> scheduler = new ArrayList<>();
        String text = resource("jdk" + jdk + "/" + scenario + "-scheduler.txt");
        if (text != null) {
            scheduler.add(SchedulerCounts.parse(text).orElseThrow());
        }
        return StallClassifier.classify(dumps(jdk, scenario), scheduler, context);
    }

    static List<ThreadDump> dumps(int jdk, String scenario) throws IOException {
        return List.of(ObservedDumpsTest.dump("jdk" + jdk + "/" + scenario + "-1.json"),
                ObservedDumpsTest.dump("jdk" + jdk + "/" + scenario + "-2.json"));
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = ScenarioDumpsTest.class.getResourceAsStream("/thread-dumps/" + name)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static List<BreakageKind> kinds(List<Breakage> found) {
        return found.stream().map(Breakage::kind).toList();
    }

    // ---------------------------------------------------------------- healthy services: nothing

    @ParameterizedTest
    @ValueSource(ints = {21, 25})
    void aHealthyServiceClassifiesAsNothingWhateverSetTheWatchOff(int jdk) throws IOException {
        assertEquals(List.of(), classify(jdk, "healthy", Trigger.HANG, 2));
        assertEquals(List.of(), classify(jdk, "healthy", Trigger.STALL, 2));
        assertEquals(List.of(), classify(jdk, "healthy", StallClassifier.Context.observed(ANY_USER_PACKAGE)));
    }

    /**
     * Issue 39's audit, "a healthy busy pool reads as a slow call": six of eight pool threads sit in the
     * same downstream call in both dumps, each serving a request every 200 ms. Nothing is slow, and the
     * same load on a virtual thread per request classifies the same: as nothing.
     */
    @ParameterizedTest
    @ValueSource(ints = {21, 25})
    void aHealthyBusyPoolUnderASlowDownstreamIsNothingOnPlatformAndVirtualThreadsAlike(int jdk) throws IOException {
        assertEquals(List.of(), classify(jdk, "busy-pool-platform", Trigger.STALL, 6));
        assertEquals(List.of(), classify(jdk, "busy-pool-virtual", Trigger.STALL, 6));
        long inTheCall = dumps(jdk, "busy-pool-platform").getLast().threads().stream()
                .filter(t -> t.frames().stream().anyMatch(f -> f.startsWith("ShopQuotes.fetch(DumpScenarios.java:920)")))
                .count();
        assertTrue(inTheCall >= 3, "the pool is busy in the call: " + inTheCall + " threads there");
    }

    // ---------------------------------------------------------------- carrier deadlock

    @Test
    void jdk21sCarrierDeadlockNamesTheWaitersFrameTheLockAndTheHolderPastIt() throws IOException {
        Breakage.CarrierDeadlock deadlock = assertInstanceOf(Breakage.CarrierDeadlock.class,
                classify(21, "carrier-deadlock", Trigger.HANG, 8).getFirst());
        assertEquals(2, deadlock.carriers());
        assertEquals(2, deadlock.pinnedCarriers());
        assertEquals("ShopCheckout.checkout:760", deadlock.waiterFrame());
        assertEquals("java.util.concurrent.locks.ReentrantLock", deadlock.lock());
        assertEquals("ShopCheckout.checkout:763", deadlock.holderFrame(), "asleep past lock(), with no carrier");
        assertEquals(false, deadlock.nextOwner());
        WaitChain chain = deadlock.chain();
        assertEquals(Arrays.asList("java.util.concurrent.locks.ReentrantLock", null),
                chain.links().stream().map(WaitChain.Link::lock).toList());
        assertEquals(WaitChain.OwnerFrom.INFERRED, chain.links().getFirst().ownerFrom());
        assertEquals(WaitChain.Ending.NEEDS_CARRIER, chain.ending());
        assertEquals(2, chain.carriersHeldBy().size());
    }

    /**
     * Every request of the first dump had completed by the second: nothing is stuck, no call is slow, and
     * no carrier is held. What both dumps show is seven virtual threads waiting for one ReentrantLock (the
     * same object in both), whose holder sleeps past lock(): the requests pass that lock in turn.
     */
    @Test
    void jdk25PassesTheSameLockInTurnSoItIsNoDeadlockButLockContention() throws IOException {
        List<Breakage> found = classify(25, "carrier-deadlock", Trigger.HANG, 8);
        assertEquals(List.of(BreakageKind.MONITOR_CONTENTION), kinds(found));
        Breakage.MonitorContention contention = (Breakage.MonitorContention) found.getFirst();
        assertEquals(false, contention.monitor());
        assertTrue(contention.lock().startsWith("java.util.concurrent.locks.ReentrantLock$NonfairSync@"),
                contention.lock());
        assertTrue(contention.blocked() >= 6, "of eight users, all but the holder: " + contention);
        assertEquals(contention.blocked(), contention.blockedVirtual());
        assertEquals("ShopCheckout.checkout:760", contention.frame());
        assertEquals("ShopCheckout.checkout:763", contention.ownerFrame());
        assertEquals(WaitChain.OwnerFrom.INFERRED, contention.ownerFrom(), "JDK 25.0.3 writes no lock owner");
        assertEquals(2, contention.dumps());
    }

    /**
     * Issue 39's audit, a JDK 21 layout missed: a carrier held by a virtual thread BLOCKED entering
     * synchronized. JDK 21 writes no state, and that thread has no parkOnCarrierThread frame: it reads as
     * running. Standing at the monitor's entry in both dumps with another thread inside, it is inferred
     * blocked; the chain runs from it to the audit inside the monitor, to the posting that holds the
     * books' lock asleep with no carrier.
     */
    @Test
    void jdk21DeadlockWithACarrierHeldByAVirtualThreadBlockedEnteringSynchronized() throws IOException {
        Breakage.CarrierDeadlock deadlock = assertInstanceOf(Breakage.CarrierDeadlock.class,
                classify(21, "carrier-deadlock-monitor", Trigger.HANG, 7).getFirst());
        assertEquals(2, deadlock.pinnedCarriers());
        assertEquals(1, dumps(21, "carrier-deadlock-monitor").getLast().counts().pinnedCarriers(),
                "one carrier shows a pin by its frames; the other is the monitor's entry");
        assertEquals("ShopAccounts.post:937", deadlock.holderFrame());
        WaitChain chain = deadlock.chain();
        assertEquals(List.of(Waiting.MONITOR, Waiting.LOCK, Waiting.SLEEPING),
                chain.links().stream().map(WaitChain.Link::waiting).toList());
        assertEquals(Arrays.asList("a monitor", "java.util.concurrent.locks.ReentrantLock", null),
                chain.links().stream().map(WaitChain.Link::lock).toList());
        assertEquals(List.of(true, true, false), chain.links().stream().map(WaitChain.Link::mounted).toList());
        assertEquals(WaitChain.Ending.NEEDS_CARRIER, chain.ending());
        assertTrue(chain.inferred(), "JDK 21 names no owner: every one is inferred");
    }

    /**
     * Issue 39's audit, the production (Netflix) shape: the lock is free, and its next owner is a virtual
     * thread off any carrier, woken inside the lock's acquire, while both carriers are pinned by threads
     * waiting for the same lock. No thread holds it; the chain ends at the next owner, which needs a carrier.
     */
    @Test
    void jdk21DeadlockWhoseLockIsFreeAndWhoseNextOwnerIsUnmounted() throws IOException {
        Breakage.CarrierDeadlock deadlock = assertInstanceOf(Breakage.CarrierDeadlock.class,
                classify(21, "carrier-deadlock-successor", Trigger.HANG, 3).getFirst());
        assertEquals(true, deadlock.nextOwner());
        assertEquals("ShopTokens.charge:988", deadlock.waiterFrame());
        assertEquals("ShopTokens.renew:980", deadlock.holderFrame());
        WaitChain chain = deadlock.chain();
        assertEquals(WaitChain.OwnerFrom.NEXT_OWNER, chain.links().getFirst().ownerFrom());
        assertEquals(false, chain.last().mounted());
        assertEquals(WaitChain.Ending.NEEDS_CARRIER, chain.ending());
    }

    /** Reversed: on JDK 25 neither shape holds a carrier, every request completed, and the dumps show nothing. */
    @ParameterizedTest
    @ValueSource(strings = {"carrier-deadlock-monitor", "carrier-deadlock-successor"})
    void onJdk25TheSameRequestsCompleteAndClassifyAsNothing(String scenario) throws IOException {
        assertEquals(List.of(), classify(25, scenario, Trigger.HANG, 3));
    }

    /**
     * JDK 25's own layout: a virtual thread parked in a class initializer is still pinned, mounted and
     * WAITING; two of them hold both carriers waiting for a lock whose holder sleeps with no carrier.
     */
    @ParameterizedTest
    @ValueSource(ints = {21, 25})
    void aDeadlockInsideClassInitializersIsFoundInBothLayouts(int jdk) throws IOException {
        Breakage.CarrierDeadlock deadlock = assertInstanceOf(Breakage.CarrierDeadlock.class,
                classify(jdk, "carrier-deadlock-clinit", Trigger.HANG, 3).getFirst());
        assertEquals(2, deadlock.carriers());
        assertEquals("ShopRates.rate:1021", deadlock.waiterFrame());
        assertEquals("ShopRates.reload:1011", deadlock.holderFrame());
        assertEquals(jdk >= 24, deadlock.chain().links().getFirst().carrier() != null,
                "JDK 25 names the carrier; JDK 21 cannot");
    }

    /**
     * Issue 39's audit, "other ForkJoinPools count as carriers": the service's own pool (ForkJoinPool-1,
     * made first, three workers busy in its tasks) beside the checkout deadlock: the carriers are the
     * scheduler's two, and the deadlock is found. On JDK 25 the same requests pass the lock in turn.
     */
    @ParameterizedTest
    @ValueSource(ints = {21, 25})
    void aServicesOwnForkJoinPoolIsNoCarrier(int jdk) throws IOException {
        ThreadDump dump = dumps(jdk, "own-forkjoinpool").getLast();
        assertEquals(List.of("ForkJoinPool-2-worker-1", "ForkJoinPool-2-worker-2"),
                dump.carriers().stream().map(DumpedThread::name).sorted().toList());
        assertEquals(3, dump.threads().stream().filter(t -> t.name().startsWith("ForkJoinPool-1-worker-")).count());
        List<Breakage> found = classify(jdk, "own-forkjoinpool", Trigger.HANG, 8);
        assertEquals(jdk == 21 ? BreakageKind.CARRIER_DEADLOCK : BreakageKind.MONITOR_CONTENTION,
                found.getFirst().kind(), found.toString());
        assertTrue(found.stream().noneMatch(b -> b.kind() == BreakageKind.POOL_EXHAUSTED),
                "a ForkJoinPool runs tasks, not requests: " + found);
    }

    // ---------------------------------------------------------------- carriers busy

    @ParameterizedTest
    @ValueSource(ints = {21, 25})
    void cpuBoundRequestsHoldingEveryCarrierAcrossBothDumpsWithOthersQueuedAreCarriersMonopolised(int jdk)
            throws IOException {
        Breakage.CarriersMonopolised monopolised = assertInstanceOf(Breakage.CarriersMonopolised.class,
                classify(jdk, "carriers-monopolised", Trigger.STALL, 7).getFirst());
        assertEquals(2, monopolised.carriers());
        assertEquals(2, monopolised.held(), "the same two pricing loops on the carriers in both dumps");
        assertEquals(5, monopolised.queued(), "the third pricing request and the four hello requests");
        assertEquals(jdk >= 24 ? Breakage.CountSource.SCHEDULER : Breakage.CountSource.DUMP,
                monopolised.queuedFrom());
        assertEquals(List.of(new Breakage.FrameCount("ShopPricing.price:803", 2)), monopolised.cpuFrames());
    }

    /**
     * Short CPU-bound requests (20 ms each) on both carriers, a queue behind them, other requests on the
     * carriers by the second dump: every carrier busy, no carrier held; CPU saturated, with no scheduler cause.
     */
    @ParameterizedTest
    @ValueSource(ints = {21, 25})
    void shortCpuBoundRequestsOnEveryCarrierWithAQueueAreCpuSaturatedNotMonopolised(int jdk) throws IOException {
        List<Breakage> found = classify(jdk, "cpu-saturated", Trigger.STALL, 22);
        assertEquals(List.of(BreakageKind.CPU_SATURATED), kinds(found));
        Breakage.CpuSaturated saturated = (Breakage.CpuSaturated) found.getFirst();
        assertEquals(true, saturated.virtual());
        assertEquals(2, saturated.busy());
        assertTrue(saturated.queued() >= 10, saturated.toString());
        assertTrue(saturated.cpuFrames().stream().allMatch(f -> f.frame().startsWith("ShopPricing.")),
                saturated.cpuFrames().toString());
    }

    /** The same requests on a pool of four platform threads on two cores, with the lab's count outstanding. */
    @ParameterizedTest
    @ValueSource(ints = {21, 25})
    void shortCpuBoundRequestsOnAPlatformPoolBusyOnEveryCoreAreCpuSaturated(int jdk) throws IOException {
        StallClassifier.Context twoCores = new StallClassifier.Context(Trigger.STALL, 24, ANY_USER_PACKAGE, 4, 2);
        List<Breakage> found = classify(jdk, "cpu-saturated-platform", twoCores);
        Breakage.CpuSaturated saturated = assertInstanceOf(Breakage.CpuSaturated.class, found.getFirst());
        assertEquals(false, saturated.virtual());
        assertEquals(2, saturated.cores());
        assertEquals(Breakage.CountSource.LAB, saturated.queuedFrom());
        assertEquals(BreakageKind.POOL_EXHAUSTED, found.get(1).kind(), "and every thread of the pool busy");
        // Reversed: on more cores than threads running, or with the cores unknown, no claim.
        StallClassifier.Context manyCores = new StallClassifier.Context(Trigger.STALL, 24, ANY_USER_PACKAGE, 4, 16);
        assertTrue(classify(jdk, "cpu-saturated-platform", manyCores).stream()
                .noneMatch(b -> b.kind() == BreakageKind.CPU_SATURATED));
    }

    // ---------------------------------------------------------------- monitors

    /**
     * Issue 39's audit, "one situation, two causes": the successor waits for a carrier because two
     * pricing loops hold both carriers. Both kinds are named, the cause first; before, the successor wait
     * was named alone, or the carriers alone, depending on which rule ran first.
     */
    @Test
    void oneSituationTwoCausesBothNamedTheBusyCarriersFirst() throws IOException {
        List<Breakage> found = classify(25, "monitor-successor-wait", Trigger.STALL, 6);
        assertEquals(List.of(BreakageKind.CARRIERS_MONOPOLISED, BreakageKind.MONITOR_SUCCESSOR_WAIT), kinds(found));
        Breakage.MonitorSuccessorWait wait = (Breakage.MonitorSuccessorWait) found.get(1);
        assertTrue(wait.monitor().startsWith("ShopStock@"), wait.monitor());
        assertEquals(3, wait.blocked(), "two virtual threads and the platform auditor");
        assertEquals(1, wait.blockedPlatform());
        assertEquals("ShopStock.update:843", wait.frame());
        assertEquals(WaitChain.Ending.NEEDS_CARRIER, wait.chain().ending());
        assertEquals(2, wait.chain().carriersHeldBy().size(), "the two pricing loops");
    }

    /** The successor behind short CPU requests rather than two long loops: CPU saturated, then the successor. */
    @Test
    void aSuccessorBehindShortCpuRequestsIsNamedAfterTheSaturatedCarriers() throws IOException {
        assertEquals(List.of(BreakageKind.CPU_SATURATED, BreakageKind.MONITOR_SUCCESSOR_WAIT),
                kinds(classify(25, "successor-beside-cpu", Trigger.STALL, 12)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"monitor-successor-wait", "successor-beside-cpu"})
    void onJdk21TheMonitorPinsInsteadSoNoSuccessorWaits(String scenario) throws IOException {
        assertTrue(classify(21, scenario, Trigger.STALL, 6).stream()
                .noneMatch(b -> b.kind() == BreakageKind.MONITOR_SUCCESSOR_WAIT));
    }

    /**
     * Virtual threads queued at one synchronized index held 5 ms a lookup (the shape of issue 39's Spring
     * Boot jar loader): JDK 25 names the monitor, the count blocked and its owner (in monitorsOwned).
     */
    @Test
    void virtualThreadsBlockedOnOneMonitorAreMonitorContentionWithTheOwnerTheDumpNames() throws IOException {
        Breakage.MonitorContention contention = assertInstanceOf(Breakage.MonitorContention.class,
                classify(25, "monitor-contention", Trigger.STALL, 30).getFirst());
        assertTrue(contention.monitor());
        assertTrue(contention.lock().startsWith("java.lang.Object@"), contention.lock());
        assertEquals("ShopJarIndex.hasEntry:1075", contention.frame());
        assertTrue(contention.blocked() >= 20, contention.toString());
        assertEquals(contention.blocked(), contention.blockedVirtual());
        assertEquals(WaitChain.OwnerFrom.DUMP, contention.ownerFrom());
        assertEquals("ShopJarIndex.hasEntry:1077", contention.ownerFrame(), "asleep inside it");
        assertEquals(false, contention.inferred());
    }

    /**
     * A pool of ten platform threads at the same index: nine blocked, the pool's size bounds it. JDK 25
     * names the monitor and its owner; JDK 21 names neither, and the contention is inferred from the
     * threads standing at the index's entry with one inside, in both dumps, and said to be.
     */
    @ParameterizedTest
    @ValueSource(ints = {21, 25})
    void platformThreadsBlockedOnOneMonitorAreMonitorContentionBoundedByThePool(int jdk) throws IOException {
        StallClassifier.Context pool = new StallClassifier.Context(Trigger.STALL, 30, ANY_USER_PACKAGE, 10, 2);
        Breakage.MonitorContention contention = assertInstanceOf(Breakage.MonitorContention.class,
                classify(jdk, "monitor-contention-platform", pool).getFirst());
        assertTrue(contention.blocked() >= 5 && contention.blocked() <= 10, contention.toString());
        assertEquals(0, contention.blockedVirtual());
        assertEquals(10, contention.poolSize());
        assertTrue(contention.frame().startsWith("ShopJarIndex.hasEntry:107"), contention.frame());
        assertEquals(jdk == 21, contention.inferred());
        if (jdk == 21) {
            assertEquals(WaitChain.OwnerFrom.INFERRED, contention.ownerFrom());
            assertEquals("ShopJarIndex.hasEntry:1077", contention.ownerFrame());
        } else {
            // A dump writes its threads one at a time: a monitor held 5 ms a time changes hands while it is
            // written, and may show no owner at all (here: all ten threads were written BLOCKED, in both).
            assertTrue(contention.owner() == null || contention.ownerFrom() == WaitChain.OwnerFrom.DUMP,
                    contention.toString());
            assertEquals(contention.owner() == null ? WaitChain.Ending.NO_OWNER : WaitChain.Ending.NOT_A_LOCK,
                    contention.chain().ending());
        }
    }

    /**
     * On JDK 21 a virtual thread blocked entering the monitor pins its carrier, so at most as many show as
     * there are carriers, and one dump cannot tell them from running: no contention is claimed, and no
     * busy carrier either.
     */
    @Test
    void onJdk21VirtualThreadsAtTheMonitorShowNoContentionAndNoBusyCarriers() throws IOException {
        assertEquals(List.of(), classify(21, "monitor-contention", Trigger.STALL, 30));
    }

    // ---------------------------------------------------------------- pools and slow calls

    @ParameterizedTest
    @ValueSource(ints = {21, 25})
    void everyThreadOfAFixedPoolInTheUsersCodeWithMoreOutstandingIsPoolExhausted(int jdk) throws IOException {
        Breakage.PoolExhausted exhausted = assertInstanceOf(Breakage.PoolExhausted.class,
                classify(jdk, "pool-exhausted", Trigger.HANG, 10).getFirst());
        assertEquals("shop-exec-", exhausted.pool());
        assertEquals(4, exhausted.threads());
        assertEquals(2, exhausted.atFrame());
        assertTrue(exhausted.frame().startsWith("ShopInventory.reserve"), exhausted.frame());
    }

    /**
     * Every thread of the pool busy, two at each of two frames, no more outstanding than threads: nothing
     * queues, so the pool is not exhausted; and a platform thread at a frame another thread of its pool
     * shares, with no idle thread beside it, may have served many requests between the dumps, so no call
     * is shown slow (the old rule named a slow call here).
     */
    @ParameterizedTest
    @ValueSource(ints = {21, 25})
    void withNoMoreOutstandingThanThePoolHasThreadsAFullPoolShowsNoSlowCall(int jdk) throws IOException {
        assertEquals(List.of(), classify(jdk, "pool-exhausted", Trigger.HANG, 4));
    }

    @ParameterizedTest
    @ValueSource(ints = {21, 25})
    void oneVirtualRequestAsleepInTheSameFrameAcrossBothDumpsIsASlowCall(int jdk) throws IOException {
        Breakage.SlowCall slow = assertInstanceOf(Breakage.SlowCall.class,
                classify(jdk, "slow-call", Trigger.STALL, 3).getFirst());
        assertEquals("ShopPayment.charge:879", slow.frame());
        assertEquals(Waiting.SLEEPING, slow.waiting());
        assertEquals(1, slow.threads(), "the short requests come and go between the dumps");
        assertEquals(Breakage.SlowCall.Evidence.VIRTUAL_THREAD, slow.evidence());
    }

    @ParameterizedTest
    @ValueSource(ints = {21, 25})
    void onePlatformPoolThreadAsleepWhileTheOthersIdleIsASlowCallNotAnExhaustedPool(int jdk) throws IOException {
        Breakage.SlowCall slow = assertInstanceOf(Breakage.SlowCall.class,
                classify(jdk, "slow-call-platform", Trigger.STALL, 1).getFirst());
        assertEquals("ShopPayment.charge:879", slow.frame());
        assertEquals(1, slow.threads());
        assertEquals(Breakage.SlowCall.Evidence.PLATFORM_ALONE, slow.evidence());
    }

    @ParameterizedTest
    @ValueSource(ints = {21, 25})
    void aVirtualThreadReadingASilentSocketIsASlowCallOnInput(int jdk) throws IOException {
        Breakage.SlowCall slow = assertInstanceOf(Breakage.SlowCall.class,
                classify(jdk, "slow-io", Trigger.STALL, 1).getFirst());
        assertEquals("ShopLedger.fetch:903", slow.frame());
        assertEquals(Waiting.SOCKET, slow.waiting());
    }
    /**
     * A real busy pool of 4 on JDK 25 (bench/thread-dumps/BusyPoolCpu.java): every thread at
     * ShopRates.fetch in both dumps, fast requests passing through it and one request sitting in it. With
     * the Thread.print beside each dump, the one that used no CPU between them is the slow call. Reversed:
     * the same dumps without their CPU times name nothing at that frame, since no thread stands out there by
     * its frames (only the load's own producer, alone at its semaphore, which its CPU time clears).
     */
    @Test
    void aBusyPoolsStuckCallIsToldByItsCpuTime() throws IOException {
        List<ThreadDump> plain = dumps(25, "busy-pool-cpu");
        List<ThreadDump> timed = List.of(
                plain.get(0).withCpuMs(loomlab.core.breakage.ThreadPrint.cpuMs(resource("jdk25/busy-pool-cpu-1.print.txt"))),
                plain.get(1).withCpuMs(loomlab.core.breakage.ThreadPrint.cpuMs(resource("jdk25/busy-pool-cpu-2.print.txt"))));
        StallClassifier.Context stall = new StallClassifier.Context(Trigger.STALL, 3, ANY_USER_PACKAGE);
        List<Breakage> found = StallClassifier.classify(timed, List.of(), stall);
        Breakage.SlowCall slow = assertInstanceOf(Breakage.SlowCall.class, found.getFirst(), found.toString());
        assertEquals("shop-exec-1", slow.thread());
        assertEquals("ShopRates.fetch:50", slow.frame());
        assertEquals(Breakage.SlowCall.Evidence.PLATFORM_NO_CPU, slow.evidence());
        assertTrue(StallClassifier.classify(plain, List.of(), stall).stream()
                .noneMatch(b -> b.frames().contains("ShopRates.fetch:50")), "by frames alone, no pool thread stands out");
    }
}
