package loomlab.core.breakage;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import loomlab.core.frames.Frames;

/**
 * Decides from thread dumps what broke when a service stopped answering (a hang) or left a request
 * waiting far longer than the rest (a stall). Pure: a function of the dumps (in the order they were
 * taken), the scheduler's counts beside them, and what the lab saw from outside. The kinds are tried
 * from the most specific to the most general; each claims only what the dumps show, and a dump of a
 * healthy service classifies as nothing.
 */
public final class StallClassifier {
    private StallClassifier() {
    }

    /** How the watchdog was set off. */
    public enum Trigger {
        /** No answer for a while with requests outstanding. */
        HANG,
        /** One request waited far longer than the others, which were answered. */
        STALL
    }

    /**
     * @param inFlight     requests the lab had outstanding when the dumps were taken, or null when unknown
     * @param userPackages the user's own packages when known; empty means every frame outside the JDK and
     *                     the frameworks is the user's
     */
    public record Context(Trigger trigger, Integer inFlight, Set<String> userPackages) {
        public Context {
            userPackages = Set.copyOf(userPackages);
        }
    }

    /** What the dumps show, or empty when they show none of the kinds the lab knows. */
    public static Optional<Breakage> classify(List<ThreadDump> dumps, List<SchedulerCounts> scheduler,
                                              Context context) {
        if (dumps.isEmpty()) {
            return Optional.empty();
        }
        return carrierDeadlock(dumps, context)
                .or(() -> inOneDump(dumps.getLast(), scheduler.isEmpty() ? null : scheduler.getLast(), context))
                .or(() -> slowCall(dumps, context))
                .or(() -> inAnEarlierDump(dumps, context));
    }

    /** The kinds one dump can show, the most specific first. */
    private static Optional<Breakage> inOneDump(ThreadDump dump, SchedulerCounts scheduler, Context context) {
        return monitorSuccessorWait(dump, context)
                .or(() -> carriersMonopolised(dump, scheduler, context))
                .or(() -> poolExhausted(dump, context));
    }

