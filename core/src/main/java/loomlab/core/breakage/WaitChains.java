package loomlab.core.breakage;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import loomlab.core.frames.Frames;

/**
 * Builds a {@link WaitChain} from one thread of a dump: what it waits to take, who owns that, what the
 * owner waits to take, to the end or to a cycle. Owners are read where the dump writes them (a monitor
 * in its owner's {@code monitorsOwned}; a lock's {@code parkBlocker.owner}, which JDK 25.0.3 does not
 * write yet) and otherwise inferred from the frames:
 * <ul>
 *   <li>the holder: the one thread that stands in the waiters' method past the line where they wait
 *       (it got past it), else the one thread in the same class, not itself waiting for the same;</li>
 *   <li>on JDK 21, a monitor's owner the same way; a virtual one must be mounted, since a virtual
 *       thread holding a monitor there is pinned to its carrier;</li>
 *   <li>with no holder found for a lock, its next owner: the one virtual thread waiting for the same
 *       lock off any carrier (the woken one where the dump says which is runnable), which has to run
 *       to take the lock.</li>
 * </ul>
 * Where no single thread fits, the chain ends with the owner unknown rather than a guess.
 */
final class WaitChains {
    private static final int LONGEST = 16;

    private WaitChains() {
    }

    /**
     * What a thread waits to take.
     *
     * @param monitor a monitor (else a lock)
     * @param id      what tells one such lock or monitor from another: its {@code Class@hash} where the dump
     *                names the object, else (JDK 21) the lock's class, or the monitor's entry frame
     * @param shown   how a sentence names it
     * @param frame   where the thread takes it
     */
    record Want(boolean monitor, String id, String shown, String frame) {
    }

    private record Owner(DumpedThread thread, WaitChain.OwnerFrom from) {
    }

    static Want want(DumpSpan span, ThreadDump dump, DumpedThread thread) {
        Waiting waiting = span.waiting(dump, thread);
        if (waiting == Waiting.MONITOR) {
            String frame = ThreadDump.takingFrame(thread);
            return thread.blockedOn() != null ? new Want(true, thread.blockedOn(), thread.blockedOn(), frame)
                    : new Want(true, "monitor at " + Frames.method(frame), "a monitor", frame);
        }
        String lock = ThreadDump.lockTaken(thread);
        if (lock == null) {
            return null;
        }
        String blocker = thread.parkBlocker();
        return blocker != null ? new Want(false, blocker, blocker, ThreadDump.takingFrame(thread))
                : new Want(false, lock, lock, ThreadDump.takingFrame(thread));
    }

    /** The chain from {@code start} in {@code dump}. */
    static WaitChain from(DumpSpan span, ThreadDump dump, DumpedThread start) {
        List<WaitChain.Link> links = new ArrayList<>();
        Map<String, Integer> index = new HashMap<>();
        DumpedThread thread = start;
        boolean nextOwner = false;
        while (links.size() < LONGEST) {
            index.put(thread.tid(), links.size());
            // The next owner waits inside the same lock's acquire: what it needs is to run, not the lock.
            Want want = nextOwner ? null : want(span, dump, thread);
            if (want == null) {
                links.add(link(span, dump, thread, null, null));
                return new WaitChain(links, WaitChain.Ending.NOT_A_LOCK, null);
            }
            Owner owner = owner(span, dump, thread, want);
            if (owner == null) {
                links.add(link(span, dump, thread, want, null));
                boolean free = want.monitor() && dump.detailed() && thread.blockedOn() != null;
                return new WaitChain(links, free ? WaitChain.Ending.NO_OWNER : WaitChain.Ending.OWNER_UNKNOWN, null);
            }
            links.add(link(span, dump, thread, want, owner.from()));
            Integer seen = index.get(owner.thread().tid());
            if (seen != null) {
                return new WaitChain(links, WaitChain.Ending.CYCLE, seen);
            }
            thread = owner.thread();
            nextOwner = owner.from() == WaitChain.OwnerFrom.NEXT_OWNER;
        }
        return new WaitChain(links, WaitChain.Ending.OWNER_UNKNOWN, null);
    }

    private static WaitChain.Link link(DumpSpan span, ThreadDump dump, DumpedThread thread, Want want,
                                       WaitChain.OwnerFrom from) {
        boolean virtual = dump.isVirtual(thread);
        String userFrame = span.userFrame(thread);
        Waiting waiting = span.waiting(dump, thread);
        String frame = want != null ? want.frame() : waiting == Waiting.LOCK ? awaitedAt(thread, userFrame) : userFrame;
        return new WaitChain.Link(thread.label(), thread.tid(), virtual, virtual ? dump.isMounted(thread) : null,
                dump.carrierOf(thread), waiting, frame, want == null ? null : want.shown(), from, userFrame);
    }

