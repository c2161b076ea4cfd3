package loomlab.core.breakage;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import loomlab.core.frames.Frames;

/**
 * A JSON thread dump of one JVM, read for what a watchdog needs: which threads are the virtual-thread
 * scheduler's carriers, which virtual threads are mounted, pinned or queued for a carrier, and what
 * every thread waits for. Reads both layouts: JDK 21's, where a thread has a name and a stack only (a
 * virtual thread shows by its {@code VirtualThread} frames; one started but never run has no stack),
 * and the detailed one of later JDKs ({@code state}, {@code virtual}, {@code carrier},
 * {@code blockedOn}, {@code parkBlocker} with its owner where the JDK writes one, {@code monitorsOwned}).
 *
 * <p>Carriers are the workers of the scheduler's own ForkJoinPool only. Every ForkJoinPool names its
 * workers {@code ForkJoinPool-N-worker-M} in a container {@code ForkJoinPool-N/...}, a service's own
 * {@code new ForkJoinPool()} too, and which N the scheduler got depends on which pool was made first. So
 * a pool is the scheduler's when the dump shows it carrying virtual threads: a worker with a virtual
 * thread mounted ({@code Continuation.run} in its stack, both layouts), a virtual thread's
 * {@code carrier} naming a worker (JDK 24 and later), or an idle worker parked on the pool whose identity
 * the scheduler's own counts printed. A pool whose worker runs a task that is not a continuation is not
 * the scheduler's. With no such sign either way, a lone pool is taken for the scheduler's only where the
 * dump has virtual threads; else no thread is a carrier.
 */
public final class ThreadDump {
    private static final Pattern WORKER = Pattern.compile("ForkJoinPool-(\\d+)-worker-\\d+");
    private static final String ROOT_CONTAINER = "<root>";
    private static final String VIRTUAL_THREAD = "java.lang.VirtualThread.";
    private static final String PINNED_PARK = "java.lang.VirtualThread.parkOnCarrierThread";
    private static final String CONTINUATION = "jdk.internal.vm.Continuation.run";
    private static final String RUN_CONTINUATION = "java.lang.VirtualThread.runContinuation";
    private static final String POOL_BLOCKER = "java.util.concurrent.ForkJoinPool@";
    private static final String CONCURRENT = "java.util.concurrent.";
    private static final String LOCKS = "java.util.concurrent.locks.";
    /** Synchronizers a thread waits on for an event, not to take a lock that another thread holds. */
    private static final Set<String> NOT_LOCKS = Set.of("java.util.concurrent.CountDownLatch",
            "java.util.concurrent.CyclicBarrier", "java.util.concurrent.Phaser", "java.util.concurrent.FutureTask",
            "java.util.concurrent.Exchanger", "java.util.concurrent.CompletableFuture",
            "java.util.concurrent.ThreadPoolExecutor", "java.util.concurrent.ScheduledThreadPoolExecutor");

    private final String runtimeVersion;
    private final String time;
    private final List<DumpedThread> threads;
    private final String file;
    private final String schedulerPool;
    /** Each platform thread's CPU time in ms by tid, from a Thread.print taken beside the dump; empty when none was. */
    private final Map<String, Double> cpuMs;

    private final boolean detailed;
    private final Map<String, DumpedThread> byTid = new HashMap<>();
    private final Set<String> virtualTids = new HashSet<>();
    private final Set<String> carrierTids = new HashSet<>();
    private List<DumpedThread> virtualThreads;
    private DumpCounts counts;

    /**
     * @param runtimeVersion the dumped JVM's, e.g. {@code 21.0.8+9-LTS}
     * @param file           where the dump is kept, relative to the results folder; null when not kept
     */
    public ThreadDump(String runtimeVersion, List<DumpedThread> threads, String file) {
        this(runtimeVersion, null, threads, file, null);
    }

    /**
     * @param time          when the dump was taken, as it wrote it (an ISO instant), or null
     * @param schedulerPool the scheduler's identity hash from its counts ({@link SchedulerCounts#pool()}), or null
     */
    public ThreadDump(String runtimeVersion, String time, List<DumpedThread> threads, String file,
                      String schedulerPool) {
        this(runtimeVersion, time, threads, file, schedulerPool, Map.of());
    }

