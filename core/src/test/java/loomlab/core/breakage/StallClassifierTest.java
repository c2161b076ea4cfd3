package loomlab.core.breakage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The classifier's rules on dumps written out here, thread by thread, in the layouts jcmd writes (the
 * fixtures under lab's {@code thread-dumps/} are the same situations captured from real JVMs). Each
 * rule is tested with the situation it names and with the one that must not be taken for it.
 */
class StallClassifierTest {
    private static final String JDK25 = "25.0.3+9-LTS";
    private static final String JDK21 = "21.0.8+9-LTS";
    private static final StallClassifier.Context STALL =
            new StallClassifier.Context(StallClassifier.Trigger.STALL, 6, Set.of("shop"));
    private static final StallClassifier.Context OBSERVED = StallClassifier.Context.observed(Set.of());

    // ------------------------------------------------------------------ JDK 25's layout

    private static DumpedThread platform(String tid, String name, Thread.State state, String blockedOn,
                                         List<String> owned, String... frames) {
        return new DumpedThread(tid, name, "<root>", null, state, null, List.of(frames), blockedOn, null, null, null,
                owned);
    }

    private static DumpedThread virtual(String tid, Thread.State state, String carrier, String blockedOn,
                                        String parkBlocker, String blockerOwner, List<String> owned,
                                        String... frames) {
        return new DumpedThread(tid, "", "java.util.concurrent.ThreadPerTaskExecutor@1", true, state, carrier,
                List.of(frames), blockedOn, null, parkBlocker, blockerOwner, owned);
    }

    private static DumpedThread carrier(String tid, String name, boolean busy) {
        String container = name.replaceFirst("-worker-\\d+$", "") + "/jdk.internal.vm.SharedThreadContainer@2";
        return new DumpedThread(tid, name, container, null, busy ? Thread.State.RUNNABLE : Thread.State.WAITING, null,
                busy ? List.of("jdk.internal.vm.Continuation.run(Continuation.java:251)",
                        "java.lang.VirtualThread.runContinuation(VirtualThread.java:297)",
                        "java.util.concurrent.ForkJoinWorkerThread.run(ForkJoinWorkerThread.java:187)")
                        : List.of("jdk.internal.misc.Unsafe.park(Native Method)",
                        "java.util.concurrent.ForkJoinPool.awaitWork(ForkJoinPool.java:2109)",
                        "java.util.concurrent.ForkJoinWorkerThread.run(ForkJoinWorkerThread.java:187)"),
                null, null, busy ? null : "java.util.concurrent.ForkJoinPool@5676c921", null, List.of());
    }

    private static ThreadDump dump(String version, List<DumpedThread> threads) {
        return new ThreadDump(version, threads, null);
    }

    /** A pool thread reading a socket in a downstream call, under the JDK's pool worker. */
    private static DumpedThread inDownstreamCall(String tid, String name) {
        return platform(tid, name, Thread.State.RUNNABLE, null, List.of(),
                "sun.nio.ch.Net.poll(Native Method)",
                "sun.nio.ch.NioSocketImpl.park(NioSocketImpl.java:191)",
                "sun.nio.ch.NioSocketImpl.read(NioSocketImpl.java:304)",
                "java.net.Socket$SocketInputStream.read(Socket.java:1099)",
                "shop.Downstream.call(Downstream.java:41)",
                "java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1095)",
                "java.lang.Thread.run(Thread.java:1474)");
    }

    private static DumpedThread idlePoolThread(String tid, String name) {
        return platform(tid, name, Thread.State.WAITING, null, List.of(),
                "jdk.internal.misc.Unsafe.park(Native Method)",
                "java.util.concurrent.locks.LockSupport.park(LockSupport.java:371)",
                "java.util.concurrent.LinkedBlockingQueue.take(LinkedBlockingQueue.java:435)",
                "java.util.concurrent.ThreadPoolExecutor.getTask(ThreadPoolExecutor.java:1070)",
                "java.lang.Thread.run(Thread.java:1474)");
    }

    /**
     * Issue 39's audit, "a healthy busy pool reads as a slow call": under a slow downstream most threads
     * of a pool sit in the same call in both dumps, each serving many requests between them. Nothing is
     * slow; the old rule named a slow call at the downstream call.
     */
    @Test
    void aHealthyBusyPoolReadsAsNothingNotASlowCall() {
        List<DumpedThread> busy = new ArrayList<>();
        for (int i = 1; i <= 6; i++) {
            busy.add(inDownstreamCall(String.valueOf(20 + i), "shop-exec-" + i));
        }
        busy.add(idlePoolThread("27", "shop-exec-7"));
        busy.add(idlePoolThread("28", "shop-exec-8"));
        ThreadDump first = dump(JDK25, busy);
        ThreadDump second = dump(JDK25, busy);
        assertEquals(List.of(), StallClassifier.classify(List.of(first, second), List.of(), STALL));
    }

    /** Reversed: one thread alone in that call in both dumps, while threads of its pool idle, is a slow call. */
    @Test
    void onePoolThreadAloneInACallWhileItsPoolIdlesIsASlowCall() {
        List<DumpedThread> threads = List.of(inDownstreamCall("21", "shop-exec-1"), idlePoolThread("22", "shop-exec-2"),
                idlePoolThread("23", "shop-exec-3"));
        List<Breakage> found = StallClassifier.classify(List.of(dump(JDK25, threads), dump(JDK25, threads)), List.of(),
                STALL);
        Breakage.SlowCall slow = assertInstanceOf(Breakage.SlowCall.class, found.getFirst());
        assertEquals("shop.Downstream.call:41", slow.frame());
        assertEquals(Breakage.SlowCall.Evidence.PLATFORM_ALONE, slow.evidence());
    }

    /**
     * The same pool with no idle thread: a full pool hands each thread the next request at once, so one
     * alone at a frame may have served many; no slow call is claimed.
     */
    @Test
    void aThreadAloneAtItsFrameInAFullPoolIsNoSlowCall() {
        DumpedThread elsewhere = platform("22", "shop-exec-2", Thread.State.RUNNABLE, null, List.of(),
                "shop.Render.page(Render.java:12)", "java.lang.Thread.run(Thread.java:1474)");
        List<DumpedThread> threads = List.of(inDownstreamCall("21", "shop-exec-1"), elsewhere);
        StallClassifier.Context asManyAsThreads = new StallClassifier.Context(StallClassifier.Trigger.STALL, 2,
                Set.of("shop"));
        assertEquals(List.of(), StallClassifier.classify(List.of(dump(JDK25, threads), dump(JDK25, threads)),
                List.of(), asManyAsThreads));
    }

