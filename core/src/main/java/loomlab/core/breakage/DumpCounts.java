package loomlab.core.breakage;

/**
 * The counts a thread dump gives whatever else it shows, so a finding that names no cause still
 * says what was seen.
 *
 * @param carriers         the virtual-thread scheduler's carrier threads
 * @param pinnedCarriers   carriers held by a mounted virtual thread that is blocked (pinned)
 * @param mountedVirtual   virtual threads on a carrier
 * @param queuedVirtual    virtual threads ready to run with no carrier (JDK 21 shows only those never run)
 * @param lockWaiters      virtual threads waiting for a lock or a monitor
 * @param virtualThreads   every virtual thread in the dump
 * @param platformThreads  every other thread
 */
public record DumpCounts(int carriers, int pinnedCarriers, int mountedVirtual, int queuedVirtual, int lockWaiters,
                         int virtualThreads, int platformThreads) {
    public static final DumpCounts NONE = new DumpCounts(0, 0, 0, 0, 0, 0, 0);

    /** Every carrier held by a pinned virtual thread (and there are carriers). */
    public boolean everyCarrierPinned() {
        return carriers > 0 && pinnedCarriers >= carriers;
    }
}