    private ThreadDump(String runtimeVersion, String time, List<DumpedThread> threads, String file,
                       String schedulerPool, Map<String, Double> cpuMs) {
        this.cpuMs = Map.copyOf(cpuMs);
        this.runtimeVersion = runtimeVersion;
        this.time = time;
        this.threads = List.copyOf(threads);
        this.file = file;
        this.schedulerPool = schedulerPool;
        this.detailed = this.threads.stream().anyMatch(t -> t.state() != null);
        for (DumpedThread thread : this.threads) {
            byTid.putIfAbsent(thread.tid(), thread);
            if (virtualByLayout(thread)) {
                virtualTids.add(thread.tid());
            }
        }
        carrierTids.addAll(schedulerWorkers());
    }

    public String runtimeVersion() {
        return runtimeVersion;
    }

    public String time() {
        return time;
    }

    public List<DumpedThread> threads() {
        return threads;
    }

    public String file() {
        return file;
    }

    public String schedulerPool() {
        return schedulerPool;
    }

    public ThreadDump withFile(String kept) {
        return new ThreadDump(runtimeVersion, time, threads, kept, schedulerPool, cpuMs);
    }

    /** This dump read knowing the scheduler's identity (null: as it is). */
    public ThreadDump withSchedulerPool(String pool) {
        return pool == null || pool.equals(schedulerPool) ? this
                : new ThreadDump(runtimeVersion, time, threads, file, pool, cpuMs);
    }

    /** This dump with each platform thread's CPU time, by tid, as a Thread.print beside it gave ({@link ThreadPrint}). */
    public ThreadDump withCpuMs(Map<String, Double> cpu) {
        return new ThreadDump(runtimeVersion, time, threads, file, schedulerPool, cpu);
    }

    /** The thread's CPU time in ms when a Thread.print beside the dump gave it; else null. */
    public Double cpuMs(DumpedThread thread) {
        return cpuMs.get(thread.tid());
    }

    /** The JDK's feature version, from the runtime version; 0 when it cannot be read. */
    public int feature() {
        if (runtimeVersion == null) {
            return 0;
        }
        String digits = runtimeVersion.replaceFirst("^(\\d+).*$", "$1");
        return digits.matches("\\d+") ? Integer.parseInt(digits) : 0;
    }

    /** True for the layout that states each thread's state, kind and carrier (JDK 24 and later). */
    public boolean detailed() {
        return detailed;
    }