    /**
     * A frame every request passes through (a 2 ms call, one in a thousand waits 3 s): in each dump other
     * threads pass through it, different ones each time, while one stays there in every dump. That one is a
     * slow call; reversed, when two stay there in every dump, neither stands out and none is named.
     */
    @Test
    void theOneThreadThatStaysAtAFrameOthersPassThroughIsASlowCall() {
        DumpedThread stuck = inDownstreamCall("21", "shop-exec-1");
        ThreadDump first = dump(JDK25, List.of(stuck, inDownstreamCall("22", "shop-exec-2"),
                idlePoolThread("23", "shop-exec-3"), idlePoolThread("24", "shop-exec-4")));
        ThreadDump second = dump(JDK25, List.of(stuck, idlePoolThread("22", "shop-exec-2"),
                inDownstreamCall("23", "shop-exec-3"), idlePoolThread("24", "shop-exec-4")));
        Breakage.SlowCall slow = assertInstanceOf(Breakage.SlowCall.class,
                StallClassifier.classify(List.of(first, second), List.of(), STALL).getFirst());
        assertEquals("shop-exec-1", slow.thread());
        assertEquals(Breakage.SlowCall.Evidence.PLATFORM_ALONE, slow.evidence());

        ThreadDump twoStay = dump(JDK25, List.of(stuck, inDownstreamCall("22", "shop-exec-2"),
                inDownstreamCall("23", "shop-exec-3"), idlePoolThread("24", "shop-exec-4")));
        assertEquals(List.of(), StallClassifier.classify(List.of(first, twoStay), List.of(), STALL));
    }

    private static DumpedThread virtualInDownstreamCall(String tid) {
        return virtual(tid, Thread.State.WAITING, null, null, null, null, List.of(),
                "java.lang.VirtualThread.park(VirtualThread.java:738)",
                "sun.nio.ch.NioSocketImpl.park(NioSocketImpl.java:191)",
                "java.net.Socket$SocketInputStream.read(Socket.java:1099)",
                "shop.Downstream.call(Downstream.java:41)",
                "java.lang.VirtualThread.run(VirtualThread.java:456)");
    }

    /**
     * The virtual side of the same audit item: the busy service's requests come and go on fresh virtual
     * threads, so none is in both dumps: nothing. Reversed: one virtual thread in both dumps is one
     * request that made no progress.
     */
    @Test
    void virtualThreadsComingAndGoingInTheCallAreNothingButOneInBothDumpsIsASlowCall() {
        ThreadDump first = dump(JDK25, List.of(carrier("2", "ForkJoinPool-1-worker-1", false),
                virtualInDownstreamCall("101"), virtualInDownstreamCall("102"), virtualInDownstreamCall("103")));
        ThreadDump second = dump(JDK25, List.of(carrier("2", "ForkJoinPool-1-worker-1", false),
                virtualInDownstreamCall("201"), virtualInDownstreamCall("202"), virtualInDownstreamCall("203")));
        assertEquals(List.of(), StallClassifier.classify(List.of(first, second), List.of(), STALL));

        ThreadDump stuck = dump(JDK25, List.of(carrier("2", "ForkJoinPool-1-worker-1", false),
                virtualInDownstreamCall("102"), virtualInDownstreamCall("201")));
        Breakage.SlowCall slow = assertInstanceOf(Breakage.SlowCall.class,
                StallClassifier.classify(List.of(first, stuck), List.of(), STALL).getFirst());
        assertEquals("#102", slow.thread());
        assertEquals(Waiting.SOCKET, slow.waiting());
        assertEquals(Breakage.SlowCall.Evidence.VIRTUAL_THREAD, slow.evidence());
    }

    private static DumpedThread blockedOnJarIndex(String tid) {
        return virtual(tid, Thread.State.BLOCKED, null, "org.springframework.boot.loader.jar.NestedJarFile@6d06d69c",
                null, null, List.of(),
                "org.springframework.boot.loader.jar.NestedJarFile.hasEntry(NestedJarFile.java:182)",
                "org.springframework.boot.loader.net.protocol.jar.JarUrlConnection.connect(JarUrlConnection.java:289)",
                "org.thymeleaf.templateresource.ClassLoaderTemplateResource.exists(ClassLoaderTemplateResource.java:157)",
                "shop.web.CatalogController.list(CatalogController.java:44)",
                "org.apache.tomcat.util.threads.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:1190)",
                "java.lang.VirtualThread.run(VirtualThread.java:466)");
    }

    private static DumpedThread insideJarIndex(String tid, String carrier, boolean owner) {
        return virtual(tid, Thread.State.RUNNABLE, carrier, null, null, null,
                owner ? List.of("org.springframework.boot.loader.jar.NestedJarFile@6d06d69c") : List.of(),
                "java.util.zip.Inflater.inflateBytesBytes(Native Method)",
                "org.springframework.boot.loader.zip.ZipContent.find(ZipContent.java:201)",
                "org.springframework.boot.loader.jar.NestedJarFile.hasEntry(NestedJarFile.java:185)",
                "org.springframework.boot.loader.net.protocol.jar.JarUrlConnection.connect(JarUrlConnection.java:289)",
                "shop.web.CatalogController.list(CatalogController.java:44)",
                "java.lang.VirtualThread.run(VirtualThread.java:466)");
    }

    /**
     * Issue 39's Spring Boot sample: seven virtual threads BLOCKED entering one monitor of Spring Boot's
     * jar loader, one inside it owning it and another inside it too, both carriers busy. The finding names
     * the framework's frame (the user's-frame rule would skip it), the count, the owner the dump names,
     * and the user's frame below.
     */
    @Test
    void monitorContentionNamesTheMonitorsFrameWhoseverCodeItIsTheCountAndTheOwner() {
        List<DumpedThread> threads = new ArrayList<>(List.of(carrier("30", "ForkJoinPool-1-worker-1", true),
                carrier("31", "ForkJoinPool-1-worker-2", true), insideJarIndex("40", "30", true),
                insideJarIndex("41", "31", false)));
        for (int i = 0; i < 7; i++) {
            threads.add(blockedOnJarIndex(String.valueOf(50 + i)));
        }
        ThreadDump one = dump(JDK25, threads);
        StallClassifier.Context context = new StallClassifier.Context(StallClassifier.Trigger.STALL, 12, Set.of("shop"));
        List<Breakage> found = StallClassifier.classify(List.of(one, one), List.of(), context);
        Breakage.MonitorContention contention = (Breakage.MonitorContention) found.stream()
                .filter(b -> b instanceof Breakage.MonitorContention).findFirst().orElseThrow(() ->
                        new AssertionError(found.toString()));
        assertEquals("org.springframework.boot.loader.jar.NestedJarFile@6d06d69c", contention.lock());
        assertTrue(contention.monitor());
        assertEquals("org.springframework.boot.loader.jar.NestedJarFile.hasEntry:182", contention.frame());
        assertEquals("shop.web.CatalogController.list:44", contention.userFrame());
        assertEquals(7, contention.blocked());
        assertEquals(7, contention.blockedVirtual());
        assertEquals("#40", contention.owner());
        assertEquals(WaitChain.OwnerFrom.DUMP, contention.ownerFrom());
        assertEquals(List.of("#50", "#40"), contention.chain().links().stream().map(WaitChain.Link::thread).toList());
        assertEquals("ForkJoinPool-1-worker-1", contention.chain().links().get(1).carrier());

        List<DumpedThread> few = new ArrayList<>(threads.subList(0, 4));
        few.add(blockedOnJarIndex("50"));
        few.add(blockedOnJarIndex("51"));
        assertTrue(StallClassifier.classify(List.of(dump(JDK25, few), dump(JDK25, few)), List.of(), context).stream()
                .noneMatch(b -> b instanceof Breakage.MonitorContention), "two blocked: a monitor doing its job");
    }