    /**
     * The latest earlier dump that shows one of those kinds, when the last shows none: a stall still
     * open as its run ended has a last dump taken once the load had stopped, of a server gone idle,
     * while the dump before it was taken as the request waited. The scheduler, read beside the last
     * dump only, is not set beside an earlier one.
     */
    private static Optional<Breakage> inAnEarlierDump(List<ThreadDump> dumps, Context context) {
        for (int i = dumps.size() - 2; i >= 0; i--) {
            Optional<Breakage> found = inOneDump(dumps.get(i), null, context);
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    /**
     * Every carrier held by a pinned virtual thread waiting for a lock, and the lock's holder a virtual
     * thread that is not mounted, in each of at least two dumps taken apart: no carrier can come free.
     */
    static Optional<Breakage> carrierDeadlock(List<ThreadDump> dumps, Context context) {
        if (dumps.size() < 2) {
            return Optional.empty();
        }
        Optional<Deadlocked> first = deadlocked(dumps.getFirst(), context);
        Optional<Deadlocked> last = deadlocked(dumps.getLast(), context);
        if (first.isEmpty() || last.isEmpty() || !first.get().holder().tid().equals(last.get().holder().tid())) {
            return Optional.empty();
        }
        Deadlocked seen = last.get();
        ThreadDump dump = dumps.getLast();
        DumpCounts counts = dump.counts();
        return Optional.of(new Breakage.CarrierDeadlock(counts.carriers(), counts.pinnedCarriers(), seen.waiterFrame(),
                seen.lock(), seen.holder().label(), userFrame(seen.holder(), context), dumps.size(), counts));
    }

    private record Deadlocked(String waiterFrame, String lock, DumpedThread holder) {
    }

    private static Optional<Deadlocked> deadlocked(ThreadDump dump, Context context) {
        DumpCounts counts = dump.counts();
        if (!counts.everyCarrierPinned()) {
            return Optional.empty();
        }
        List<DumpedThread> waiters = dump.virtualThreads().stream().filter(dump::isPinned)
                .filter(t -> lockOf(dump, t) != null).toList();
        if (waiters.size() < counts.carriers()) {
            return Optional.empty(); // pinned carriers that wait for no lock: a pin, not this deadlock
        }
        String lock = mostCommon(waiters, t -> lockOf(dump, t));
        String waiterFrame = mostCommon(waiters, t -> userFrame(t, context));
        return holder(dump, waiters, waiterFrame, context).map(h -> new Deadlocked(waiterFrame, lock, h));
    }

    /**
     * The lock's holder, a virtual thread that is not mounted. Where the dump names the owner (the
     * park blocker's owner, the monitor's owner) that one; JDK 21 names none, so a virtual thread off
     * its carrier, not waiting for a lock itself, in the same method as the waiters (it got past the
     * lock they wait for); failing that, the only such thread in the user's code.
     */
    private static Optional<DumpedThread> holder(ThreadDump dump, List<DumpedThread> waiters, String waiterFrame,
                                                 Context context) {
        List<DumpedThread> named = waiters.stream().map(w -> ownerOf(dump, w)).filter(Objects::nonNull).distinct()
                .toList();
        if (!named.isEmpty()) {
            return named.stream().filter(t -> dump.isVirtual(t) && !dump.isMounted(t)).findFirst();
        }
        List<DumpedThread> unmounted = dump.virtualThreads().stream()
                .filter(t -> !dump.isMounted(t) && !t.frames().isEmpty() && lockOf(dump, t) == null)
                .filter(t -> t.frames().stream().anyMatch(f -> Frames.isUsers(f, context.userPackages())))
                .toList();
        String method = waiterFrame == null ? null : Frames.method(waiterFrame);
        List<DumpedThread> sameMethod = unmounted.stream()
                .filter(t -> t.frames().stream().anyMatch(f -> Frames.method(f).equals(method))).toList();
        if (!sameMethod.isEmpty()) {
            return Optional.of(sameMethod.getFirst());
        }
        return unmounted.size() == 1 ? Optional.of(unmounted.getFirst()) : Optional.empty();
    }

    private static DumpedThread ownerOf(ThreadDump dump, DumpedThread waiter) {
        if (waiter.parkBlockerOwner() != null) {
            return dump.byTid(waiter.parkBlockerOwner());
        }
        if (waiter.blockedOn() != null) {
            return dump.threads().stream().filter(t -> t.monitorsOwned().contains(waiter.blockedOn())).findFirst()
                    .orElse(null);
        }
        return null;
    }

    /** The class of the lock or monitor a thread waits for, or null. */
    private static String lockOf(ThreadDump dump, DumpedThread thread) {
        String lock = ThreadDump.lockWaitedFor(thread);
        if (lock != null) {
            return lock;
        }
        if (dump.waiting(thread) == Waiting.MONITOR) {
            return thread.blockedOn() == null ? "a monitor" : thread.blockedOn().replaceFirst("@[0-9a-fA-F]+$", "");
        }
        return null;
    }

    /**
     * Threads blocked on a monitor that no thread owns, and a virtual thread ready to run with no
     * carrier at the same frame: the successor the monitor's exit chose, waiting for a carrier while
     * the others wait for it. Needs a layout that names monitors (JDK 24 and later).
     */
    static Optional<Breakage> monitorSuccessorWait(ThreadDump dump, Context context) {
        Map<String, List<DumpedThread>> blockedByMonitor = dump.threads().stream()
                .filter(t -> t.blockedOn() != null)
                .collect(Collectors.groupingBy(DumpedThread::blockedOn, LinkedHashMap::new, Collectors.toList()));
        for (Map.Entry<String, List<DumpedThread>> entry : blockedByMonitor.entrySet()) {
            String monitor = entry.getKey();
            if (dump.threads().stream().anyMatch(t -> t.monitorsOwned().contains(monitor))) {
                continue; // an owner is running or waiting: the usual contention, not a pending successor
            }
            Set<String> enterFrames = entry.getValue().stream().filter(t -> !t.frames().isEmpty())
                    .map(t -> t.frames().getFirst()).collect(Collectors.toSet());
            Optional<DumpedThread> successor = dump.virtualThreads().stream().filter(dump::isQueued)
                    .filter(t -> !t.frames().isEmpty() && enterFrames.contains(t.frames().getFirst())).findFirst();
            if (successor.isPresent()) {
                List<DumpedThread> blocked = entry.getValue();
                int platform = (int) blocked.stream().filter(t -> !dump.isVirtual(t)).count();
                return Optional.of(new Breakage.MonitorSuccessorWait(monitor, blocked.size(), platform,
                        successor.get().label(), userFrame(successor.get(), context), dump.counts()));
            }
        }
        return Optional.empty();
    }

    /**
     * Every carrier runs a virtual thread that is not blocked, in code outside the JDK, while virtual
     * threads wait for a carrier: by the scheduler's count when it counts any, else by the dump's. The
     * scheduler is read after the dump, when the queue may have drained (a run that ended, a request
     * that finished); the dump's count is of the same instant as the carriers it shows busy.
     */
    static Optional<Breakage> carriersMonopolised(ThreadDump dump, SchedulerCounts scheduler, Context context) {
        int carriers = dump.carriers().size();
        List<DumpedThread> running = dump.virtualThreads().stream().filter(dump::isMounted)
                .filter(t -> dump.waiting(t) == Waiting.RUNNING)
                .filter(t -> t.frames().stream().anyMatch(f -> !Frames.isJdk(f))).toList();
        if (carriers == 0 || running.size() < carriers) {
            return Optional.empty();
        }
        boolean schedulerCounted = scheduler != null && scheduler.queued() > 0;
        long queued = schedulerCounted ? scheduler.queued() : dump.counts().queuedVirtual();
        if (queued == 0) {
            return Optional.empty();
        }
        return Optional.of(new Breakage.CarriersMonopolised(carriers, queued,
                schedulerCounted ? Breakage.CountSource.SCHEDULER : Breakage.CountSource.DUMP,
                frameCounts(running, t -> userFrame(t, context)), dump.counts()));
    }

    /**
     * A pool of platform threads (named alike but for a number) whose every thread is in the user's
     * code, while the lab had more requests outstanding than the pool has threads.
     */
    static Optional<Breakage> poolExhausted(ThreadDump dump, Context context) {
        if (context.inFlight() == null) {
            return Optional.empty();
        }
        Map<String, List<DumpedThread>> pools = dump.threads().stream()
                .filter(t -> !dump.isVirtual(t) && !dump.isCarrier(t))
                .filter(t -> t.name().matches(".*\\D\\d+$"))
                .collect(Collectors.groupingBy(t -> t.name().replaceFirst("\\d+$", ""), LinkedHashMap::new,
                        Collectors.toList()));
        return pools.entrySet().stream()
                .filter(e -> e.getValue().size() >= 2 && context.inFlight() > e.getValue().size())
                .filter(e -> e.getValue().stream().allMatch(t -> inUsersCode(t, context)))
                .max(Comparator.comparingInt(e -> e.getValue().size()))
                .map(e -> {
                    List<Breakage.FrameCount> frames = frameCounts(e.getValue(), t -> userFrame(t, context));
                    return new Breakage.PoolExhausted(e.getKey(), e.getValue().size(), frames.getFirst().frame(),
                            frames.getFirst().threads(), context.inFlight(), dump.counts());
                });
    }

    /**
     * Threads waiting in the user's code at the same frame in the first and the last dump (so for at
     * least the time between them), request threads first: those whose stack runs the user's code
     * called by a server's. Needs two dumps: one cannot tell a slow call from a quick one caught mid-way.
     */
    static Optional<Breakage> slowCall(List<ThreadDump> dumps, Context context) {
        if (dumps.size() < 2) {
            return Optional.empty();
        }
        ThreadDump first = dumps.getFirst();
        ThreadDump last = dumps.getLast();
        List<DumpedThread> waiting = last.threads().stream()
                .filter(t -> !last.isCarrier(t) && last.waiting(t).blocked() && !idle(t))
                .filter(t -> inUsersCode(t, context))
                .filter(t -> {
                    DumpedThread before = first.byTid(t.tid());
                    return before != null && first.waiting(before).blocked()
                            && Objects.equals(userFrame(before, context), userFrame(t, context));
                }).toList();
        List<DumpedThread> requests = waiting.stream()
                .filter(t -> Frames.servesRequests(t.frames(), context.userPackages())).toList();
        List<DumpedThread> chosen = requests.isEmpty() ? waiting : requests;
        if (chosen.isEmpty()) {
            return Optional.empty();
        }
        List<Breakage.FrameCount> frames = frameCounts(chosen, t -> userFrame(t, context));
        String frame = frames.getFirst().frame();
        DumpedThread one = chosen.stream().filter(t -> frame.equals(userFrame(t, context))).findFirst().orElseThrow();
        return Optional.of(new Breakage.SlowCall(frame, last.waiting(one), one.label(), frames.getFirst().threads(),
                last.counts()));
    }

    /**
     * A thread that waits by design: an accept loop, a selector, an idle pool thread, or the program's
     * main thread waiting in its {@code main} method for the service to end.
     */
    static boolean idle(DumpedThread thread) {
        return thread.frames().stream().limit(8).anyMatch(f -> f.startsWith("sun.nio.ch.Net.accept")
                || f.startsWith("sun.nio.ch.EPoll.wait") || f.startsWith("sun.nio.ch.ServerSocketChannelImpl.accept")
                || f.startsWith("java.util.concurrent.ThreadPoolExecutor.getTask"))
                || waitsInMain(thread);
    }

    private static boolean waitsInMain(DumpedThread thread) {
        return thread.name().equals("main") && !thread.frames().isEmpty()
                && Frames.method(thread.frames().getLast()).endsWith(".main");
    }

    private static boolean inUsersCode(DumpedThread thread, Context context) {
        return thread.frames().stream().anyMatch(f -> Frames.isUsers(f, context.userPackages()));
    }

    /** The first frame in the user's packages when they are known, else the first outside the JDK and frameworks. */
    static String userFrame(DumpedThread thread, Context context) {
        if (!context.userPackages().isEmpty()) {
            Optional<String> own = thread.frames().stream().filter(f -> Frames.isUsers(f, context.userPackages()))
                    .findFirst();
            if (own.isPresent()) {
                return Frames.compact(own.get());
            }
        }
        return Frames.userFrame(thread.frames());
    }

    private static <T> String mostCommon(List<T> items, Function<T, String> key) {
        return frameCounts(items, key).getFirst().frame();
    }

    /** Items grouped by a key, the largest group first (ties in the order first seen). */
    private static <T> List<Breakage.FrameCount> frameCounts(List<T> items, Function<T, String> key) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (T item : items) {
            counts.merge(String.valueOf(key.apply(item)), 1, Integer::sum);
        }
        List<Breakage.FrameCount> frames = new ArrayList<>();
        counts.forEach((frame, n) -> frames.add(new Breakage.FrameCount(frame, n)));
        frames.sort(Comparator.comparingInt(Breakage.FrameCount::threads).reversed());
        return frames;
    }
}