    /** Seconds from {@code earlier} to this dump, by their own times; null when either has none. */
    public Double secondsAfter(ThreadDump earlier) {
        if (time == null || earlier.time == null) {
            return null;
        }
        try {
            return Duration.between(Instant.parse(earlier.time), Instant.parse(time)).toNanos() / 1e9;
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** A worker of the virtual-thread scheduler (see the class comment for how it is told from other pools). */
    public boolean isCarrier(DumpedThread thread) {
        return carrierTids.contains(thread.tid()) && !virtualByLayout(thread);
    }

    public List<DumpedThread> carriers() {
        return threads.stream().filter(this::isCarrier).toList();
    }

    /** The name of the carrier a virtual thread is mounted on, where the dump links them (JDK 24 and later); else null. */
    public String carrierOf(DumpedThread thread) {
        if (thread.carrier() == null) {
            return null;
        }
        DumpedThread carrier = byTid.get(thread.carrier());
        return carrier == null ? "#" + thread.carrier() : carrier.label();
    }

    public boolean isVirtual(DumpedThread thread) {
        return virtualByLayout(thread);
    }

    private boolean virtualByLayout(DumpedThread thread) {
        if (detailed) {
            return Boolean.TRUE.equals(thread.virtual());
        }
        // A virtual thread's stack ends in VirtualThread.run (a carrier's only passes through its
        // runContinuation); a platform thread always has a frame once started, a virtual thread that
        // has not yet run has none.
        if (thread.frames().isEmpty()) {
            return !ROOT_CONTAINER.equals(thread.container());
        }
        return thread.frames().getLast().startsWith(VIRTUAL_THREAD + "run(");
    }

    public List<DumpedThread> virtualThreads() {
        if (virtualThreads == null) {
            virtualThreads = threads.stream().filter(this::isVirtual).toList();
        }
        return virtualThreads;
    }

    /** A virtual thread on a carrier now. JDK 21 shows an unmounted one parked in VirtualThread's own frames. */
    public boolean isMounted(DumpedThread thread) {
        if (!isVirtual(thread)) {
            return false;
        }
        if (detailed) {
            return thread.carrier() != null;
        }
        return !thread.frames().isEmpty() && !thread.frames().getFirst().startsWith(VIRTUAL_THREAD);
    }

    /**
     * A mounted virtual thread that is blocked, so its carrier can run nothing else: parked while pinned,
     * or (detailed layout) in any state but RUNNABLE. JDK 21 marks only the first: a virtual thread blocked
     * entering a monitor there reads as mounted and running in one dump (see {@code StallClassifier}).
     */
    public boolean isPinned(DumpedThread thread) {
        if (!isMounted(thread)) {
            return false;
        }
        if (thread.hasFrame(PINNED_PARK)) {
            return true;
        }
        return detailed && thread.state() != Thread.State.RUNNABLE && thread.state() != null;
    }

    /** A virtual thread ready to run with no carrier (JDK 21 shows only those that never ran: no stack). */
    public boolean isQueued(DumpedThread thread) {
        if (!isVirtual(thread) || isMounted(thread)) {
            return false;
        }
        return detailed ? thread.state() == Thread.State.RUNNABLE : thread.frames().isEmpty();
    }

    /** What the thread was doing, from its state and top frames. */
    public Waiting waiting(DumpedThread thread) {
        if (thread.frames().isEmpty()) {
            return isVirtual(thread) ? Waiting.NOT_STARTED : Waiting.RUNNING;
        }
        if (thread.state() == Thread.State.BLOCKED || thread.blockedOn() != null) {
            return Waiting.MONITOR;
        }
        if (thread.hasFrameNearTop("java.lang.Thread.sleep", 6) || thread.hasFrameNearTop(VIRTUAL_THREAD + "sleep", 6)) {
            return Waiting.SLEEPING;
        }
        if (thread.hasFrameNearTop("java.lang.Object.wait", 3)) {
            return Waiting.OBJECT_WAIT;
        }
        if (lockWaitedFor(thread) != null) {
            return Waiting.LOCK;
        }
        if (onSocket(thread)) {
            return Waiting.SOCKET;
        }
        if (thread.hasFrameNearTop("jdk.internal.misc.Unsafe.park", 1) || thread.hasFrameNearTop(VIRTUAL_THREAD + "park", 2)
                || thread.hasFrameNearTop(VIRTUAL_THREAD + "yieldContinuation", 2)) {
            return Waiting.PARKED;
        }
        if (thread.state() == Thread.State.WAITING || thread.state() == Thread.State.TIMED_WAITING) {
            return Waiting.PARKED;
        }
        return Waiting.RUNNING;
    }

    /**
     * What a thread waits to acquire: the class of the lock, semaphore, queue or latch
     * ({@code java.util.concurrent.locks.ReentrantLock}, {@code java.util.concurrent.Semaphore}) from the
     * first frame of java.util.concurrent that is not the synchronizers' own machinery; null when it waits
     * for none.
     */
    public static String lockWaitedFor(DumpedThread thread) {
        boolean acquiring = thread.frames().stream().limit(12)
                .anyMatch(f -> f.startsWith(LOCKS + "AbstractQueuedSynchronizer.acquire(")
                        || f.startsWith(LOCKS + "AbstractQueuedLongSynchronizer.acquire(")
                        || f.startsWith(LOCKS + "AbstractQueuedSynchronizer$ConditionObject.await"));
        if (!acquiring) {
            return null;
        }
        for (String frame : thread.frames()) {
            if (!frame.startsWith(CONCURRENT)) {
                continue;
            }
            String outer = outerClass(frame);
            if (!outer.endsWith("AbstractQueuedSynchronizer") && !outer.endsWith("AbstractQueuedLongSynchronizer")
                    && !outer.endsWith("LockSupport") && !outer.endsWith("AbstractOwnableSynchronizer")
                    && !outer.endsWith("ForkJoinPool")) {
                return outer;
            }
        }
        return LOCKS + "AbstractQueuedSynchronizer";
    }

    /**
     * The lock a thread waits to take, one another thread holds (a {@code ReentrantLock}, a read-write
     * lock, a semaphore, a library's own synchronizer): as {@link #lockWaitedFor} but not a condition's
     * await nor a latch, barrier or future, which wait for an event rather than an owner. Null for none.
     */
    public static String lockTaken(DumpedThread thread) {
        String lock = lockWaitedFor(thread);
        if (lock == null || NOT_LOCKS.contains(lock)) {
            return null;
        }
        boolean taking = thread.frames().stream().limit(12)
                .anyMatch(f -> f.startsWith(LOCKS + "AbstractQueuedSynchronizer.acquire(")
                        || f.startsWith(LOCKS + "AbstractQueuedLongSynchronizer.acquire("));
        boolean awaiting = thread.frames().stream().limit(12)
                .anyMatch(f -> f.startsWith(LOCKS + "AbstractQueuedSynchronizer$ConditionObject.await"));
        if (!taking || awaiting && !reacquiring(thread)) {
            return null;
        }
        if (thread.parkBlocker() != null && thread.parkBlocker().contains("$ConditionObject@")) {
            return null;
        }
        return lock;
    }

    /**
     * Where a thread in a condition's await ({@code Condition.await} and its timed kin, among its top frames)
     * called it: the frame below the await's, compact; null for a thread in no such await.
     */
    public static String conditionAwaitedAt(DumpedThread thread) {
        List<String> frames = thread.frames();
        for (int i = Math.min(12, frames.size()) - 1; i >= 0; i--) {
            if (frames.get(i).startsWith(LOCKS + "AbstractQueuedSynchronizer$ConditionObject.await")) {
                return i + 1 < frames.size() ? Frames.compact(frames.get(i + 1)) : null;
            }
        }
        return null;
    }

    /** A condition's await that was signalled and now takes its lock again: its acquire frame is above the await's. */
    private static boolean reacquiring(DumpedThread thread) {
        int acquire = -1;
        int await = -1;
        for (int i = 0; i < Math.min(12, thread.frames().size()); i++) {
            String f = thread.frames().get(i);
            if (acquire < 0 && f.startsWith(LOCKS + "AbstractQueuedSynchronizer.acquire(")) {
                acquire = i;
            }
            if (await < 0 && f.startsWith(LOCKS + "AbstractQueuedSynchronizer$ConditionObject.await")) {
                await = i;
            }
        }
        return acquire >= 0 && await > acquire;
    }

    /**
     * The frame from which a thread takes the lock or monitor it waits for, in any package: for a
     * monitor the top frame (the method at its {@code synchronized}); for a lock the first frame below the
     * lock's own machinery (the caller of {@code lock()}). Compact ({@code a.B.m:12}); null with no frame.
     */
    public static String takingFrame(DumpedThread thread) {
        if (thread.frames().isEmpty()) {
            return null;
        }
        if (lockWaitedFor(thread) == null) {
            return Frames.compact(thread.frames().getFirst());
        }
        for (String frame : thread.frames()) {
            String type = Frames.className(frame);
            if (type.startsWith(LOCKS) || type.startsWith("jdk.internal.") || type.startsWith("java.lang.VirtualThread")
                    || type.startsWith("java.lang.System$") || type.startsWith("java.lang.invoke.")
                    || type.equals("java.util.concurrent.Semaphore") || type.startsWith("java.util.concurrent.Semaphore$")) {
                continue;
            }
            return Frames.compact(frame);
        }
        return Frames.compact(thread.frames().getLast());
    }

    /** The outer class of a frame: {@code a.B$C.m(...)} is {@code a.B}. */
    private static String outerClass(String frame) {
        String type = Frames.className(frame);
        return type.contains("$") ? type.substring(0, type.indexOf('$')) : type;
    }

    private static boolean onSocket(DumpedThread thread) {
        return thread.frames().stream().limit(12).anyMatch(f -> f.startsWith("sun.nio.ch.NioSocketImpl.")
                || f.startsWith("sun.nio.ch.Net.poll") || f.startsWith("sun.nio.ch.Net.accept")
                || f.startsWith("sun.nio.ch.Net.connect") || f.startsWith("sun.nio.ch.SocketDispatcher.")
                || f.startsWith("sun.nio.ch.EPoll.wait") || f.startsWith("sun.nio.ch.SocketChannelImpl.read")
                || f.startsWith("java.net.SocketInputStream.") || f.startsWith("sun.nio.ch.NioSocketImpl"));
    }

    public DumpedThread byTid(String tid) {
        return tid == null ? null : byTid.get(tid);
    }

    /** What a sentence can say of the dump whatever it shows. */
    public DumpCounts counts() {
        if (counts == null) {
            counts = countThreads();
        }
        return counts;
    }

    private DumpCounts countThreads() {
        int carriers = carrierTids.size();
        List<DumpedThread> virtual = virtualThreads();
        int pinned = (int) virtual.stream().filter(this::isPinned).count();
        // A condition's await, a latch or a queue's poll waits for an event, not to take a lock.
        int waiters = (int) virtual.stream().filter(t -> {
            Waiting w = waiting(t);
            return w == Waiting.LOCK && (lockTaken(t) != null || t.parkBlockerOwner() != null) || w == Waiting.MONITOR;
        }).count();
        return new DumpCounts(carriers, Math.min(pinned, carriers), (int) virtual.stream().filter(this::isMounted).count(),
                (int) virtual.stream().filter(this::isQueued).count(), waiters, virtual.size(),
                threads.size() - virtual.size());
    }

    /** The tids of the scheduler's workers, by the signs the class comment lists. */
    private Set<String> schedulerWorkers() {
        Map<String, List<DumpedThread>> pools = new LinkedHashMap<>();
        for (DumpedThread thread : threads) {
            Matcher worker = WORKER.matcher(thread.name());
            if (worker.matches() && !Boolean.TRUE.equals(thread.virtual()) && !virtualTids.contains(thread.tid())
                    && thread.container().startsWith("ForkJoinPool-" + worker.group(1))) {
                pools.computeIfAbsent(worker.group(1), k -> new ArrayList<>()).add(thread);
            }
        }
        if (pools.isEmpty()) {
            return Set.of();
        }
        Set<String> named = new HashSet<>();
        for (DumpedThread thread : threads) {
            if (thread.carrier() != null) {
                named.add(thread.carrier());
            }
        }
        Set<String> scheduler = new HashSet<>();
        Set<String> notScheduler = new HashSet<>();
        pools.forEach((pool, workers) -> {
            for (DumpedThread worker : workers) {
                boolean carrying = named.contains(worker.tid()) || worker.hasFrame(CONTINUATION)
                        || worker.hasFrame(RUN_CONTINUATION);
                String blocker = worker.parkBlocker();
                boolean parkedOnScheduler = schedulerPool != null && blocker != null
                        && blocker.equals(POOL_BLOCKER + schedulerPool);
                if (carrying || parkedOnScheduler) {
                    scheduler.add(pool);
                } else if (runsOtherTask(worker) || schedulerPool != null && blocker != null
                        && blocker.startsWith(POOL_BLOCKER)) {
                    notScheduler.add(pool);
                }
            }
        });
        if (scheduler.isEmpty()) {
            List<String> candidates = pools.keySet().stream().filter(p -> !notScheduler.contains(p)).toList();
            if (candidates.size() == 1 && !virtualTids.isEmpty()) {
                scheduler.add(candidates.getFirst());
            }
        }
        Set<String> tids = new HashSet<>();
        scheduler.forEach(pool -> pools.get(pool).forEach(w -> tids.add(w.tid())));
        return tids;
    }

    /** A ForkJoinPool worker running a task that is not a virtual thread's continuation. */
    private static boolean runsOtherTask(DumpedThread worker) {
        return !worker.hasFrame(CONTINUATION) && worker.frames().stream()
                .anyMatch(f -> f.startsWith("java.util.concurrent.ForkJoinTask.doExec")
                        || f.startsWith("java.util.concurrent.ForkJoinPool$WorkQueue.topLevelExec")
                        || f.startsWith("java.util.concurrent.ForkJoinPool.helpJoin")
                        || f.startsWith("java.util.concurrent.ForkJoinTask.awaitDone"));
    }
}
