package loomlab.lab.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.core.breakage.Breakage;
import loomlab.core.breakage.Diagnosis;
import loomlab.core.breakage.DumpCounts;
import loomlab.core.breakage.Hang;
import loomlab.core.breakage.Stall;
import loomlab.core.breakage.WaitChain;
import loomlab.core.breakage.Waiting;
import loomlab.core.finding.ArmHung;
import loomlab.core.finding.ArmStalled;
import org.junit.jupiter.api.Test;

/** A stall says whether it was the measured run's or the unmeasured warm-up's, and whether it outlasted its run. */
class BreakageWordsTest {
    private static final ArmKey WEBFLUX = new ArmKey(ServerId.WEBFLUX, new ServingModel.EventLoop(), null, null, null,
            Map.of());
    private static final Breakage ONE_DUMP = new Breakage.Unclassified("one dump only", null);

    private static String stalled(boolean endedWithRun, boolean inWarmup) {
        return BreakageWords.stalled(new ArmStalled(WEBFLUX, List.of(new Stall(0.4, 2_926, "/downstream?delay=50",
                ONE_DUMP, List.of(), null, endedWithRun, inWarmup))));
    }

    @Test
    void aStallInTheWarmUpIsSaidToBeUnmeasured() {
        String warmup = stalled(true, true);
        assertTrue(warmup.contains("/downstream?delay=50 waited 2,926 ms (in the warm-up, not measured; still waiting"
                + " when it ended)"), warmup);
        String answered = stalled(false, true);
        assertTrue(answered.contains("waited 2,926 ms (in the warm-up, not measured),"), answered);
    }

    @Test
    void aStallOfTheMeasuredRunIsNotCalledAWarmUps() {
        String measured = stalled(true, false);
        assertTrue(measured.contains("waited 2,926 ms (still waiting when the run ended)"), measured);
        assertFalse(measured.contains("warm-up"), measured);
        assertFalse(stalled(false, false).contains("still waiting"), stalled(false, false));
    }

    /** The fairness arm's /hello behind loomcat's poller (a quick run's, docs/measurements.md): one thread blocked. */
    @Test
    void aMonitorsSuccessorCountsItsBlockedThreadsInTheRightNumber() {
        String one = BreakageWords.of(new Breakage.MonitorSuccessorWait("java.lang.Object@3b258843", 1, 0,
                "loomcat-v212", "loomlab.http.Poller.await:50", null));
        assertTrue(one.startsWith("a monitor's successor waiting for a carrier: 1 thread blocked on"), one);
        String three = BreakageWords.of(new Breakage.MonitorSuccessorWait("java.lang.Object@3b258843", 3, 1,
                "loomcat-v212", "loomlab.http.Poller.await:50", null));
        assertTrue(three.startsWith("a monitor's successor waiting for a carrier: 3 threads (1 of them platform threads)"),
                three);
    }

    /**
     * Issue 39's audit, "a hang's words contradict themselves": a slow call found in a hang's dumps is not
     * said to have happened "while the rest of the service answered" after "nothing answered". Reversed:
     * a stall's slow call says it, since the rest was answered.
     */
    @Test
    void aHangsWordsDoNotContradictThemselves() {
        Breakage.SlowCall slow = new Breakage.SlowCall("shop.Handler.handle:29", Waiting.LOCK, "#31", 3,
                Breakage.SlowCall.Evidence.VIRTUAL_THREAD, null, new DumpCounts(2, 1, 2, 10, 4, 16, 12));
        String hung = BreakageWords.hung(new ArmHung(WEBFLUX, new Hang(9.0, 3.0, 14, 120, slow,
                List.of("arms/a-hang-1.threads.json", "arms/a-hang-2.threads.json"), null)));
        assertTrue(hung.contains("nothing answered for 3.00 s"), hung);
        assertTrue(hung.contains("A slow call: #31 waiting for a lock at shop.Handler.handle:29"), hung);
        String afterTheSilence = hung.substring(hung.indexOf("A slow call"));
        assertFalse(afterTheSilence.contains("answered"), afterTheSilence);

        String stalled = BreakageWords.stalled(new ArmStalled(WEBFLUX, List.of(new Stall(1.0, 2_000, "/pay", slow,
                List.of(), null, false))));
        assertTrue(stalled.contains("while the rest of the service answered"), stalled);
    }

