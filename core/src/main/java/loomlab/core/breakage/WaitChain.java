package loomlab.core.breakage;

import java.util.List;

/**
 * Who waits for whom: a thread, the lock or monitor it waits for, that lock's owner (mounted or not,
 * on which carrier), what the owner waits for, and so on to the end of the chain or to a cycle. Each
 * step says how its owner was known: written in the dump by the JDK (a monitor's owner lists it in
 * {@code monitorsOwned}; a lock's owner where the JDK writes {@code parkBlocker.owner}), or inferred
 * from the frames where the dump names none (JDK 21 names no owner at all).
 *
 * @param links           the threads in turn, the first the one the chain starts from
 * @param ending          how the chain ends
 * @param cycleTo         for {@link Ending#CYCLE}: the index of the link the last one's lock is owned by; else null
 * @param carriersHeldBy  for {@link Ending#NEEDS_CARRIER}: the threads that hold the carriers it needs, as labels
 */
public record WaitChain(List<Link> links, Ending ending, Integer cycleTo, List<String> carriersHeldBy) {
    public WaitChain {
        links = List.copyOf(links);
        carriersHeldBy = List.copyOf(carriersHeldBy);
        if (links.isEmpty()) {
            throw new IllegalArgumentException("a chain starts from a thread");
        }
    }

    /** The chain ending as it stands, no carrier named. */
    WaitChain(List<Link> links, Ending ending, Integer cycleTo) {
        this(links, ending, cycleTo, List.of());
    }

    /** The same chain ending at a virtual thread that needs one of the carriers these threads hold. */
    WaitChain needingCarrierHeldBy(List<String> holders) {
        return new WaitChain(links, Ending.NEEDS_CARRIER, null, holders);
    }

    public Link last() {
        return links.getLast();
    }

    /** True when any owner in the chain was inferred from frames rather than written by the JDK. */
    public boolean inferred() {
        return links.stream().anyMatch(l -> l.ownerFrom() != null && l.ownerFrom() != OwnerFrom.DUMP);
    }

    /**
     * One thread of the chain.
     *
     * @param thread    its name, or {@code #tid}
     * @param tid       its id as the dump wrote it
     * @param virtual   a virtual thread
     * @param mounted   for a virtual thread, whether it is on a carrier; null for a platform thread
     * @param carrier   the carrier's name when the dump links it (JDK 24 and later), else null
     * @param waiting   what it was doing
     * @param frame     where it waits: for a lock or monitor, the frame that takes it; in a condition's await,
     *                  the frame that awaits it (a library's pool, say:
     *                  {@code org.apache.http.pool.AbstractConnPool.getPoolEntryBlocking:391}); else the user's frame
     * @param lock      what it waits to take ({@code Class@hash} where the dump names the object, else the
     *                  class, or {@code a monitor}); null when it waits for no lock
     * @param ownerFrom how the next link was found to own {@code lock}; null on the last link
     * @param userFrame the service's own frame on the thread's stack, where the wait was called from (the same as
     *                  {@code frame} when the service's code waits itself); null when the thread has no frames
     */
    public record Link(String thread, String tid, boolean virtual, Boolean mounted, String carrier, Waiting waiting,
                       String frame, String lock, OwnerFrom ownerFrom, String userFrame) {
        /** A link whose wait is in the service's own frame. */
        public Link(String thread, String tid, boolean virtual, Boolean mounted, String carrier, Waiting waiting,
                    String frame, String lock, OwnerFrom ownerFrom) {
            this(thread, tid, virtual, mounted, carrier, waiting, frame, lock, ownerFrom, frame);
        }

        /**
         * Whether it awaits a condition (no lock to take) at {@code frame}, a frame other than the service's own:
         * a wait whose lock is released while it waits, and which a signal, not an owner, ends.
         */
        public boolean awaitsCondition() {
            return waiting == Waiting.LOCK && lock == null && frame != null && userFrame != null
                    && !frame.equals(userFrame);
        }
    }

    /** How a lock's owner was known. */
    public enum OwnerFrom {
        /** The dump names it: {@code monitorsOwned}, or {@code parkBlocker.owner}. */
        DUMP("named by the dump"),
        /** From the frames: the thread past the point where the waiters wait, in the same method. */
        INFERRED("inferred from the frames"),
        /**
         * The lock shows no holder: the next link is the waiter its release wakes, which has to run to
         * take it (inferred: a virtual thread waiting for the same lock off any carrier).
         */
        NEXT_OWNER("its next owner, inferred from the frames");

        private final String words;

        OwnerFrom(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }
    }

    /** How a chain ends. */
    public enum Ending {
        /** The last link's lock is owned by an earlier link. */
        CYCLE,
        /** The last link is a virtual thread off any carrier that has to run to go on, and every carrier is held. */
        NEEDS_CARRIER,
        /** The last link's lock has an owner the dump does not show and the frames do not tell. */
        OWNER_UNKNOWN,
        /**
         * The dump shows no owner of the last link's monitor and no thread about to take it. A dump writes
         * its threads one at a time while the JVM runs, so a monitor that changes hands may show none.
         */
        NO_OWNER,
        /** The last link waits for no lock: it runs, sleeps, reads a socket; its {@code waiting} says which. */
        NOT_A_LOCK
    }
}
