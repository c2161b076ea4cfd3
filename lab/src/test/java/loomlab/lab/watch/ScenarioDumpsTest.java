package loomlab.lab.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import loomlab.core.breakage.Breakage;
import loomlab.core.breakage.SchedulerCounts;
import loomlab.core.breakage.StallClassifier;
import loomlab.core.breakage.StallClassifier.Trigger;
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

    private static Optional<Breakage> classify(int jdk, String scenario, Trigger trigger, Integer inFlight)
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
        assertEquals(Optional.empty(), classify(jdk, "healthy", Trigger.HANG, 2));
        assertEquals(Optional.empty(), classify(jdk, "healthy", Trigger.STALL, 2));
    }

    @Test
    void jdk21sCarrierDeadlockNamesTheWaitersFrameTheLockAndTheHolderPastIt() throws IOException {
        Breakage.CarrierDeadlock deadlock = assertInstanceOf(Breakage.CarrierDeadlock.class,
                classify(21, "carrier-deadlock", Trigger.HANG, 8).orElseThrow());
        assertEquals(2, deadlock.carriers());
        assertEquals(2, deadlock.pinnedCarriers());
        assertEquals("ShopCheckout.checkout:455", deadlock.waiterFrame());
        assertEquals("java.util.concurrent.locks.ReentrantLock", deadlock.lock());
        assertEquals("ShopCheckout.checkout:458", deadlock.holderFrame(), "asleep past lock(), with no carrier");
    }

    @Test
    void jdk25PassesTheSameLockInTurnSoItIsNoDeadlockAndNoCallIsSlow() throws IOException {
        // Every request of the first dump had completed by the second: nothing waited between them.
        assertEquals(Optional.empty(), classify(25, "carrier-deadlock", Trigger.HANG, 8));
    }

    @ParameterizedTest
    @ValueSource(ints = {21, 25})
    void cpuBoundRequestsOnEveryCarrierWithOthersQueuedAreCarriersMonopolised(int jdk) throws IOException {
        Breakage.CarriersMonopolised monopolised = assertInstanceOf(Breakage.CarriersMonopolised.class,
                classify(jdk, "carriers-monopolised", Trigger.STALL, 7).orElseThrow());
        assertEquals(2, monopolised.carriers());
        assertEquals(5, monopolised.queued(), "the third pricing request and the four hello requests");
        assertEquals(jdk >= 24 ? Breakage.CountSource.SCHEDULER : Breakage.CountSource.DUMP,
                monopolised.queuedFrom());
        assertEquals(List.of(new Breakage.FrameCount("ShopPricing.compute:478", 2)), monopolised.cpuFrames());
    }

    @Test
    void jdk25sFreeMonitorWhoseSuccessorHasNoCarrierIsAMonitorSuccessorWait() throws IOException {
        Breakage.MonitorSuccessorWait wait = assertInstanceOf(Breakage.MonitorSuccessorWait.class,
                classify(25, "monitor-successor-wait", Trigger.STALL, 6).orElseThrow());
        assertTrue(wait.monitor().startsWith("ShopStock@"), wait.monitor());
        assertEquals(3, wait.blocked(), "two virtual threads and the platform auditor");
        assertEquals(1, wait.blockedPlatform());
        assertEquals("ShopStock.update:519", wait.frame());
    }

    @Test
    void onJdk21TheMonitorPinsInsteadSoNoSuccessorWaitsAndNothingIsQueued() throws IOException {
        assertEquals(Optional.empty(), classify(21, "monitor-successor-wait", Trigger.STALL, 6));
    }

    @ParameterizedTest
    @ValueSource(ints = {21, 25})
    void everyThreadOfAFixedPoolInTheUsersCodeWithMoreOutstandingIsPoolExhausted(int jdk) throws IOException {
        Breakage.PoolExhausted exhausted = assertInstanceOf(Breakage.PoolExhausted.class,
                classify(jdk, "pool-exhausted", Trigger.HANG, 10).orElseThrow());
        assertEquals("shop-exec-", exhausted.pool());
        assertEquals(4, exhausted.threads());
        assertEquals(2, exhausted.atFrame());
        assertTrue(exhausted.frame().startsWith("ShopInventory.reserve"), exhausted.frame());
    }

    @ParameterizedTest
    @ValueSource(ints = {21, 25})
    void withNoMoreOutstandingThanThePoolHasThreadsTheSamePoolIsOnlySlowCalls(int jdk) throws IOException {
        Breakage.SlowCall slow = assertInstanceOf(Breakage.SlowCall.class,
                classify(jdk, "pool-exhausted", Trigger.HANG, 4).orElseThrow());
        assertTrue(slow.frame().startsWith("ShopInventory.reserve"), slow.frame());
        assertEquals(2, slow.threads());
    }

    @ParameterizedTest
    @ValueSource(ints = {21, 25})
    void oneVirtualRequestAsleepInTheSameFrameAcrossBothDumpsIsASlowCall(int jdk) throws IOException {
        Breakage.SlowCall slow = assertInstanceOf(Breakage.SlowCall.class,
                classify(jdk, "slow-call", Trigger.STALL, 3).orElseThrow());
        assertEquals("ShopPayment.charge:555", slow.frame());
        assertEquals(Waiting.SLEEPING, slow.waiting());
        assertEquals(1, slow.threads(), "the short requests come and go between the dumps");
    }

    @ParameterizedTest
    @ValueSource(ints = {21, 25})
    void onePlatformPoolThreadAsleepWhileTheOthersIdleIsASlowCallNotAnExhaustedPool(int jdk) throws IOException {
        Breakage.SlowCall slow = assertInstanceOf(Breakage.SlowCall.class,
                classify(jdk, "slow-call-platform", Trigger.STALL, 1).orElseThrow());
        assertEquals("ShopPayment.charge:555", slow.frame());
        assertEquals(1, slow.threads());
    }

    @ParameterizedTest
    @ValueSource(ints = {21, 25})
    void aVirtualThreadReadingASilentSocketIsASlowCallOnInput(int jdk) throws IOException {
        Breakage.SlowCall slow = assertInstanceOf(Breakage.SlowCall.class,
                classify(jdk, "slow-io", Trigger.STALL, 1).orElseThrow());
        assertEquals("ShopLedger.fetch:579", slow.frame());
        assertEquals(Waiting.SOCKET, slow.waiting());
    }
}