    /** A platform pool's blocked threads, with the pool's size the lab set beside them. */
    @Test
    void monitorContentionOnAPlatformPoolKeepsThePoolsSizeThatBoundsIt() {
        List<DumpedThread> threads = new ArrayList<>();
        threads.add(platform("20", "http-nio-8080-exec-1", Thread.State.RUNNABLE, null,
                List.of("shop.Ledger@1f"), "shop.Ledger.post(Ledger.java:30)", "java.lang.Thread.run(Thread.java:1474)"));
        for (int i = 2; i <= 10; i++) {
            threads.add(platform(String.valueOf(19 + i), "http-nio-8080-exec-" + i, Thread.State.BLOCKED, "shop.Ledger@1f",
                    List.of(), "shop.Ledger.post(Ledger.java:28)", "java.lang.Thread.run(Thread.java:1474)"));
        }
        ThreadDump dump = dump(JDK25, threads);
        StallClassifier.Context pool = new StallClassifier.Context(StallClassifier.Trigger.STALL, 10, Set.of("shop"), 10,
                2);
        Breakage.MonitorContention contention = assertInstanceOf(Breakage.MonitorContention.class,
                StallClassifier.classify(List.of(dump), List.of(), pool).getFirst());
        assertEquals(9, contention.blocked());
        assertEquals(0, contention.blockedVirtual());
        assertEquals(10, contention.poolSize());
        assertEquals("http-nio-8080-exec-1", contention.owner());
        assertEquals(1, contention.dumps());
    }

    /**
     * Where the JDK writes a lock's owner ({@code parkBlocker.owner}, JDK-8365057), the chain reads it
     * from the dump and says so; where it does not (JDK 25.0.3), the owner is inferred and said to be.
     */
    @Test
    void aLocksOwnerIsReadFromTheDumpWhereTheJdkWritesIt() {
        DumpedThread holder = virtual("60", Thread.State.TIMED_WAITING, null, null, null, null, List.of(),
                "java.lang.VirtualThread.parkNanos(VirtualThread.java:784)",
                "java.lang.Thread.sleep(Thread.java:540)", "shop.Books.post(Books.java:20)",
                "java.lang.VirtualThread.run(VirtualThread.java:466)");
        List<DumpedThread> threads = new ArrayList<>(List.of(holder));
        for (int i = 0; i < 3; i++) {
            threads.add(virtual(String.valueOf(70 + i), Thread.State.WAITING, null, null,
                    "java.util.concurrent.locks.ReentrantLock$NonfairSync@77", i == 0 ? null : "60", List.of(),
                    "java.lang.VirtualThread.park(VirtualThread.java:738)",
                    "java.util.concurrent.locks.LockSupport.park(LockSupport.java:221)",
                    "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:754)",
                    "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:990)",
                    "java.util.concurrent.locks.ReentrantLock$Sync.lock(ReentrantLock.java:153)",
                    "java.util.concurrent.locks.ReentrantLock.lock(ReentrantLock.java:322)",
                    "shop.Books.audit(Books.java:33)", "java.lang.VirtualThread.run(VirtualThread.java:466)"));
        }
        ThreadDump dump = dump(JDK25, threads);
        DumpSpan span = new DumpSpan(List.of(dump), STALL);
        WaitChain named = WaitChains.from(span, dump, threads.get(2));
        assertEquals(WaitChain.OwnerFrom.DUMP, named.links().getFirst().ownerFrom());
        assertEquals("#60", named.last().thread());
        WaitChain inferred = WaitChains.from(span, dump, threads.get(1));
        assertEquals(WaitChain.OwnerFrom.INFERRED, inferred.links().getFirst().ownerFrom(), "the same class, not waiting");
        assertEquals("#60", inferred.last().thread());
        assertEquals(WaitChain.Ending.NOT_A_LOCK, inferred.ending());
        assertEquals(Waiting.SLEEPING, inferred.last().waiting());
    }

    // ------------------------------------------------------------------ carriers

    /**
     * Issue 39's audit, "other ForkJoinPools count as carriers": a service's own pool, made first, is
     * ForkJoinPool-1 and the scheduler ForkJoinPool-2; both name their workers alike. Only the pool whose
     * workers carry virtual threads is the scheduler's (the old reading counted five carriers, so "every
     * carrier pinned" could never hold).
     */
    @Test
    void otherForkJoinPoolsDoNotCountAsCarriers() {
        DumpedThread report = new DumpedThread("10", "ForkJoinPool-1-worker-1", "ForkJoinPool-1/jdk.internal.vm.SharedThreadContainer@1",
                null, null, null, List.of("java.lang.Thread.sleep(Unknown Source)", "shop.Report.render(Report.java:9)",
                "java.util.concurrent.ForkJoinTask.doExec(Unknown Source)",
                "java.util.concurrent.ForkJoinWorkerThread.run(Unknown Source)"), null, null, null, null, List.of());
        DumpedThread idleOwn = new DumpedThread("11", "ForkJoinPool-1-worker-2", "ForkJoinPool-1/jdk.internal.vm.SharedThreadContainer@1",
                null, null, null, List.of("jdk.internal.misc.Unsafe.park(Native Method)",
                "java.util.concurrent.ForkJoinPool.awaitWork(Unknown Source)",
                "java.util.concurrent.ForkJoinWorkerThread.run(Unknown Source)"), null, null, null, null, List.of());
        DumpedThread carrier1 = sparseCarrier("20", "ForkJoinPool-2-worker-1", true);
        DumpedThread carrier2 = sparseCarrier("21", "ForkJoinPool-2-worker-2", true);
        DumpedThread vt = DumpedThread.sparse("30", "", "java.util.concurrent.ThreadPerTaskExecutor@3",
                List.of("shop.Work.run(Work.java:5)", "java.lang.VirtualThread.run(Unknown Source)"));
        ThreadDump dump = dump(JDK21, List.of(report, idleOwn, carrier1, carrier2, vt));
        assertEquals(List.of("ForkJoinPool-2-worker-1", "ForkJoinPool-2-worker-2"),
                dump.carriers().stream().map(DumpedThread::name).toList());

        // Reversed: the scheduler's workers idle and the service's pool idle too: nothing tells them apart.
        ThreadDump idle = dump(JDK21, List.of(idleOwn, sparseCarrier("20", "ForkJoinPool-2-worker-1", false), vt));
        assertEquals(List.of(), idle.carriers(), "two pools, no sign which is the scheduler's: no carrier claimed");
        // With one idle pool and virtual threads about, that pool is the scheduler's.
        ThreadDump lone = dump(JDK21, List.of(sparseCarrier("20", "ForkJoinPool-2-worker-1", false), vt));
        assertEquals(1, lone.carriers().size());
    }

