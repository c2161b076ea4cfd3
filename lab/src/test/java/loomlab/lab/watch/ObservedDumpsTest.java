package loomlab.lab.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import loomlab.core.breakage.Breakage;
import loomlab.core.breakage.SchedulerCounts;
import loomlab.core.breakage.StallClassifier;
import loomlab.core.breakage.ThreadDump;
import loomlab.core.breakage.WaitChain;
import org.junit.jupiter.api.Test;

/**
 * Dumps the lab took of loomcat itself (kept as they came from jcmd), read and classified: the
 * production deadlock on JDK 21, and CPU-bound requests keeping both carriers busy on JDK 25.
 */
class ObservedDumpsTest {
    private static final Set<String> LOOMCAT = Set.of("loomlab.loomcat");

    static ThreadDump dump(String name) throws IOException {
        try (InputStream in = ObservedDumpsTest.class.getResourceAsStream("/thread-dumps/" + name)) {
            if (in == null) {
                throw new IOException("no fixture " + name);
            }
            return ThreadDumpJson.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    private static List<Breakage> classify(StallClassifier.Trigger trigger, Integer inFlight, String... names)
            throws IOException {
        List<ThreadDump> dumps = new java.util.ArrayList<>();
        for (String name : names) {
            dumps.add(dump(name));
        }
        return StallClassifier.classify(dumps, List.of(), new StallClassifier.Context(trigger, inFlight, LOOMCAT));
    }

    @Test
    void jdk21sLayoutIsReadForCarriersPinsAndQueuedVirtualThreads() throws IOException {
        ThreadDump dump = dump("observed/jdk21-loomcat-deadlock-1.json");
        assertEquals(21, dump.feature());
        assertEquals(false, dump.detailed());
        assertEquals(2, dump.carriers().size(), "ForkJoinPool-1-worker-1 and -2, not virtual for their frames");
        var counts = dump.counts();
        assertEquals(2, counts.pinnedCarriers());
        assertEquals(2, counts.lockWaiters());
        assertEquals(13, counts.queuedVirtual(), "virtual threads started and never run have no stack on JDK 21");
    }

    @Test
    void jdk21sDeadlockIsEveryCarrierPinnedByLockWaitersWhileTheHolderHasNone() throws IOException {
        Breakage.CarrierDeadlock deadlock = assertInstanceOf(Breakage.CarrierDeadlock.class, classify(
                StallClassifier.Trigger.HANG, 16, "observed/jdk21-loomcat-deadlock-1.json",
                "observed/jdk21-loomcat-deadlock-2.json").getFirst());
        assertEquals(2, deadlock.carriers());
        assertEquals(2, deadlock.pinnedCarriers());
        assertEquals("java.util.concurrent.locks.ReentrantLock", deadlock.lock());
        assertEquals("loomlab.loomcat.LockEndpoints.sharedLockSleep:66", deadlock.waiterFrame());
        assertEquals("loomlab.loomcat.LockEndpoints.sharedLockSleep:69", deadlock.holderFrame(),
                "the holder stands past the lock, asleep (its sleep over), with no carrier to go on");
        assertEquals(2, deadlock.dumps());
        WaitChain chain = deadlock.chain();
        assertEquals(WaitChain.Ending.NEEDS_CARRIER, chain.ending());
        assertEquals(WaitChain.OwnerFrom.INFERRED, chain.links().getFirst().ownerFrom(), "JDK 21 names no owner");
        assertEquals("loomcat-v61", chain.last().thread());
        assertEquals(false, chain.last().mounted());
    }

    @Test
    void oneDumpDoesNotMakeADeadlock() throws IOException {
        List<Breakage> once = classify(StallClassifier.Trigger.HANG, 16, "observed/jdk21-loomcat-deadlock-1.json");
        assertTrue(once.stream().noneMatch(b -> b instanceof Breakage.CarrierDeadlock),
                "not confirmed by a second dump: " + once);
    }

    /**
     * One dump of CPU-bound requests on both carriers, twelve virtual threads queued: every carrier busy,
     * and one dump cannot tell whether a thread kept its carrier, so no scheduler cause is named.
     */
    @Test
    void jdk25sCpuBoundRequestsOnEveryCarrierWithOthersQueuedInOneDumpAreCpuSaturated() throws IOException {
        ThreadDump dump = dump("observed/jdk25-loomcat-cpu-1.json");
        assertTrue(dump.detailed());
        Breakage.CpuSaturated saturated = assertInstanceOf(Breakage.CpuSaturated.class,
                StallClassifier.classify(List.of(dump), List.of(), new StallClassifier.Context(
                        StallClassifier.Trigger.STALL, 14, LOOMCAT)).getFirst());
        assertTrue(saturated.virtual());
        assertEquals(2, saturated.busy());
        assertEquals(12, saturated.queued(), "twelve virtual threads RUNNABLE with no carrier");
        assertEquals(Breakage.CountSource.DUMP, saturated.queuedFrom());
        assertEquals(1, saturated.dumps());
        assertEquals(List.of(new Breakage.FrameCount("loomlab.loomcat.Endpoints.countTo:123", 2)),
                saturated.cpuFrames());

        SchedulerCounts counted = SchedulerCounts.parse("java.util.concurrent.ForkJoinPool@11291c0c[Running, "
                + "parallelism = 2, size = 2, active = 2, running = 0, steals = 2, tasks = 3, submissions = 9]")
                .orElseThrow();
        Breakage.CpuSaturated byScheduler = assertInstanceOf(Breakage.CpuSaturated.class,
                StallClassifier.classify(List.of(dump), List.of(counted), new StallClassifier.Context(
                        StallClassifier.Trigger.STALL, 14, LOOMCAT)).getFirst());
        assertEquals(12, byScheduler.queued());
        assertEquals(Breakage.CountSource.SCHEDULER, byScheduler.queuedFrom());
    }

    /**
     * Issue 39's audit, "CPU saturation reads as a held carrier": the fairness arm's stall, whose carriers
     * ran v414 and v415 in the first dump and v555 and v559 in the second (about 140 short /cpu requests
     * passed between them). No carrier was held; every carrier was busy and a queue waited: CPU saturated,
     * with no claim that the scheduler failed to preempt. The scheduler, read after the second dump, had
     * nothing queued any more, so the dump's own count of waiting virtual threads stands.
     */
    @Test
    void cpuSaturationIsNotReadAsAHeldCarrier() throws IOException {
        List<ThreadDump> dumps = List.of(dump("observed/jdk25-loomcat-hello-beside-cpu-1.json"),
                dump("observed/jdk25-loomcat-hello-beside-cpu-2.json"));
        StallClassifier.Context stall = new StallClassifier.Context(StallClassifier.Trigger.STALL, 4, LOOMCAT);
        SchedulerCounts drained = new SchedulerCounts(2, 2, 0, 0);
        List<Breakage> found = StallClassifier.classify(dumps, List.of(drained), stall);
        assertEquals(1, found.size(), found.toString());
        Breakage.CpuSaturated saturated = assertInstanceOf(Breakage.CpuSaturated.class, found.getFirst());
        assertEquals(13, saturated.queued());
        assertEquals(Breakage.CountSource.DUMP, saturated.queuedFrom());
        assertEquals(2, saturated.dumps(), "other threads on the carriers by the second dump");
        assertEquals(List.of(new Breakage.FrameCount("loomlab.loomcat.Endpoints.countTo:124", 1),
                new Breakage.FrameCount("loomlab.loomcat.Endpoints.countTo:123", 1)), saturated.cpuFrames(),
                "the last dump's carriers, in the dump's order");

        SchedulerCounts queued = new SchedulerCounts(2, 2, 2, 7);
        Breakage.CpuSaturated counted = assertInstanceOf(Breakage.CpuSaturated.class,
                StallClassifier.classify(dumps, List.of(queued), stall).getFirst());
        assertEquals(7, counted.queued(), "the scheduler's count where it has one");
        assertEquals(Breakage.CountSource.SCHEDULER, counted.queuedFrom());
    }

    /**
     * The same two dumps in reverse order would show the same threads held only if they were; reversed
     * for the rule: the first dump twice (the same virtual threads on the carriers at both ends of the
     * span) is a monopolised carrier.
     */
    @Test
    void theSameVirtualThreadsOnTheCarriersAtBothEndsOfTheSpanAreCarriersMonopolised() throws IOException {
        ThreadDump busy = dump("observed/jdk25-loomcat-hello-beside-cpu-1.json");
        Breakage.CarriersMonopolised held = assertInstanceOf(Breakage.CarriersMonopolised.class,
                StallClassifier.classify(List.of(busy, busy), List.of(), new StallClassifier.Context(
                        StallClassifier.Trigger.STALL, 4, LOOMCAT)).getFirst());
        assertEquals(2, held.held());
        assertEquals(2, held.carriers());
    }

    /**
     * A quick run's fairness stall (docs/measurements.md, "Test fixtures taken from runs"): /hello still
     * waited as the run ended. The first dump, taken as it waited, shows both carriers in countTo and
     * loomcat's poller, chosen to enter a monitor next, with no carrier; the second, taken once the
     * /cpu users had stopped, an idle server. The earlier dump classifies it, the busy carriers first and
     * the successor that waits for one of them second; reversed, the idle dump alone classifies nothing.
     */
    @Test
    void aStallOpenAtTheRunsEndIsClassifiedByTheDumpTakenWhileItWaitedNotTheIdleOneAfter() throws IOException {
        StallClassifier.Context stall = new StallClassifier.Context(StallClassifier.Trigger.STALL, 1, LOOMCAT);
        ThreadDump busy = dump("observed/jdk25-loomcat-hello-beside-cpu-run-end-1.json");
        ThreadDump idle = dump("observed/jdk25-loomcat-hello-beside-cpu-run-end-2.json");
        List<Breakage> found = StallClassifier.classify(List.of(busy, idle), List.of(new SchedulerCounts(2, 0, 0, 0)),
                stall);
        assertEquals(2, found.size(), found.toString());
        assertInstanceOf(Breakage.CpuSaturated.class, found.getFirst(), "the cause: every carrier busy");
        Breakage.MonitorSuccessorWait successor = assertInstanceOf(Breakage.MonitorSuccessorWait.class, found.get(1));
        assertTrue(successor.frame().startsWith("loomlab.http.Poller.await"), successor.toString());
        assertEquals(2, successor.counts().carriers());
        assertEquals(WaitChain.Ending.NEEDS_CARRIER, successor.chain().ending());
        assertTrue(StallClassifier.classify(List.of(idle), List.of(), stall).isEmpty(), "the idle dump alone");
    }
}