    /** Two kinds found at once are both worded, the cause first, each with its chain. */
    @Test
    void twoKindsAreBothWordedTheCauseFirst() {
        DumpCounts counts = new DumpCounts(2, 0, 2, 1, 3, 5, 12);
        Breakage busy = new Breakage.CarriersMonopolised(2, 2, 1, Breakage.CountSource.SCHEDULER,
                List.of(new Breakage.FrameCount("ShopPricing.compute:478", 2)), 2, 1.5, counts);
        WaitChain chain = new WaitChain(List.of(
                new WaitChain.Link("shop-stock-audit", "32", false, null, null, Waiting.MONITOR,
                        "ShopStock.update:519", "ShopStock@2e56ba08", WaitChain.OwnerFrom.NEXT_OWNER),
                new WaitChain.Link("#25", "25", true, false, null, Waiting.RUNNING, "ShopStock.update:519", null,
                        null)), WaitChain.Ending.NEEDS_CARRIER, null, List.of("#30", "#31"));
        Breakage successor = new Breakage.MonitorSuccessorWait("ShopStock@2e56ba08", 3, 1, "#25",
                "ShopStock.update:519", chain, counts);
        String words = BreakageWords.of(new Diagnosis(List.of(busy, successor)));
        assertTrue(words.startsWith("carriers monopolised: all 2 carriers ran the same virtual thread in dumps taken"
                + " 1.50 s apart"), words);
        assertTrue(words.contains("; and, behind that, a monitor's successor waiting for a carrier"), words);
        assertTrue(words.endsWith("wait-for chain: shop-stock-audit (platform) blocked on ShopStock@2e56ba08 at"
                + " ShopStock.update:519 -> its next owner #25 (inferred from the frames; virtual, no carrier) ready"
                + " to run at ShopStock.update:519, and needs a carrier to go on: every carrier is held by #30 and"
                + " #31"), words);
        assertEquals("carriers-monopolised, then monitor-successor-wait",
                BreakageWords.kinds(new Diagnosis(List.of(busy, successor))));
    }
    /**
     * A carrier deadlock whose owner no dump names says what the pinned threads wait on and why none can
     * end. Reversed: one with a holder names it.
     */
    @Test
    void aCarrierDeadlockWithNoOwnerSaysWhatThePinnedThreadsWaitOn() {
        DumpCounts counts = new DumpCounts(2, 2, 2, 2, 0, 5, 12);
        String none = BreakageWords.of(new Breakage.CarrierDeadlock(2, 2, "shop.Rates.<clinit>:12",
                "work inside the class initialiser shop.Rates.<clinit>", null, null, false, 2, 1.5, null, counts));
        assertEquals("deadlocked: 2 of 2 carriers held at shop.Rates.<clinit>:12 by virtual threads pinned waiting for"
                + " work inside the class initialiser shop.Rates.<clinit>, while 2 virtual threads waited for a carrier"
                + " and nothing moved; whatever those wait for, none can run to end the pinned waits (the dumps name no"
                + " owner); the same in 2 dumps taken 1.50 s apart", none);
        String held = BreakageWords.of(new Breakage.CarrierDeadlock(2, 2, "shop.Checkout.pay:12",
                "java.util.concurrent.locks.ReentrantLock", "#40", "shop.Checkout.pay:15", 2, counts));
        assertTrue(held.contains("held by a virtual thread that needs a carrier to release it (#40 at"
                + " shop.Checkout.pay:15)"), held);
    }
    /** The common pool's exhaustion says why it has no more threads and what to do. Reversed: a lab pool's, its requests. */
    @Test
    void theCommonPoolsExhaustionSaysItAddsNoThreadForABlockingTask() {
        DumpCounts counts = new DumpCounts(0, 0, 0, 0, 0, 0, 20);
        assertEquals("pool exhausted: all 2 threads of ForkJoinPool.commonPool-worker-* blocked (2 at shop.Rates.fetch:30)"
                + " while 3 threads waited on a CompletableFuture's result; the common pool has as many threads as its"
                + " parallelism (the cores less one) and adds none for a task that blocks, so the tasks they wait for"
                + " queue (give blocking tasks an executor of their own)", BreakageWords.of(new Breakage.PoolExhausted(
                "ForkJoinPool.commonPool-worker-", 2, "shop.Rates.fetch:30", 2, 3,
                Breakage.PoolExhausted.Held.FUTURES_WAITING, counts)));
        assertEquals("pool exhausted: all 3 threads of shop-exec-* sat in calls that used no CPU between the dumps (3 at"
                + " shop.Rates.fetch:50), by Thread.print's CPU times: none served anything meanwhile, so what else"
                + " arrives queues for a thread", BreakageWords.of(new Breakage.PoolExhausted("shop-exec-", 3,
                "shop.Rates.fetch:50", 3, 3, Breakage.PoolExhausted.Held.STUCK_CALLS, counts)));
        assertEquals("pool exhausted: all 4 threads of shop-exec-* busy (4 at shop.Pay.charge:9) with 6 requests"
                + " outstanding", BreakageWords.of(new Breakage.PoolExhausted("shop-exec-", 4, "shop.Pay.charge:9", 4, 6,
                counts)));
    }
    /**
     * A hundred stalls the dumps could not classify, and four slow calls at one frame, are one line each with
     * their count, not a hundred lines. Reversed: stalls at different frames are told apart.
     */
    @Test
    void stallsAlikeAreCountedUnderOneLine() {
        List<Stall> stalls = new java.util.ArrayList<>();
        for (int i = 0; i < 100; i++) {
            stalls.add(new Stall(1.0 + i, 3_000 + i, "/orders", ONE_DUMP, List.of(), null, false));
        }
        DumpCounts counts = new DumpCounts(0, 0, 0, 0, 0, 0, 60);
        for (int i = 0; i < 4; i++) {
            stalls.add(new Stall(200.0 + i, 3_010, "/orders", new Breakage.SlowCall("shop.Rates.fetch:50",
                    Waiting.SLEEPING, "shop-exec-" + i, 1, Breakage.SlowCall.Evidence.PLATFORM_NO_CPU, null, counts),
                    List.of(), null, false));
        }
        String words = BreakageWords.stalled(new ArmStalled(WEBFLUX, stalls));
        assertTrue(words.contains("104 requests waited far longer than the rest while they were answered: /orders"
                + " waited 3,000 ms, not classified: one dump only (and 99 more alike); /orders waited 3,010 ms, a slow"
                + " call: shop-exec-0 sleeping at shop.Rates.fetch:50"), words);
        assertTrue(words.contains("(and 3 more alike)."), words);
        stalls.add(new Stall(300.0, 3_020, "/pay", new Breakage.SlowCall("shop.Pay.charge:9", Waiting.SLEEPING,
                "shop-exec-9", 1, Breakage.SlowCall.Evidence.PLATFORM_NO_CPU, null, counts), List.of(), null, false));
        assertTrue(BreakageWords.stalled(new ArmStalled(WEBFLUX, stalls)).contains("/pay waited 3,020 ms, a slow call:"
                + " shop-exec-9"), "another frame, another line");
    }

    /** A backlog drop after a completed connect says why connect() succeeded; one still connecting says the SYN. */
    @Test
    void aBacklogDropOnAConnectedFreshConnectionSaysTheLastAckWasDropped() {
        String connected = BreakageWords.of(new loomlab.core.breakage.Breakage.BacklogDrop(3, 1_200, true));
        assertTrue(connected.contains("its fresh connection had completed its handshake but carried no answer after"
                + " 1,200 ms"), connected);
        assertTrue(connected.contains("so connect() succeeded while the service never accepted the connection"),
                connected);
        String connecting = BreakageWords.of(new loomlab.core.breakage.Breakage.BacklogDrop(3, 1_200));
        assertTrue(connecting.contains("its connection had not completed its handshake after 1,200 ms"), connecting);
        assertFalse(connecting.contains("connect() succeeded"), connecting);
    }
}
