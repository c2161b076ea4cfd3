package loomlab.core.breakage;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A JSON thread dump of one JVM, read for what a watchdog needs: which threads are the virtual-thread
 * scheduler's carriers, which virtual threads are mounted, pinned or queued for a carrier, and what
 * every thread waits for. Reads both layouts: JDK 21's, where a thread has a name and a stack only (a
 * virtual thread shows by its {@code VirtualThread} frames; one started but never run has no stack),
 * and the detailed one of later JDKs ({@code state}, {@code virtual}, {@code carrier},
 * {@code blockedOn}, {@code parkBlocker} with its owner, {@code monitorsOwned}).
 *
 * @param runtimeVersion the dumped JVM's, e.g. {@code 21.0.8+9-LTS}
 * @param file           where the dump is kept, relative to the results folder; null when not kept
 */
public record ThreadDump(String runtimeVersion, List<DumpedThread> threads, String file) {
    /** The default scheduler's workers; the common pool's are named ForkJoinPool.commonPool-worker-N. */
    private static final Pattern CARRIER = Pattern.compile("ForkJoinPool-\\d+-worker-\\d+");
    private static final String ROOT_CONTAINER = "<root>";
    private static final String VIRTUAL_THREAD = "java.lang.VirtualThread.";
    private static final String PINNED_PARK = "java.lang.VirtualThread.parkOnCarrierThread";
    private static final String CONCURRENT = "java.util.concurrent.";
    private static final String LOCKS = "java.util.concurrent.locks.";

    public ThreadDump {
        threads = List.copyOf(threads);
    }

    public ThreadDump withFile(String kept) {
        return new ThreadDump(runtimeVersion, threads, kept);
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
        return threads.stream().anyMatch(t -> t.state() != null);
    }

    /** A worker of the virtual-thread scheduler: named so, in the scheduler's own container. */
    public boolean isCarrier(DumpedThread thread) {
        return CARRIER.matcher(thread.name()).matches() && thread.container().startsWith("ForkJoinPool-")
                && !Boolean.TRUE.equals(thread.virtual());
    }

    public List<DumpedThread> carriers() {
        return threads.stream().filter(this::isCarrier).toList();
    }

    public boolean isVirtual(DumpedThread thread) {
        if (detailed()) {
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
        return threads.stream().filter(this::isVirtual).toList();
    }

    /** A virtual thread on a carrier now. JDK 21 shows an unmounted one parked in VirtualThread's own frames. */
    public boolean isMounted(DumpedThread thread) {
        if (!isVirtual(thread)) {
            return false;
        }
        if (detailed()) {
            return thread.carrier() != null;
        }
        return !thread.frames().isEmpty() && !thread.frames().getFirst().startsWith(VIRTUAL_THREAD);
    }

    /** A mounted virtual thread that is blocked, so its carrier can run nothing else. */
    public boolean isPinned(DumpedThread thread) {
        if (!isMounted(thread)) {
            return false;
        }
        if (thread.hasFrame(PINNED_PARK)) {
            return true;
        }
        return detailed() && thread.state() != Thread.State.RUNNABLE && thread.state() != null;
    }

    /** A virtual thread ready to run with no carrier (JDK 21 shows only those that never ran: no stack). */
    public boolean isQueued(DumpedThread thread) {
        if (!isVirtual(thread) || isMounted(thread)) {
            return false;
        }
        return detailed() ? thread.state() == Thread.State.RUNNABLE : thread.frames().isEmpty();
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
            String method = frame.contains("(") ? frame.substring(0, frame.indexOf('(')) : frame;
            String type = method.substring(0, method.lastIndexOf('.'));
            String outer = type.contains("$") ? type.substring(0, type.indexOf('$')) : type;
            if (!outer.endsWith("AbstractQueuedSynchronizer") && !outer.endsWith("AbstractQueuedLongSynchronizer")
                    && !outer.endsWith("LockSupport") && !outer.endsWith("AbstractOwnableSynchronizer")
                    && !outer.endsWith("ForkJoinPool")) {
                return outer;
            }
        }
        return LOCKS + "AbstractQueuedSynchronizer";
    }

    private static boolean onSocket(DumpedThread thread) {
        return thread.frames().stream().limit(12).anyMatch(f -> f.startsWith("sun.nio.ch.NioSocketImpl.")
                || f.startsWith("sun.nio.ch.Net.poll") || f.startsWith("sun.nio.ch.Net.accept")
                || f.startsWith("sun.nio.ch.Net.connect") || f.startsWith("sun.nio.ch.SocketDispatcher.")
                || f.startsWith("sun.nio.ch.EPoll.wait") || f.startsWith("sun.nio.ch.SocketChannelImpl.read")
                || f.startsWith("java.net.SocketInputStream.") || f.startsWith("sun.nio.ch.NioSocketImpl"));
    }

    public DumpedThread byTid(String tid) {
        return threads.stream().filter(t -> Objects.equals(t.tid(), tid)).findFirst().orElse(null);
    }

    /** What a sentence can say of the dump whatever it shows. */
    public DumpCounts counts() {
        int carriers = carriers().size();
        List<DumpedThread> virtual = virtualThreads();
        int pinned = (int) virtual.stream().filter(this::isPinned).count();
        int waiters = (int) virtual.stream().filter(t -> {
            Waiting w = waiting(t);
            return w == Waiting.LOCK || w == Waiting.MONITOR;
        }).count();
        return new DumpCounts(carriers, Math.min(pinned, carriers), (int) virtual.stream().filter(this::isMounted).count(),
                (int) virtual.stream().filter(this::isQueued).count(), waiters, virtual.size(),
                threads.size() - virtual.size());
    }
}
