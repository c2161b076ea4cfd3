package loomlab.core.breakage;

import java.util.List;

/**
 * What thread dumps of a hung or stalled service show, classified. Every kind carries the counts of
 * the dump it was read from and names the frames that locate it; a kind that states a cause exists
 * only when the dumps show it, and says from what (a count read from the scheduler or the dump, an
 * owner written by the JDK or inferred from frames).
 */
public sealed interface Breakage {
    BreakageKind kind();

    /** The frames the finding names, most telling first. */
    List<String> frames();

    /** The counts of the last dump read; null for a kind that needs no dump or an {@link Unclassified} with none. */
    DumpCounts counts();

    /** Who waits for whom, for a kind that is a wait for a lock or monitor; null otherwise. */
    default WaitChain chain() {
        return null;
    }

    /**
     * Every carrier held by a virtual thread that cannot go on (parked while pinned, or blocked entering a
     * monitor, which pins on JDK 21), in each of at least two dumps taken apart, while what they wait for
     * can only be given back by a virtual thread with no carrier: the lock's holder, or, when the lock
     * shows no holder, its next owner (a virtual thread woken inside the lock's acquire). It needs a
     * carrier, and none will come free.
     *
     * @param pinnedCarriers carriers held by such threads (every one)
     * @param waiterFrame    the user's frame where the threads on the carriers wait
     * @param lock           the class of the lock or monitor the chain ends on
     * @param holder         the virtual thread that needs a carrier: the holder, or the next owner; name or id
     * @param holderFrame    the user's frame where it stands
     * @param nextOwner      true when the lock showed no holder and {@code holder} is its next owner
     * @param dumps          how many dumps, taken apart, all showed it (at least two)
     * @param apartS         seconds between the first and the last of them, null when the dumps carry no time
     */
    record CarrierDeadlock(int carriers, int pinnedCarriers, String waiterFrame, String lock, String holder,
                           String holderFrame, boolean nextOwner, int dumps, Double apartS, WaitChain chain,
                           DumpCounts counts) implements Breakage {
        /** A deadlock whose lock has a holder, with no chain: figures for findings' and reports' tests. */
        public CarrierDeadlock(int carriers, int pinnedCarriers, String waiterFrame, String lock, String holder,
                               String holderFrame, int dumps, DumpCounts counts) {
            this(carriers, pinnedCarriers, waiterFrame, lock, holder, holderFrame, false, dumps, null, null, counts);
        }

        @Override
        public BreakageKind kind() {
            return BreakageKind.CARRIER_DEADLOCK;
        }

        @Override
        public List<String> frames() {
            return holderFrame == null || holderFrame.equals(waiterFrame) ? List.of(waiterFrame)
                    : List.of(waiterFrame, holderFrame);
        }
    }

    /**
     * Every carrier runs a virtual thread in code outside the JDK, not blocked, while other virtual
     * threads wait for a carrier, and at least one carrier ran the same virtual thread in dumps taken
     * apart: the scheduler does not preempt, so the queue waits until that thread ends or blocks.
     *
     * @param held       carriers that ran the same virtual thread in the first dump and the last
     * @param queued     virtual threads waiting for a carrier
     * @param queuedFrom where that count comes from: the scheduler's own count, or the dump
     * @param cpuFrames  the user's frames the carriers that were held ran, with how many ran each
     * @param dumps      the dumps the span was read from
     * @param apartS     seconds between the first and the last of them, null when the dumps carry no time
     */
    record CarriersMonopolised(int carriers, int held, long queued, CountSource queuedFrom, List<FrameCount> cpuFrames,
                               int dumps, Double apartS, DumpCounts counts) implements Breakage {
        public CarriersMonopolised {
            cpuFrames = List.copyOf(cpuFrames);
        }

        @Override
        public BreakageKind kind() {
            return BreakageKind.CARRIERS_MONOPOLISED;
        }

        @Override
        public List<String> frames() {
            return cpuFrames.stream().map(FrameCount::frame).toList();
        }
    }