    /** On JDK 25 an idle carrier parks on the scheduler's pool, whose identity the scheduler's counts print. */
    @Test
    void theSchedulersIdentityTellsItsIdleCarriersFromAnotherPoolsIdleWorkers() {
        DumpedThread own = new DumpedThread("11", "ForkJoinPool-1-worker-1", "ForkJoinPool-1/jdk.internal.vm.SharedThreadContainer@1",
                null, Thread.State.WAITING, null, List.of("jdk.internal.misc.Unsafe.park(Native Method)",
                "java.util.concurrent.ForkJoinPool.awaitWork(ForkJoinPool.java:2109)"), null, null,
                "java.util.concurrent.ForkJoinPool@1111", null, List.of());
        DumpedThread scheduler = carrier("20", "ForkJoinPool-2-worker-1", false);
        ThreadDump dump = dump(JDK25, List.of(own, scheduler, virtualInDownstreamCall("30")));
        assertEquals(List.of(), dump.carriers(), "without the scheduler's identity, two idle pools");
        assertEquals(List.of("ForkJoinPool-2-worker-1"),
                dump.withSchedulerPool("5676c921").carriers().stream().map(DumpedThread::name).toList());
    }

    private static DumpedThread sparseCarrier(String tid, String name, boolean busy) {
        String container = name.replaceFirst("-worker-\\d+$", "") + "/jdk.internal.vm.SharedThreadContainer@2";
        return DumpedThread.sparse(tid, name, container, busy
                ? List.of("jdk.internal.vm.Continuation.run(Unknown Source)",
                "java.lang.VirtualThread.runContinuation(Unknown Source)",
                "java.util.concurrent.ForkJoinWorkerThread.run(Unknown Source)")
                : List.of("jdk.internal.misc.Unsafe.park(Native Method)",
                "java.util.concurrent.ForkJoinPool.awaitWork(Unknown Source)",
                "java.util.concurrent.ForkJoinWorkerThread.run(Unknown Source)"));
    }

    private static DumpedThread cpuOnCarrier(String tid, String carrier) {
        return virtual(tid, Thread.State.RUNNABLE, carrier, null, null, null, List.of(),
                "java.math.BigInteger.mod(BigInteger.java:2882)", "shop.Pricing.price(Pricing.java:12)",
                "java.lang.VirtualThread.run(VirtualThread.java:466)");
    }

    private static DumpedThread queued(String tid) {
        return virtual(tid, Thread.State.RUNNABLE, null, null, null, null, List.of());
    }

    /**
     * Reversed pair of issue 39's "CPU saturation reads as a held carrier": other virtual threads on the
     * carriers by the second dump is CPU saturated, with no scheduler cause; the same ones held them.
     */
    @Test
    void busyCarriersAreMonopolisedOnlyWhenTheSameVirtualThreadHeldOneAcrossTheSpan() {
        ThreadDump first = dump(JDK25, List.of(carrier("2", "ForkJoinPool-1-worker-1", true),
                carrier("3", "ForkJoinPool-1-worker-2", true), cpuOnCarrier("10", "2"), cpuOnCarrier("11", "3"),
                queued("12"), queued("13")));
        ThreadDump changed = dump(JDK25, List.of(carrier("2", "ForkJoinPool-1-worker-1", true),
                carrier("3", "ForkJoinPool-1-worker-2", true), cpuOnCarrier("14", "2"), cpuOnCarrier("15", "3"),
                queued("16")));
        Breakage.CpuSaturated saturated = assertInstanceOf(Breakage.CpuSaturated.class,
                StallClassifier.classify(List.of(first, changed), List.of(), STALL).getFirst());
        assertEquals(2, saturated.busy());
        assertEquals(1, saturated.queued());
        ThreadDump oneHeld = dump(JDK25, List.of(carrier("2", "ForkJoinPool-1-worker-1", true),
                carrier("3", "ForkJoinPool-1-worker-2", true), cpuOnCarrier("10", "2"), cpuOnCarrier("15", "3"),
                queued("16")));
        Breakage.CarriersMonopolised held = assertInstanceOf(Breakage.CarriersMonopolised.class,
                StallClassifier.classify(List.of(first, oneHeld), List.of(), STALL).getFirst());
        assertEquals(1, held.held());
        assertEquals(2, held.carriers());
        ThreadDump drained = dump(JDK25, List.of(carrier("2", "ForkJoinPool-1-worker-1", true),
                carrier("3", "ForkJoinPool-1-worker-2", true), cpuOnCarrier("10", "2"), cpuOnCarrier("11", "3")));
        assertEquals(List.of(), StallClassifier.classify(List.of(drained), List.of(), STALL),
                "every carrier busy and nothing waiting: not saturated");
    }

    private static DumpedThread cpuAt(String tid, String carrier, String frame) {
        return virtual(tid, Thread.State.RUNNABLE, carrier, null, null, null, List.of(),
                "java.math.BigInteger.mod(BigInteger.java:2882)", frame,
                "java.lang.VirtualThread.run(VirtualThread.java:466)");
    }

    private static ThreadDump carriersRunning(DumpedThread on2, DumpedThread on3, DumpedThread... others) {
        List<DumpedThread> threads = new java.util.ArrayList<>(List.of(carrier("2", "ForkJoinPool-1-worker-1", true),
                carrier("3", "ForkJoinPool-1-worker-2", true), on2, on3, queued("16")));
        threads.addAll(List.of(others));
        return dump(JDK25, threads);
    }

