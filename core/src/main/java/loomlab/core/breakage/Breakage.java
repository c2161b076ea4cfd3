package loomlab.core.breakage;

import java.util.List;

/**
 * What thread dumps of a hung or stalled service show, classified. Every kind carries the counts of
 * the dump it was read from and names the user's frames (the first frames outside the JDK and the
 * frameworks); a kind that states a cause exists only when the dump shows it.
 */
public sealed interface Breakage {
    BreakageKind kind();

    /** The user's frames the finding names, most telling first. */
    List<String> frames();

    /** The counts of the last dump read; null only for an {@link Unclassified} with no dump read. */
    DumpCounts counts();

    /**
     * Every carrier held by a virtual thread parked while pinned (JDK 21: inside {@code synchronized}),
     * waiting for a lock whose holder is a virtual thread that is not mounted: it needs a carrier to
     * release the lock, and none will come free.
     *
     * @param waiterFrame the user's frame where the pinned virtual threads wait
     * @param lock        the class of the lock or monitor they wait for
     * @param holder      the holder's thread name, or its id
     * @param holderFrame the user's frame where the holder stands
     * @param dumps       how many dumps, taken apart, all showed it (at least two)
     */
    record CarrierDeadlock(int carriers, int pinnedCarriers, String waiterFrame, String lock, String holder,
                           String holderFrame, int dumps, DumpCounts counts) implements Breakage {
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
     * Every carrier runs a virtual thread that is not blocking while other virtual threads wait for a
     * carrier: the scheduler does not preempt, so they wait until one of those ends or blocks.
     *
     * @param queued     virtual threads waiting for a carrier
     * @param queuedFrom where that count comes from: the scheduler's own count, or the dump
     * @param cpuFrames  the user's frames the carriers were running, with how many ran each
     */
    record CarriersMonopolised(int carriers, long queued, CountSource queuedFrom, List<FrameCount> cpuFrames,
                               DumpCounts counts) implements Breakage {
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
     * Threads blocked on a monitor that no thread owns, while a virtual thread at the same place is
     * ready to run with no carrier: the monitor's successor. Until it gets a carrier the monitor's
     * exit wakes no one else, so the blocked threads (platform ones included) wait for it.
     *
     * @param monitor          the monitor, {@code Class@hash}
     * @param blocked          threads blocked on it
     * @param blockedPlatform  of which platform threads
     * @param successor        the successor's thread name or id
     * @param frame            the user's frame where they wait
     */
    record MonitorSuccessorWait(String monitor, int blocked, int blockedPlatform, String successor, String frame,
                                DumpCounts counts) implements Breakage {
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
     * Every thread of a platform pool busy in the user's code while more requests were outstanding
     * than the pool has threads: the rest queue for a thread.
     *
     * @param pool      the pool's thread names without their number, e.g. {@code http-nio-8080-exec-}
     * @param frame     the user's frame most of its threads were at
     * @param atFrame   how many of them were there
     * @param inFlight  requests the lab had outstanding
     */
    record PoolExhausted(String pool, int threads, String frame, int atFrame, int inFlight, DumpCounts counts)
            implements Breakage {
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
     * A request's thread waiting in the user's code (asleep, on a socket, a lock, a future) in every
     * dump taken while the stall lasted, while the rest of the service went on.
     *
     * @param thread  the waiting thread's name or id
     * @param threads threads waiting at the same frame
     */
    record SlowCall(String frame, Waiting waiting, String thread, int threads, DumpCounts counts) implements Breakage {
        @Override
        public BreakageKind kind() {
            return BreakageKind.SLOW_CALL;
        }

        @Override
        public List<String> frames() {
            return List.of(frame);
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
        SCHEDULER, DUMP
    }
}