    /**
     * Every core busy with the user's code while requests queue, on any thread model: every carrier
     * runs a virtual thread with others queued for one, or (platform threads) at least as many threads
     * run the user's code as there are cores while the lab had more requests outstanding than threads
     * serving them. It names no scheduler cause: the threads on the carriers changed between the dumps,
     * or one dump cannot tell.
     *
     * @param virtual    virtual threads on carriers (true) or platform threads (false)
     * @param busy       carriers, or platform threads, running the user's code
     * @param cores      the machine's cores when known (platform threads are compared with them), else null
     * @param queued     what waited: virtual threads for a carrier, or requests beyond the threads serving
     * @param queuedFrom where that count comes from
     * @param cpuFrames  the user's frames they ran, with how many ran each
     * @param dumps      the dumps it was read across: 1 when one dump showed it (which cannot tell whether a
     *                   thread held its carrier), more when the threads on the carriers changed between them
     */
    record CpuSaturated(boolean virtual, int busy, Integer cores, long queued, CountSource queuedFrom,
                        List<FrameCount> cpuFrames, int dumps, DumpCounts counts) implements Breakage {
        public CpuSaturated {
            cpuFrames = List.copyOf(cpuFrames);
        }

        @Override
        public BreakageKind kind() {
            return BreakageKind.CPU_SATURATED;
        }

        @Override
        public List<String> frames() {
            return cpuFrames.stream().map(FrameCount::frame).toList();
        }
    }

    /**
     * Threads blocked on a monitor that no thread owns, while a virtual thread at the same place is
     * ready to run with no carrier: the monitor's successor. Until it gets a carrier the monitor's
     * exit wakes no one else, so the blocked threads (platform ones included) wait for it.
     *
     * @param monitor          the monitor, {@code Class@hash}
     * @param blocked          threads blocked on it
     * @param blockedPlatform  of which platform threads
     * @param successor        the successor's thread name or id
     * @param frame            the frame where they wait
     */
    record MonitorSuccessorWait(String monitor, int blocked, int blockedPlatform, String successor, String frame,
                                WaitChain chain, DumpCounts counts) implements Breakage {
        public MonitorSuccessorWait(String monitor, int blocked, int blockedPlatform, String successor, String frame,
                                    DumpCounts counts) {
            this(monitor, blocked, blockedPlatform, successor, frame, null, counts);
        }

        @Override
        public BreakageKind kind() {
            return BreakageKind.MONITOR_SUCCESSOR_WAIT;
        }

        @Override
        public List<String> frames() {
            return List.of(frame);
        }
    }

    /**
     * Many threads blocked on one monitor ({@code synchronized}) or one lock, in every dump read: the
     * service's requests pass it one at a time. The frame is where they take it, whoever's code that is
     * (the user's, a framework's, the JDK's); for a platform pool the pool's size bounds the count.
     *
     * @param lock            the monitor or lock: {@code Class@hash} where the dump names the object, else its class
     *                        (JDK 21: {@code a monitor} when the frames show only that threads stand at its entry)
     * @param monitor         true for a monitor, false for a {@code java.util.concurrent} lock
     * @param frame           the frame where they wait to take it, in any package
     * @param userFrame       the user's frame below it, or null when that is {@code frame} or there is none
     * @param blocked         threads waiting to take it in the last dump
     * @param blockedVirtual  of which virtual threads
     * @param owner           its owner's name or id, or null when none was found
     * @param ownerFrame      where the owner stands, or null
     * @param ownerFrom       how the owner was known, or null
     * @param poolSize        the platform pool's size the lab set, or null (virtual threads, or unknown)
     * @param dumps           the dumps that all showed it
     * @param inferred        true when the dumps name no monitor (JDK 21) and threads standing unmoved at one
     *                        frame's entry in every dump were taken to be blocked on it
     */
    record MonitorContention(String lock, boolean monitor, String frame, String userFrame, int blocked,
                             int blockedVirtual, String owner, String ownerFrame, WaitChain.OwnerFrom ownerFrom,
                             Integer poolSize, int dumps, boolean inferred, WaitChain chain, DumpCounts counts)
            implements Breakage {
        @Override
        public BreakageKind kind() {
            return BreakageKind.MONITOR_CONTENTION;
        }

        @Override
        public List<String> frames() {
            return userFrame == null ? List.of(frame) : List.of(frame, userFrame);
        }

        public int blockedPlatform() {
            return blocked - blockedVirtual;
        }
    }

    /**
     * Every thread of a platform pool busy in the user's code while more requests were outstanding
     * than the pool has threads: the rest queue for a thread. For {@code ForkJoinPool.commonPool}, whose
     * size is its parallelism, the outstanding work is the threads waiting on its futures; where the dumps
     * give CPU times, every thread of a pool sitting in a call that used no CPU across the dumps holds it.
     *
     * @param pool      the pool's thread names without their number, e.g. {@code http-nio-8080-exec-}
     * @param frame     the user's frame most of its threads were at
     * @param atFrame   how many of them were there
     * @param inFlight  requests the lab had outstanding; for the common pool the threads waiting on a
     *                  {@code CompletableFuture}'s result; for stuck calls the threads stuck
     * @param held      what shows it exhausted
     */
    record PoolExhausted(String pool, int threads, String frame, int atFrame, int inFlight, Held held,
                         DumpCounts counts) implements Breakage {
        public PoolExhausted(String pool, int threads, String frame, int atFrame, int inFlight, DumpCounts counts) {
            this(pool, threads, frame, atFrame, inFlight, Held.REQUESTS_OUTSTANDING, counts);
        }

        /** What shows a pool exhausted. */
        public enum Held {
            /** More requests outstanding, by the lab's count, than the pool has threads. */
            REQUESTS_OUTSTANDING,
            /** The common pool: more threads waiting on its futures than it has workers. */
            FUTURES_WAITING,
            /** Every thread in a call that used no CPU from the first dump to the last (Thread.print). */
            STUCK_CALLS
        }

        @Override
        public BreakageKind kind() {
            return BreakageKind.POOL_EXHAUSTED;
        }

        @Override
        public List<String> frames() {
            return List.of(frame);
        }
    }

