package loomlab.lab.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import loomlab.core.breakage.Breakage;
import loomlab.core.breakage.SchedulerCounts;
import loomlab.core.breakage.StallClassifier;
import loomlab.core.breakage.ThreadDump;
import org.junit.jupiter.api.Test;

/**
 * Dumps the lab took of loomcat itself (kept as they came from jcmd), read and classified: the
 * production deadlock on JDK 21, and CPU-bound requests holding both carriers on JDK 25.
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

    private static Optional<Breakage> classify(StallClassifier.Trigger trigger, Integer inFlight, String... names)
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
                "observed/jdk21-loomcat-deadlock-2.json").orElseThrow());
        assertEquals(2, deadlock.carriers());
        assertEquals(2, deadlock.pinnedCarriers());
        assertEquals("java.util.concurrent.locks.ReentrantLock", deadlock.lock());
        assertEquals("loomlab.loomcat.LockEndpoints.sharedLockSleep:66", deadlock.waiterFrame());
        assertEquals("loomlab.loomcat.LockEndpoints.sharedLockSleep:69", deadlock.holderFrame(),
                "the holder stands past the lock, asleep (its sleep over), with no carrier to go on");
        assertEquals(2, deadlock.dumps());
    }

    @Test
    void oneDumpDoesNotMakeADeadlock() throws IOException {
        Optional<Breakage> once = classify(StallClassifier.Trigger.HANG, 16, "observed/jdk21-loomcat-deadlock-1.json");
        assertTrue(once.isEmpty() || !(once.get() instanceof Breakage.CarrierDeadlock),
                "not confirmed by a second dump: " + once);
    }

    @Test
    void jdk25sCpuBoundRequestsOnEveryCarrierWithOthersQueuedAreCarriersMonopolised() throws IOException {
        ThreadDump dump = dump("observed/jdk25-loomcat-cpu-1.json");
        assertTrue(dump.detailed());
        Breakage.CarriersMonopolised monopolised = assertInstanceOf(Breakage.CarriersMonopolised.class,
                StallClassifier.classify(List.of(dump), List.of(), new StallClassifier.Context(
                        StallClassifier.Trigger.STALL, 14, LOOMCAT)).orElseThrow());
        assertEquals(2, monopolised.carriers());
        assertEquals(12, monopolised.queued(), "twelve virtual threads RUNNABLE with no carrier");
        assertEquals(Breakage.CountSource.DUMP, monopolised.queuedFrom());
        assertEquals(List.of(new Breakage.FrameCount("loomlab.loomcat.Endpoints.countTo:123", 2)),
                monopolised.cpuFrames());

        SchedulerCounts counted = SchedulerCounts.parse("java.util.concurrent.ForkJoinPool@11291c0c[Running, "
                + "parallelism = 2, size = 2, active = 2, running = 0, steals = 2, tasks = 3, submissions = 9]")
                .orElseThrow();
        Breakage.CarriersMonopolised byScheduler = assertInstanceOf(Breakage.CarriersMonopolised.class,
                StallClassifier.classify(List.of(dump), List.of(counted), new StallClassifier.Context(
                        StallClassifier.Trigger.STALL, 14, LOOMCAT)).orElseThrow());
        assertEquals(12, byScheduler.queued());
        assertEquals(Breakage.CountSource.SCHEDULER, byScheduler.queuedFrom());
    }

    /**
     * The fairness arm's stall as the watchdog saw it: the scheduler, read after the second dump, had
     * nothing queued any more; the dumps show both carriers in countTo and 13 virtual threads waiting.
     */
    @Test
    void aSchedulerReadAfterTheQueueDrainedLeavesTheDumpsOwnCountOfWaitingVirtualThreads() throws IOException {
        List<ThreadDump> dumps = List.of(dump("observed/jdk25-loomcat-hello-beside-cpu-1.json"),
                dump("observed/jdk25-loomcat-hello-beside-cpu-2.json"));
        StallClassifier.Context stall = new StallClassifier.Context(StallClassifier.Trigger.STALL, 4, LOOMCAT);
        SchedulerCounts drained = new SchedulerCounts(2, 2, 0, 0);
        Breakage.CarriersMonopolised monopolised = assertInstanceOf(Breakage.CarriersMonopolised.class,
                StallClassifier.classify(dumps, List.of(drained), stall).orElseThrow());
        assertEquals(13, monopolised.queued());
        assertEquals(Breakage.CountSource.DUMP, monopolised.queuedFrom());
        assertEquals(List.of(new Breakage.FrameCount("loomlab.loomcat.Endpoints.countTo:124", 1),
                new Breakage.FrameCount("loomlab.loomcat.Endpoints.countTo:123", 1)), monopolised.cpuFrames(),
                "the last dump's carriers, in the dump's order");

        SchedulerCounts queued = new SchedulerCounts(2, 2, 2, 7);
        Breakage.CarriersMonopolised counted = assertInstanceOf(Breakage.CarriersMonopolised.class,
                StallClassifier.classify(dumps, List.of(queued), stall).orElseThrow());
        assertEquals(7, counted.queued(), "the scheduler's count where it has one");
        assertEquals(Breakage.CountSource.SCHEDULER, counted.queuedFrom());
    }

    /**
     * A quick run's fairness stall (a fresh clone of 06a3997): /hello still waited as the run ended. The
     * first dump, taken as it waited, shows both carriers in countTo and loomcat's poller, chosen to enter
     * a monitor next, with no carrier (as a quick run at 2c49cdb had it too); the second, taken once the
     * /cpu users had stopped, an idle server. The earlier dump classifies it; reversed, the idle dump alone
     * classifies nothing.
     */
    @Test
    void aStallOpenAtTheRunsEndIsClassifiedByTheDumpTakenWhileItWaitedNotTheIdleOneAfter() throws IOException {
        StallClassifier.Context stall = new StallClassifier.Context(StallClassifier.Trigger.STALL, 1, LOOMCAT);
        ThreadDump busy = dump("observed/jdk25-loomcat-hello-beside-cpu-run-end-1.json");
        ThreadDump idle = dump("observed/jdk25-loomcat-hello-beside-cpu-run-end-2.json");
        Breakage.MonitorSuccessorWait successor = assertInstanceOf(Breakage.MonitorSuccessorWait.class,
                StallClassifier.classify(List.of(busy, idle), List.of(new SchedulerCounts(2, 0, 0, 0)), stall)
                        .orElseThrow());
        assertTrue(successor.frame().startsWith("loomlab.http.Poller.await"), successor.toString());
        assertEquals(2, successor.counts().carriers());
        assertTrue(StallClassifier.classify(List.of(idle), List.of(), stall).isEmpty(), "the idle dump alone");
    }
}