    /**
     * Where a thread that takes no lock awaits a condition: the frame that called the await (a library's, such
     * as HttpClient 4's pool, where a caller waits for a free connection), else the user's frame.
     */
    private static String awaitedAt(DumpedThread thread, String userFrame) {
        String awaited = ThreadDump.lockWaitedFor(thread) != null && ThreadDump.lockTaken(thread) == null
                ? ThreadDump.conditionAwaitedAt(thread) : null;
        return awaited != null ? awaited : userFrame;
    }

    private static Owner owner(DumpSpan span, ThreadDump dump, DumpedThread waiter, Want want) {
        if (want.monitor() && waiter.blockedOn() != null) {
            return dump.threads().stream().filter(t -> t.monitorsOwned().contains(waiter.blockedOn())).findFirst()
                    .map(t -> new Owner(t, WaitChain.OwnerFrom.DUMP)).orElse(null);
        }
        if (!want.monitor() && waiter.parkBlockerOwner() != null) {
            DumpedThread named = dump.byTid(waiter.parkBlockerOwner());
            if (named != null) {
                return new Owner(named, WaitChain.OwnerFrom.DUMP);
            }
        }
        DumpedThread inferred = holder(span, dump, waiter, want);
        if (inferred != null) {
            return new Owner(inferred, WaitChain.OwnerFrom.INFERRED);
        }
        if (want.monitor()) {
            return null;
        }
        DumpedThread next = nextOwner(span, dump, waiter, want);
        return next == null ? null : new Owner(next, WaitChain.OwnerFrom.NEXT_OWNER);
    }

    /** The holder by frames: past the waiter's line in its method, else in its class; null unless one thread fits. */
    private static DumpedThread holder(DumpSpan span, ThreadDump dump, DumpedThread waiter, Want want) {
        String site = want.frame();
        if (site == null) {
            return null;
        }
        String method = Frames.method(site);
        String type = Frames.className(site);
        Integer line = Frames.line(site);
        List<DumpedThread> inMethod = new ArrayList<>();
        List<DumpedThread> inClass = new ArrayList<>();
        Set<DumpedThread> waitingThemselves = new HashSet<>();
        for (DumpedThread t : dump.threads()) {
            if (t == waiter || t.frames().isEmpty() || dump.isCarrier(t)) {
                continue;
            }
            Want theirs = want(span, dump, t);
            if (theirs != null && sameLock(theirs, want)) {
                continue; // waits for the same: not its holder
            }
            if (theirs != null) {
                waitingThemselves.add(t);
            }
            if (want.monitor() && !dump.detailed() && dump.isVirtual(t) && !dump.isMounted(t)) {
                continue; // JDK 21: a virtual thread holding a monitor is pinned, so mounted
            }
            boolean past = false;
            boolean sameClass = false;
            for (int i = 0; i < t.frames().size(); i++) {
                String frame = Frames.compact(t.frames().get(i));
                if (Frames.method(frame).equals(method)) {
                    Integer at = Frames.line(frame);
                    if (line != null && at != null && (at > line
                            || want.monitor() && at.equals(line) && i > 0 && dump.waiting(t).blocked())) {
                        past = true;
                    }
                }
                if (Frames.className(frame).equals(type)) {
                    sameClass = true;
                }
            }
            if (past) {
                inMethod.add(t);
            } else if (sameClass) {
                inClass.add(t);
            }
        }
        if (!inMethod.isEmpty()) {
            return one(inMethod, waitingThemselves);
        }
        return one(inClass, waitingThemselves);
    }

    /**
     * The one candidate that waits for no lock itself, else the one candidate: a thread blocked elsewhere
     * can hold a lock (the chain goes on through it), but one that runs or sleeps is the likelier holder.
     */
    private static DumpedThread one(List<DumpedThread> candidates, Set<DumpedThread> waitingThemselves) {
        List<DumpedThread> free = candidates.stream().filter(t -> !waitingThemselves.contains(t)).toList();
        if (free.size() == 1) {
            return free.getFirst();
        }
        return free.isEmpty() && candidates.size() == 1 ? candidates.getFirst() : null;
    }

    /**
     * The lock's next owner: the one virtual thread off any carrier waiting for the same lock (where the
     * dump gives states, the runnable one: woken and waiting for a carrier); null unless one fits.
     */
    private static DumpedThread nextOwner(DumpSpan span, ThreadDump dump, DumpedThread waiter, Want want) {
        List<DumpedThread> off = dump.virtualThreads().stream()
                .filter(t -> t != waiter && !dump.isMounted(t))
                .filter(t -> {
                    Want theirs = want(span, dump, t);
                    return theirs != null && sameLock(theirs, want);
                }).toList();
        if (dump.detailed()) {
            List<DumpedThread> woken = off.stream().filter(t -> t.state() == Thread.State.RUNNABLE).toList();
            if (woken.size() == 1) {
                return woken.getFirst();
            }
        }
        return off.size() == 1 ? off.getFirst() : null;
    }

    /** The same lock or monitor: by identity where the dump names objects, by class (JDK 21's locks) otherwise. */
    static boolean sameLock(Want a, Want b) {
        if (a.monitor() != b.monitor()) {
            return false;
        }
        return Objects.equals(a.id(), b.id());
    }
}