    /**
     * Monopolised needs the same virtual thread on the same carrier at the same frame in consecutive dumps,
     * or running in every dump between. The same thread on the other carrier, at another frame, or off its
     * carrier (a socket read) in a dump between, left its carrier and came back: CPU saturated. Reversed:
     * the same carrier and frame in consecutive dumps, or in dumps with it running in every one between.
     */
    @Test
    void monopolisedNeedsTheSameThreadOnTheSameCarrierAtTheSameFrameThroughout() {
        String price = "shop.Pricing.price(Pricing.java:12)";
        ThreadDump first = carriersRunning(cpuAt("10", "2", price), cpuAt("11", "3", price));
        ThreadDump swapped = carriersRunning(cpuAt("11", "2", price), cpuAt("10", "3", price));
        assertInstanceOf(Breakage.CpuSaturated.class,
                StallClassifier.classify(List.of(first, swapped), List.of(), STALL).getFirst());
        ThreadDump elsewhere = carriersRunning(cpuAt("10", "2", "shop.Pricing.total(Pricing.java:30)"),
                cpuAt("11", "3", "shop.Pricing.total(Pricing.java:30)"));
        assertInstanceOf(Breakage.CpuSaturated.class,
                StallClassifier.classify(List.of(first, elsewhere), List.of(), STALL).getFirst());
        ThreadDump reading = carriersRunning(cpuAt("12", "2", price), cpuAt("13", "3", price),
                virtual("10", Thread.State.WAITING, null, null, null, null, List.of(),
                        "sun.nio.ch.NioSocketImpl.park(NioSocketImpl.java:191)", "shop.Rates.fetch(Rates.java:8)",
                        "java.lang.VirtualThread.run(VirtualThread.java:466)"),
                virtual("11", Thread.State.WAITING, null, null, null, null, List.of(),
                        "sun.nio.ch.NioSocketImpl.park(NioSocketImpl.java:191)", "shop.Rates.fetch(Rates.java:8)",
                        "java.lang.VirtualThread.run(VirtualThread.java:466)"));
        assertInstanceOf(Breakage.CpuSaturated.class,
                StallClassifier.classify(List.of(first, reading, first), List.of(), STALL).getFirst(),
                "off its carrier for I/O in the dump between");

        Breakage.CarriersMonopolised consecutive = assertInstanceOf(Breakage.CarriersMonopolised.class,
                StallClassifier.classify(List.of(first, first), List.of(), STALL).getFirst());
        assertEquals(2, consecutive.held());
        assertEquals(2, consecutive.dumps());
        Breakage.CarriersMonopolised lastTwo = assertInstanceOf(Breakage.CarriersMonopolised.class,
                StallClassifier.classify(List.of(swapped, first, first), List.of(), STALL).getFirst());
        assertEquals(2, lastTwo.dumps(), "held from the second dump on, not the first");
        assertInstanceOf(Breakage.CarriersMonopolised.class,
                StallClassifier.classify(List.of(first, elsewhere, first), List.of(), STALL).getFirst(),
                "running in every dump between, at another frame in the middle one");
    }

    /** A virtual thread pinned in a class initialiser (JDK 25 still pins there), joining work it gave to virtual threads. */
    private static DumpedThread joiningInInitialiser(String tid, String carrier, String clinit) {
        return virtual(tid, Thread.State.WAITING, carrier, null, "java.util.concurrent.CompletableFuture$Signaller@6d06d69c",
                null, List.of(), "jdk.internal.misc.Unsafe.park(Native Method)",
                "java.lang.VirtualThread.parkOnCarrierThread(VirtualThread.java:675)",
                "java.lang.VirtualThread.park(VirtualThread.java:607)",
                "java.lang.System$2.parkVirtualThread(System.java:2587)",
                "java.util.concurrent.locks.LockSupport.park(LockSupport.java:219)",
                "java.util.concurrent.CompletableFuture$Signaller.block(CompletableFuture.java:1864)",
                "java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:3780)",
                "java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:3725)",
                "java.util.concurrent.CompletableFuture.waitingGet(CompletableFuture.java:1898)",
                "java.util.concurrent.CompletableFuture.join(CompletableFuture.java:2117)", clinit,
                "shop.Quotes.quote(Quotes.java:20)", "java.lang.VirtualThread.run(VirtualThread.java:466)");
    }

    /** A virtual thread parked off any carrier in a socket read: what the service's unmounted threads do. */
    private static DumpedThread readingOffCarrier(String tid, String frame) {
        return virtual(tid, Thread.State.WAITING, null, null, null, null, List.of(),
                "java.lang.VirtualThread.park(VirtualThread.java:596)",
                "sun.nio.ch.NioSocketImpl.park(NioSocketImpl.java:191)",
                "sun.nio.ch.NioSocketImpl.read(NioSocketImpl.java:304)", frame,
                "java.lang.VirtualThread.run(VirtualThread.java:466)");
    }

    private static ThreadDump initialisersPinning(DumpedThread... others) {
        List<DumpedThread> threads = new java.util.ArrayList<>(List.of(carrier("2", "ForkJoinPool-1-worker-1", true),
                carrier("3", "ForkJoinPool-1-worker-2", true),
                joiningInInitialiser("10", "2", "shop.Rates.<clinit>(Rates.java:12)"),
                joiningInInitialiser("11", "3", "shop.Fees.<clinit>(Fees.java:9)")));
        threads.addAll(List.of(others));
        return dump(JDK25, threads);
    }

