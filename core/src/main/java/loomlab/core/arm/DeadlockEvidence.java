package loomlab.core.arm;

import java.util.List;

/**
 * What a thread dump of a hung server showed: the carriers and how many of them a pinned virtual
 * thread held, the virtual threads waiting for a lock, the locks they waited for, and where the
 * dump is kept.
 *
 * @param carriers              the scheduler's carrier threads in the dump
 * @param pinnedCarriers        carriers held by a virtual thread parked while pinned
 * @param waitingVirtualThreads virtual threads waiting for a lock (pinned or not)
 * @param locks                 the classes of the locks they waited for, e.g.
 *                              {@code java.util.concurrent.locks.ReentrantLock}
 * @param dumpFile              the thread dump, kept with the results
 */
public record DeadlockEvidence(int carriers, int pinnedCarriers, int waitingVirtualThreads, List<String> locks,
                               String dumpFile) {
    public DeadlockEvidence {
        locks = List.copyOf(locks);
    }

    /** The same evidence with the dump named as the results folder sees it. */
    public DeadlockEvidence withDumpFile(String file) {
        return new DeadlockEvidence(carriers, pinnedCarriers, waitingVirtualThreads, locks, file);
    }
}