    /**
     * One request that made no progress: its thread waited in the user's code (asleep, on a socket, a
     * lock, a future) at the same frame in every dump taken while it lasted, and the dumps show it was
     * the same request throughout ({@code evidence}).
     *
     * @param thread   the waiting thread's name or id
     * @param threads  threads that showed the same at the same frame
     * @param evidence why the dumps show one request, not a busy thread that served many
     * @param chain    who it waited for, when it waited for a lock or monitor; else null
     */
    record SlowCall(String frame, Waiting waiting, String thread, int threads, Evidence evidence, WaitChain chain,
                    DumpCounts counts) implements Breakage {
        /** A virtual thread's slow call with no chain: figures for findings' and reports' tests. */
        public SlowCall(String frame, Waiting waiting, String thread, int threads, DumpCounts counts) {
            this(frame, waiting, thread, threads, Evidence.VIRTUAL_THREAD, null, counts);
        }

        @Override
        public BreakageKind kind() {
            return BreakageKind.SLOW_CALL;
        }

        @Override
        public List<String> frames() {
            return List.of(frame);
        }

        /** What shows that the thread stayed with one request. */
        public enum Evidence {
            /** A virtual thread, made for one request, at the same frame in every dump. */
            VIRTUAL_THREAD,
            /**
             * A platform thread at the same frame in every dump, the only thread there in every one (others
             * passed through it), while threads of its pool were idle in every dump. Very likely one request,
             * not shown to be: a platform thread serves request after request and a dump cannot tell them apart.
             */
            PLATFORM_ALONE,
            /**
             * A platform thread at the same frame in every dump that used no CPU between the first and the
             * last (Thread.print's CPU time) while threads of its pool did: one call, shown, however many
             * threads passed through the same frame meanwhile.
             */
            PLATFORM_NO_CPU
        }
    }

    /**
     * A request on a fresh connection (one that had carried no answer) while the step's listen overflows
     * rose: still connecting, the kernel dropped its SYN at a full accept queue and the client waits for
     * its retransmission (1 s, then 3 s); connected, Linux dropped the handshake's last ACK there, so
     * {@code connect()} succeeded while the service never accepted the connection. The service never saw
     * the request; no dump is taken, and the wait is the backlog's, not the service's.
     *
     * @param overflows    the host's {@code TcpExt ListenOverflows} rise since the run began
     * @param connectingMs how long the request had waited when the watchdog looked
     * @param connected    true when the handshake had completed on the client's side (connect() succeeded)
     */
    record BacklogDrop(long overflows, double connectingMs, boolean connected) implements Breakage {
        /** A request still in its handshake. */
        public BacklogDrop(long overflows, double connectingMs) {
            this(overflows, connectingMs, false);
        }

        @Override
        public BreakageKind kind() {
            return BreakageKind.BACKLOG_DROP;
        }

        @Override
        public List<String> frames() {
            return List.of();
        }

        @Override
        public DumpCounts counts() {
            return null;
        }
    }

    /**
     * No kind the lab knows fits what the dumps show, or no dump could be taken: the reason says which,
     * the dumps are kept, and the counts are the last dump's (null when none was read).
     */
    record Unclassified(String reason, DumpCounts counts) implements Breakage {
        @Override
        public BreakageKind kind() {
            return BreakageKind.UNKNOWN;
        }

        @Override
        public List<String> frames() {
            return List.of();
        }
    }

    /** A frame and how many threads stood at it. */
    record FrameCount(String frame, int threads) {
    }

    /** Where a count comes from. */
    enum CountSource {
        /** The virtual-thread scheduler's own count ({@code jcmd Thread.vthread_scheduler}). */
        SCHEDULER,
        /** The dump's threads. */
        DUMP,
        /** The lab's requests outstanding, less the threads the dump shows serving. */
        LAB
    }
}