    /**
     * Every carrier held by a virtual thread pinned in a class initialiser that joins work on virtual threads,
     * the work queued for a carrier, a request parked in a socket read whose answer came long ago, and
     * nothing moving: a carrier deadlock, though no dump names an owner for what the pinned threads wait on.
     * Named with the pinned frames, and not as a slow call at the socket read. Reversed: with the queued
     * work gone (it ran), with a thread that moved, or with the pinned threads asleep, it is no deadlock.
     */
    @Test
    void aCarrierDeadlockNeedsNoLockOwnerWhenNothingMovesAndThreadsQueue() {
        DumpedThread read = readingOffCarrier("20", "shop.Rates.fetch(Rates.java:30)");
        ThreadDump held = initialisersPinning(queued("12"), queued("13"), read);
        List<Breakage> found = StallClassifier.classify(List.of(held, held), List.of(), OBSERVED);
        assertEquals(1, found.size(), found.toString());
        Breakage.CarrierDeadlock deadlock = assertInstanceOf(Breakage.CarrierDeadlock.class, found.getFirst());
        assertEquals(2, deadlock.pinnedCarriers());
        assertEquals(null, deadlock.holder());
        assertEquals("work inside the class initialiser shop.Rates.<clinit>", deadlock.lock());
        assertTrue(deadlock.waiterFrame().endsWith(".<clinit>:12") || deadlock.waiterFrame().endsWith(".<clinit>:9"),
                deadlock.waiterFrame());

        ThreadDump ran = initialisersPinning(read);
        assertEquals(List.of(), StallClassifier.classify(List.of(ran, ran), List.of(), OBSERVED).stream()
                .filter(b -> b instanceof Breakage.CarrierDeadlock).toList(), "nothing queued for a carrier");
        ThreadDump moved = initialisersPinning(queued("12"), queued("13"),
                readingOffCarrier("20", "shop.Rates.fetch(Rates.java:31)"));
        assertFalse(StallClassifier.classify(List.of(held, moved), List.of(), OBSERVED).stream()
                .anyMatch(b -> b instanceof Breakage.CarrierDeadlock), "a thread moved");
        DumpedThread asleep = virtual("10", Thread.State.TIMED_WAITING, "2", null, null, null, List.of(),
                "jdk.internal.misc.Unsafe.park(Native Method)",
                "java.lang.VirtualThread.parkOnCarrierThread(VirtualThread.java:675)",
                "java.lang.VirtualThread.sleepNanos(VirtualThread.java:792)", "java.lang.Thread.sleep(Thread.java:509)",
                "shop.Rates.<clinit>(Rates.java:12)", "java.lang.VirtualThread.run(VirtualThread.java:466)");
        DumpedThread asleepToo = virtual("11", Thread.State.TIMED_WAITING, "3", null, null, null, List.of(),
                asleep.frames().toArray(String[]::new));
        ThreadDump sleeping = dump(JDK25, List.of(carrier("2", "ForkJoinPool-1-worker-1", true),
                carrier("3", "ForkJoinPool-1-worker-2", true), asleep, asleepToo, queued("12"), read));
        assertFalse(StallClassifier.classify(List.of(sleeping, sleeping), List.of(), OBSERVED).stream()
                .anyMatch(b -> b instanceof Breakage.CarrierDeadlock), "a pinned sleep ends by itself");
    }

    /** A request on a virtual thread at {@code frame}, running as JDK 25 shows one held waiting for a class's initialiser. */
    private static DumpedThread runningAt(String tid, String carrier, String frame) {
        return virtual(tid, Thread.State.RUNNABLE, carrier, null, null, null, List.of(), frame,
                "com.sun.net.httpserver.Filter$Chain.doFilter(Filter.java:98)",
                "java.lang.VirtualThread.run(VirtualThread.java:466)");
    }

    /**
     * A class initialiser that joins work it gave to virtual threads, on one carrier; on the other a second
     * request that touched the same class, held by the JVM until the initialiser ends: the dump shows it
     * running, at the very line from which the first entered {@code <clinit>}. With the work queued and nothing
     * moving, a carrier deadlock that names the initialiser. Reversed: the second request at another line of
     * its own is running code, not waiting for the class, and no deadlock is named.
     */
    @Test
    void aThreadWaitingForAnothersInitialiserHoldsItsCarrierInACarrierDeadlock() {
        ThreadDump held = dump(JDK25, List.of(carrier("2", "ForkJoinPool-1-worker-1", true),
                carrier("3", "ForkJoinPool-1-worker-2", true),
                joiningInInitialiser("10", "2", "shop.Rates.<clinit>(Rates.java:12)"),
                runningAt("11", "3", "shop.Quotes.quote(Quotes.java:20)"), queued("12"), queued("13")));
        List<Breakage> found = StallClassifier.classify(List.of(held, held), List.of(), OBSERVED);
        Breakage.CarrierDeadlock deadlock = assertInstanceOf(Breakage.CarrierDeadlock.class, found.getFirst(),
                found.toString());
        assertEquals(2, deadlock.pinnedCarriers());
        assertEquals("work inside the class initialiser shop.Rates.<clinit>", deadlock.lock());
        assertTrue(StallClassifier.waitsForAnothersInitialiser(held, held.byTid("11")));

        ThreadDump running = dump(JDK25, List.of(carrier("2", "ForkJoinPool-1-worker-1", true),
                carrier("3", "ForkJoinPool-1-worker-2", true),
                joiningInInitialiser("10", "2", "shop.Rates.<clinit>(Rates.java:12)"),
                runningAt("11", "3", "shop.Quotes.quote(Quotes.java:21)"), queued("12"), queued("13")));
        assertFalse(StallClassifier.waitsForAnothersInitialiser(running, running.byTid("11")));
        assertFalse(StallClassifier.classify(List.of(running, running), List.of(), OBSERVED).stream()
                .anyMatch(b -> b instanceof Breakage.CarrierDeadlock), "a request running code of its own");
    }

    /** A virtual thread JDK 21 has not yet run: no stack. */
    private static DumpedThread sparseQueued(String tid) {
        return DumpedThread.sparse(tid, "", "java.util.concurrent.ThreadPerTaskExecutor@35d50ad9", List.of());
    }

    /** A virtual thread pinned on JDK 21 waiting for a free connection in Apache HttpClient 4's pool. */
    private static DumpedThread waitingInHttpClientsPool(String tid) {
        return DumpedThread.sparse(tid, "", "java.util.concurrent.ThreadPerTaskExecutor@35d50ad9",
                List.of("jdk.internal.misc.Unsafe.park(Native Method)",
                        "java.lang.VirtualThread.parkOnCarrierThread(VirtualThread.java:661)",
                        "java.lang.VirtualThread.park(VirtualThread.java:593)",
                        "java.lang.System$2.parkVirtualThread(System.java:2643)",
                        "jdk.internal.misc.VirtualThreads.park(VirtualThreads.java:54)",
                        "java.util.concurrent.locks.LockSupport.park(LockSupport.java:219)",
                        "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionNode.block(AbstractQueuedSynchronizer.java:519)",
                        "java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:3780)",
                        "java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:3725)",
                        "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await(AbstractQueuedSynchronizer.java:1707)",
                        "org.apache.http.pool.AbstractConnPool.getPoolEntryBlocking(AbstractConnPool.java:391)",
                        "org.apache.http.pool.AbstractConnPool.access$300(AbstractConnPool.java:70)",
                        "org.apache.http.pool.AbstractConnPool$2.get(AbstractConnPool.java:253)",
                        "org.apache.http.impl.execchain.MainClientExec.execute(MainClientExec.java:190)",
                        "org.apache.http.impl.client.CloseableHttpClient.execute(CloseableHttpClient.java:108)",
                        "relay.RelayService.quote(RelayService.java:75)",
                        "com.sun.net.httpserver.Filter$Chain.doFilter(Filter.java:98)",
                        "java.util.concurrent.ThreadPerTaskExecutor$TaskRunner.run(ThreadPerTaskExecutor.java:291)",
                        "java.lang.VirtualThread.run(VirtualThread.java:311)"));
    }

