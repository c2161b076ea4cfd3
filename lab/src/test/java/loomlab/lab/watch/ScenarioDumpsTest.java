package loomlab.lab.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import loomlab.core.breakage.Breakage;
import loomlab.core.breakage.BreakageKind;
import loomlab.core.breakage.SchedulerCounts;
import loomlab.core.breakage.StallClassifier;
import loomlab.core.breakage.StallClassifier.Trigger;
import loomlab.core.breakage.WaitChain;
import loomlab.core.breakage.Waiting;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every kind the classifier knows, read from real dumps of a program that holds each situation on
 * JDK 21 and JDK 25 (see {@code thread-dumps/README.md}): the two layouts give the same kind where the
 * situation is the same, and a healthy service, or a situation a JDK does not reach, gives none. The
 * program's own classes ({@code Shop*}) have no package, so the user's code is everything outside the
 * JDK and the frameworks (an empty package set).
 */
class ScenarioDumpsTest {
    private static final Set<String> ANY_USER_PACKAGE = Set.of();

    static List<Breakage> classify(int jdk, String scenario, Trigger trigger, Integer inFlight)
            throws IOException {
        List<SchedulerCounts> scheduler = new ArrayList<>();
        String text = resource("jdk" + jdk + "/" + scenario + "-scheduler.txt");
        if (text != null) {
            scheduler.add(SchedulerCounts.parse(text).orElseThrow());
        }
        return StallClassifier.classify(
                List.of(ObservedDumpsTest.dump("jdk" + jdk + "/" + scenario + "-1.json"),
                        ObservedDumpsTest.dump("jdk" + jdk + "/" + scenario + "-2.json")),
                scheduler, new StallClassifier.Context(trigger, inFlight, ANY_USER_PACKAGE));
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = ScenarioDumpsTest.class.getResourceAsStream("/thread-dumps/" + name)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {21, 25})
    void aHealthyServiceClassifiesAsNothingWhateverSetTheWatchOff(int jdk) throws IOException {
        assertEquals(List.of(), classify(jdk, "healthy", Trigger.HANG, 2));
        assertEquals(List.of(), classify(jdk, "healthy", Trigger.STALL, 2));
    }

    @Test
    void jdk21sCarrierDeadlockNamesTheWaitersFrameTheLockAndTheHolderPastIt() throws IOException {
        Breakage.CarrierDeadlock deadlock = assertInstanceOf(Breakage.CarrierDeadlock.class,
                classify(21, "carrier-deadlock", Trigger.HANG, 8).getFirst());
        assertEquals(2, deadlock.carriers());
        assertEquals(2, deadlock.pinnedCarriers());
        assertEquals("ShopCheckout.checkout:455", deadlock.waiterFrame());
        assertEquals("java.util.concurrent.locks.ReentrantLock", deadlock.lock());
        assertEquals("ShopCheckout.checkout:458", deadlock.holderFrame(), "asleep past lock(), with no carrier");
        assertEquals(false, deadlock.nextOwner());
        WaitChain chain = deadlock.chain();
        assertEquals(java.util.Arrays.asList("java.util.concurrent.locks.ReentrantLock", null),
                chain.links().stream().map(WaitChain.Link::lock).toList());
        assertEquals(WaitChain.OwnerFrom.INFERRED, chain.links().getFirst().ownerFrom());
        assertEquals("#19", chain.last().thread());
        assertEquals(WaitChain.Ending.NEEDS_CARRIER, chain.ending());
        assertEquals(List.of("#21", "#22"), chain.carriersHeldBy());
    }

    /**
     * Every request of the first dump had completed by the second: nothing is stuck, no call is slow, and
     * no carrier is held. What both dumps show is seven virtual threads waiting for one ReentrantLock (the
     * same object in both), whose holder sleeps past lock(): the requests pass that lock in turn.
     */
    @Test
    void jdk25PassesTheSameLockInTurnSoItIsNoDeadlockButLockContention() throws IOException {
        List<Breakage> found = classify(25, "carrier-deadlock", Trigger.HANG, 8);
        assertEquals(1, found.size(), found.toString());
        Breakage.MonitorContention contention = assertInstanceOf(Breakage.MonitorContention.class, found.getFirst());
        assertEquals(false, contention.monitor());
        assertTrue(contention.lock().startsWith("java.util.concurrent.locks.ReentrantLock$NonfairSync@"),
                contention.lock());
        assertEquals(7, contention.blocked());
        assertEquals(7, contention.blockedVirtual());
        assertEquals("ShopCheckout.checkout:455", contention.frame());
        assertEquals("ShopCheckout.checkout:458", contention.ownerFrame());
        assertEquals(WaitChain.OwnerFrom.INFERRED, contention.ownerFrom(), "JDK 25.0.3 writes no lock owner");
        assertEquals(2, contention.dumps());
    }