    /**
     * JDK 21, every carrier held by a virtual thread pinned in HttpClient 4's pool, in a condition's await
     * (no lock owner to name), threads queued, nothing moving: the deadlock is named at the service's frame
     * (HttpClient's frames are a library's, as a driver's are) and waiting for a condition at the pool's
     * frame, not for the executor far down the stack. Reversed: a stack of HttpClient's alone (its evictor)
     * still names HttpClient's frame, for want of any other.
     */
    @Test
    void aDeadlockInHttpClient4sPoolNamesTheServicesFrameAndThePoolsCondition() {
        ThreadDump held = dump(JDK21, List.of(sparseCarrier("2", "ForkJoinPool-1-worker-1", true),
                sparseCarrier("3", "ForkJoinPool-1-worker-2", true), waitingInHttpClientsPool("20"),
                waitingInHttpClientsPool("21"), sparseQueued("22"), sparseQueued("23")));
        List<Breakage> found = StallClassifier.classify(List.of(held, held), List.of(), OBSERVED);
        Breakage.CarrierDeadlock deadlock = assertInstanceOf(Breakage.CarrierDeadlock.class, found.getFirst(),
                found.toString());
        assertEquals("relay.RelayService.quote:75", deadlock.waiterFrame());
        assertEquals("a condition at org.apache.http.pool.AbstractConnPool.getPoolEntryBlocking:391", deadlock.lock());

        assertEquals("org.apache.http.impl.client.IdleConnectionEvictor$1.run:66", loomlab.core.frames.Frames.userFrame(
                List.of("java.lang.Thread.sleep(Thread.java:509)",
                        "org.apache.http.impl.client.IdleConnectionEvictor$1.run(IdleConnectionEvictor.java:66)",
                        "java.lang.Thread.run(Thread.java:1583)")));
    }

    /** A worker of the common pool running a supplyAsync task blocked in a socket read. */
    private static DumpedThread commonWorkerReading(String tid, int n) {
        return new DumpedThread(tid, "ForkJoinPool.commonPool-worker-" + n,
                "ForkJoinPool.commonPool/jdk.internal.vm.SharedThreadContainer@4f3f5b24", false, Thread.State.RUNNABLE,
                null, List.of("sun.nio.ch.Net.poll(Native Method)",
                "sun.nio.ch.NioSocketImpl.park(NioSocketImpl.java:191)",
                "sun.nio.ch.NioSocketImpl.implRead(NioSocketImpl.java:309)",
                "sun.nio.ch.NioSocketImpl.read(NioSocketImpl.java:346)",
                "java.net.Socket$SocketInputStream.read(Socket.java:1099)", "shop.Rates.fetch(Rates.java:30)",
                "shop.Quotes.lambda$quote$0(Quotes.java:22)",
                "java.util.concurrent.CompletableFuture$AsyncSupply.run(CompletableFuture.java:1768)",
                "java.util.concurrent.CompletableFuture$AsyncSupply.exec(CompletableFuture.java:1760)",
                "java.util.concurrent.ForkJoinTask.doExec(ForkJoinTask.java:507)",
                "java.util.concurrent.ForkJoinPool$WorkQueue.topLevelExec(ForkJoinPool.java:1458)",
                "java.util.concurrent.ForkJoinPool.scan(ForkJoinPool.java:2034)",
                "java.util.concurrent.ForkJoinPool.runWorker(ForkJoinPool.java:1995)",
                "java.util.concurrent.ForkJoinWorkerThread.run(ForkJoinWorkerThread.java:187)"),
                null, null, null, null, List.of());
    }

    private static DumpedThread commonWorkerIdle(String tid, int n) {
        return new DumpedThread(tid, "ForkJoinPool.commonPool-worker-" + n,
                "ForkJoinPool.commonPool/jdk.internal.vm.SharedThreadContainer@4f3f5b24", false, Thread.State.WAITING,
                null, List.of("jdk.internal.misc.Unsafe.park(Native Method)",
                "java.util.concurrent.locks.LockSupport.park(LockSupport.java:371)",
                "java.util.concurrent.ForkJoinPool.awaitWork(ForkJoinPool.java:2145)",
                "java.util.concurrent.ForkJoinPool.runWorker(ForkJoinPool.java:2011)",
                "java.util.concurrent.ForkJoinWorkerThread.run(ForkJoinWorkerThread.java:187)"),
                null, null, "java.util.concurrent.ForkJoinPool@4f3f5b24", null, List.of());
    }

    /** A Tomcat request thread waiting in CompletableFuture.get for its supplyAsync task. */
    private static DumpedThread requestOnFuture(String tid, int n) {
        return new DumpedThread(tid, "http-nio-8080-exec-" + n, "<root>", false, Thread.State.WAITING, null, List.of(
                "jdk.internal.misc.Unsafe.park(Native Method)",
                "java.util.concurrent.locks.LockSupport.park(LockSupport.java:371)",
                "java.util.concurrent.CompletableFuture$Signaller.block(CompletableFuture.java:1909)",
                "java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:3780)",
                "java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:3725)",
                "java.util.concurrent.CompletableFuture.waitingGet(CompletableFuture.java:1939)",
                "java.util.concurrent.CompletableFuture.get(CompletableFuture.java:2095)",
                "shop.Quotes.quote(Quotes.java:25)",
                "org.apache.catalina.core.ApplicationFilterChain.doFilter(ApplicationFilterChain.java:138)",
                "org.apache.tomcat.util.threads.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:659)",
                "java.lang.Thread.run(Thread.java:1583)"),
                null, null, "java.util.concurrent.CompletableFuture$Signaller@2a5ca609", null, List.of());
    }

    /**
     * supplyAsync with blocking calls: both workers of the common pool blocked in the user's socket read, and
     * more request threads waiting on their futures than it has workers. The common pool is a pool of its
     * parallelism, and this is pool-exhausted, not a slow call. Reversed: a worker idle, or no more waiters
     * than workers (each waits for a task that runs), is nothing.
     */
    @Test
    void theCommonPoolBlockedWithMoreWaitingOnItThanItHasWorkersIsExhausted() {
        ThreadDump exhausted = dump(JDK25, List.of(commonWorkerReading("40", 1), commonWorkerReading("41", 2),
                requestOnFuture("50", 1), requestOnFuture("51", 2), requestOnFuture("52", 3)));
        List<Breakage> found = StallClassifier.classify(List.of(exhausted, exhausted), List.of(), OBSERVED);
        Breakage.PoolExhausted pool = assertInstanceOf(Breakage.PoolExhausted.class, found.getFirst(), found.toString());
        assertEquals(1, found.size(), found.toString());
        assertEquals("ForkJoinPool.commonPool-worker-", pool.pool());
        assertEquals(2, pool.threads());
        assertEquals("shop.Rates.fetch:30", pool.frame());
        assertEquals(3, pool.inFlight());
        assertEquals(Breakage.PoolExhausted.Held.FUTURES_WAITING, pool.held());

        ThreadDump spare = dump(JDK25, List.of(commonWorkerReading("40", 1), commonWorkerIdle("41", 2),
                requestOnFuture("50", 1), requestOnFuture("51", 2), requestOnFuture("52", 3)));
        assertFalse(StallClassifier.classify(List.of(spare, spare), List.of(), OBSERVED).stream()
                .anyMatch(b -> b instanceof Breakage.PoolExhausted), "a worker is idle");
        ThreadDump served = dump(JDK25, List.of(commonWorkerReading("40", 1), commonWorkerReading("41", 2),
                requestOnFuture("50", 1), requestOnFuture("51", 2)));
        assertFalse(StallClassifier.classify(List.of(served, served), List.of(), OBSERVED).stream()
                .anyMatch(b -> b instanceof Breakage.PoolExhausted), "each waiter's task runs");
    }