    @ParameterizedTest
    @ValueSource(ints = {21, 25})
    void cpuBoundRequestsOnEveryCarrierWithOthersQueuedAreCarriersMonopolised(int jdk) throws IOException {
        Breakage.CarriersMonopolised monopolised = assertInstanceOf(Breakage.CarriersMonopolised.class,
                classify(jdk, "carriers-monopolised", Trigger.STALL, 7).getFirst());
        assertEquals(2, monopolised.carriers());
        assertEquals(2, monopolised.held(), "the same two pricing loops on the carriers in both dumps");
        assertEquals(5, monopolised.queued(), "the third pricing request and the four hello requests");
        assertEquals(jdk >= 24 ? Breakage.CountSource.SCHEDULER : Breakage.CountSource.DUMP,
                monopolised.queuedFrom());
        assertEquals(List.of(new Breakage.FrameCount("ShopPricing.compute:478", 2)), monopolised.cpuFrames());
    }

    /**
     * Issue 39's audit, "one situation, two causes": the successor waits for a carrier because two pricing
     * loops hold both carriers. Both kinds are named, the cause first; the successor wait was named alone
     * before, or the carriers alone, depending on which rule ran first.
     */
    @Test
    void oneSituationTwoCausesBothNamedTheBusyCarriersFirst() throws IOException {
        List<Breakage> found = classify(25, "monitor-successor-wait", Trigger.STALL, 6);
        assertEquals(List.of(BreakageKind.CARRIERS_MONOPOLISED, BreakageKind.MONITOR_SUCCESSOR_WAIT),
                found.stream().map(Breakage::kind).toList());
        Breakage.MonitorSuccessorWait wait = (Breakage.MonitorSuccessorWait) found.get(1);
        assertEquals(WaitChain.Ending.NEEDS_CARRIER, wait.chain().ending());
        assertEquals(2, wait.chain().carriersHeldBy().size(), "the two pricing loops");
    }

    @Test
    void jdk25sFreeMonitorWhoseSuccessorHasNoCarrierIsAMonitorSuccessorWait() throws IOException {
        Breakage.MonitorSuccessorWait wait = assertInstanceOf(Breakage.MonitorSuccessorWait.class,
                classify(25, "monitor-successor-wait", Trigger.STALL, 6).get(1));
        assertTrue(wait.monitor().startsWith("ShopStock@"), wait.monitor());
        assertEquals(3, wait.blocked(), "two virtual threads and the platform auditor");
        assertEquals(1, wait.blockedPlatform());
        assertEquals("ShopStock.update:519", wait.frame());
    }

    @Test
    void onJdk21TheMonitorPinsInsteadSoNoSuccessorWaitsAndNothingIsQueued() throws IOException {
        assertEquals(List.of(), classify(21, "monitor-successor-wait", Trigger.STALL, 6));
    }

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
     * queues, so the pool is not exhausted; and a platform thread at a frame that another thread of its
     * pool shares, with no idle thread beside it, may have served many requests between the dumps, so no
     * call is shown slow.
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
        assertEquals("ShopPayment.charge:555", slow.frame());
        assertEquals(Waiting.SLEEPING, slow.waiting());
        assertEquals(1, slow.threads(), "the short requests come and go between the dumps");
        assertEquals(Breakage.SlowCall.Evidence.VIRTUAL_THREAD, slow.evidence());
    }

    @ParameterizedTest
    @ValueSource(ints = {21, 25})
    void onePlatformPoolThreadAsleepWhileTheOthersIdleIsASlowCallNotAnExhaustedPool(int jdk) throws IOException {
        Breakage.SlowCall slow = assertInstanceOf(Breakage.SlowCall.class,
                classify(jdk, "slow-call-platform", Trigger.STALL, 1).getFirst());
        assertEquals("ShopPayment.charge:555", slow.frame());
        assertEquals(1, slow.threads());
        assertEquals(Breakage.SlowCall.Evidence.PLATFORM_ALONE, slow.evidence());
    }

    @ParameterizedTest
    @ValueSource(ints = {21, 25})
    void aVirtualThreadReadingASilentSocketIsASlowCallOnInput(int jdk) throws IOException {
        Breakage.SlowCall slow = assertInstanceOf(Breakage.SlowCall.class,
                classify(jdk, "slow-io", Trigger.STALL, 1).getFirst());
        assertEquals("ShopLedger.fetch:579", slow.frame());
        assertEquals(Waiting.SOCKET, slow.waiting());
    }
}