    /**
     * A dump's count of virtual threads waiting for a lock leaves out one in a condition's await (a queue's
     * poll): it waits for an event, not for a lock's owner. Reversed: one in a ReentrantLock's acquire counts.
     */
    @Test
    void aConditionsAwaitIsNoLockWaiterInADumpsCounts() {
        DumpedThread polling = virtual("30", Thread.State.TIMED_WAITING, null, null,
                "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject@5e2de80c", null, List.of(),
                "java.lang.VirtualThread.parkNanos(VirtualThread.java:650)",
                "java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:269)",
                "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.awaitNanos(AbstractQueuedSynchronizer.java:1758)",
                "java.util.concurrent.LinkedBlockingQueue.poll(LinkedBlockingQueue.java:460)",
                "shop.Batches.next(Batches.java:14)", "java.lang.VirtualThread.run(VirtualThread.java:466)");
        DumpedThread locking = virtual("31", Thread.State.WAITING, null, null,
                "java.util.concurrent.locks.ReentrantLock$NonfairSync@18904903", null, List.of(),
                "java.lang.VirtualThread.park(VirtualThread.java:596)",
                "java.util.concurrent.locks.LockSupport.park(LockSupport.java:221)",
                "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:754)",
                "java.util.concurrent.locks.ReentrantLock.lock(ReentrantLock.java:322)",
                "shop.Checkout.pay(Checkout.java:12)", "java.lang.VirtualThread.run(VirtualThread.java:466)");
        assertEquals(0, dump(JDK25, List.of(polling)).counts().lockWaiters());
        assertEquals(1, dump(JDK25, List.of(polling, locking)).counts().lockWaiters());
    }

    /** Platform threads: as many running the user's code as cores, and more requests outstanding than threads serving. */
    @Test
    void platformThreadsRunningOnEveryCoreWithRequestsBeyondThemAreCpuSaturated() {
        List<DumpedThread> threads = List.of(
                platform("21", "shop-exec-1", Thread.State.RUNNABLE, null, List.of(),
                        "java.math.BigInteger.mod(BigInteger.java:2882)", "shop.Pricing.price(Pricing.java:12)",
                        "java.lang.Thread.run(Thread.java:1474)"),
                platform("22", "shop-exec-2", Thread.State.RUNNABLE, null, List.of(),
                        "java.math.BigInteger.add(BigInteger.java:1300)", "shop.Pricing.price(Pricing.java:12)",
                        "java.lang.Thread.run(Thread.java:1474)"));
        ThreadDump dump = dump(JDK25, threads);
        StallClassifier.Context twoCores = new StallClassifier.Context(StallClassifier.Trigger.STALL, 9, Set.of("shop"),
                2, 2);
        Breakage.CpuSaturated saturated = assertInstanceOf(Breakage.CpuSaturated.class,
                StallClassifier.classify(List.of(dump), List.of(), twoCores).getFirst());
        assertEquals(false, saturated.virtual());
        assertEquals(7, saturated.queued());
        assertEquals(Breakage.CountSource.LAB, saturated.queuedFrom());
        StallClassifier.Context fourCores = new StallClassifier.Context(StallClassifier.Trigger.STALL, 9,
                Set.of("shop"), 2, 4);
        assertTrue(StallClassifier.classify(List.of(dump), List.of(), fourCores).stream()
                .noneMatch(b -> b instanceof Breakage.CpuSaturated), "two of four cores busy");
        assertTrue(StallClassifier.classify(List.of(dump), List.of(), StallClassifier.Context.observed(Set.of("shop")))
                .stream().noneMatch(b -> b instanceof Breakage.CpuSaturated), "cores and requests unknown: no claim");
    }

    /**
     * The reversed case of issue 39's "one situation, two causes": a free monitor's successor with no
     * carrier while the carriers run nothing of the user's is the successor wait alone; with both carriers
     * busy running the user's code it is named second, after them.
     */
    @Test
    void aSuccessorWaitIsNamedAloneWhenTheCarriersAreNotBusyAndSecondWhenTheyAre() {
        DumpedThread successor = virtual("25", Thread.State.RUNNABLE, null, null, null, null, List.of(),
                "shop.Stock.update(Stock.java:19)", "java.lang.VirtualThread.run(VirtualThread.java:466)");
        DumpedThread blocked = virtual("27", Thread.State.BLOCKED, null, "shop.Stock@2e", null, null, List.of(),
                "shop.Stock.update(Stock.java:19)", "java.lang.VirtualThread.run(VirtualThread.java:466)");
        List<DumpedThread> idle = List.of(carrier("2", "ForkJoinPool-1-worker-1", false),
                carrier("3", "ForkJoinPool-1-worker-2", false), successor, blocked);
        assertEquals(List.of(BreakageKind.MONITOR_SUCCESSOR_WAIT), StallClassifier.classify(
                List.of(dump(JDK25, idle)), List.of(), STALL).stream().map(Breakage::kind).toList());
        List<DumpedThread> busy = List.of(carrier("2", "ForkJoinPool-1-worker-1", true),
                carrier("3", "ForkJoinPool-1-worker-2", true), cpuOnCarrier("10", "2"), cpuOnCarrier("11", "3"),
                successor, blocked);
        assertEquals(List.of(BreakageKind.CPU_SATURATED, BreakageKind.MONITOR_SUCCESSOR_WAIT),
                StallClassifier.classify(List.of(dump(JDK25, busy)), List.of(), STALL).stream()
                        .map(Breakage::kind).toList());
    }

    @Test
    void aDiagnosisNamesItsCauseFirstAndUnclassifiedStandsAlone() {
        Breakage.Unclassified none = new Breakage.Unclassified("the dumps fit no kind the lab knows", null);
        assertEquals(BreakageKind.UNKNOWN, Diagnosis.of(List.of(), none).kind());
        assertEquals(false, Diagnosis.of(List.of(), none).named());
        assertNull(Diagnosis.of(List.of(), none).counts());
    }
}
