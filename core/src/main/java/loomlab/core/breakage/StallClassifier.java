package loomlab.core.breakage;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import loomlab.core.frames.Frames;

/**
 * Decides from thread dumps what broke when a service stopped answering (a hang), left a request
 * waiting far longer than the rest (a stall), or was dumped by hand. Pure: a function of the dumps (in
 * the order they were taken), the scheduler's counts beside them, and what the lab saw from outside.
 *
 * <p>Every kind claims only what the dumps show, and a dump of a healthy service, busy or idle,
 * classifies as nothing. Where two kinds hold at once both are named, the cause first: a carrier
 * deadlock alone (everything else waits on it); then carriers kept busy (monopolised by one virtual
 * thread, or saturated by many); then what waits for a carrier or a lock (a monitor's successor,
 * contention on one monitor or lock); then an exhausted platform pool. A slow call, one request that
 * made no progress, is named only when none of those is.
 */
public final class StallClassifier {
    /** Threads blocked on one monitor or lock, at least, for contention: fewer is a lock doing its job. */
    static final int CONTENDED = 3;

    private StallClassifier() {
    }

    /** How the dumps came to be taken. */
    public enum Trigger {
        /** No answer for a while with requests outstanding. */
        HANG,
        /** One request waited far longer than the others, which were answered. */
        STALL,
        /** Dumps taken from outside, by hand or by a command: nothing the lab saw set them off. */
        OBSERVED
    }

    /**
     * @param inFlight     requests the lab had outstanding when the dumps were taken, or null when unknown
     * @param userPackages the user's own packages when known; empty means every frame outside the JDK and
     *                     the frameworks is the user's
     * @param poolSize     the platform pool's size the lab set, or null (virtual threads, or unknown)
     * @param cores        the cores of the machine the dumped JVM ran on, or null when unknown
     */
    public record Context(Trigger trigger, Integer inFlight, Set<String> userPackages, Integer poolSize,
                          Integer cores) {
        public Context {
            userPackages = Set.copyOf(userPackages);
        }

        public Context(Trigger trigger, Integer inFlight, Set<String> userPackages) {
            this(trigger, inFlight, userPackages, null, null);
        }

        /** Dumps taken from outside, with nothing else known but (maybe) the user's packages. */
        public static Context observed(Set<String> userPackages) {
            return new Context(Trigger.OBSERVED, null, userPackages, null, null);
        }
    }

    /**
     * Every kind the dumps show, the cause first; empty when they show none (a healthy service).
     *
     * @param dumps     one JVM's dumps in the order they were taken (one is enough for the kinds one dump
     *                  shows; a deadlock, a monopolised carrier and a slow call need two taken apart)
     * @param scheduler the scheduler's counts read beside the dumps (JDK 24 and later), the last one read
     *                  after the last dump; empty when none were read
     */
    public static List<Breakage> classify(List<ThreadDump> dumps, List<SchedulerCounts> scheduler, Context context) {
        if (dumps.isEmpty()) {
            return List.of();
        }
        String pool = scheduler.stream().map(SchedulerCounts::pool).filter(Objects::nonNull).findFirst().orElse(null);
        DumpSpan span = new DumpSpan(dumps.stream().map(d -> d.withSchedulerPool(pool)).toList(), context);
        SchedulerCounts besideLast = scheduler.isEmpty() ? null : scheduler.getLast();
        Optional<Breakage> deadlock = carrierDeadlock(span);
        if (deadlock.isPresent()) {
            return List.of(deadlock.get());
        }
        List<Breakage> found = new ArrayList<>();
        busyCarriers(span, besideLast).or(() -> busyCores(span)).ifPresent(found::add);
        Optional<Breakage> successor = latest(span, d -> monitorSuccessorWait(span, d));
        successor.ifPresent(found::add);
        Set<String> explained = successor.map(s -> Set.of(((Breakage.MonitorSuccessorWait) s).monitor()))
                .orElse(Set.of());
        monitorContention(span, explained).ifPresent(found::add);
        latest(span, d -> poolExhausted(span, d)).or(() -> commonPoolExhausted(span)).or(() -> poolOfStuckCalls(span))
                .ifPresent(found::add);
        if (found.isEmpty()) {
            slowCall(span).ifPresent(found::add);
        }
        return List.copyOf(found);
    }

    /**
     * The kind in the last dump that shows it: a stall still open as its run ended has a last dump taken
     * once the load had stopped, of a server gone idle, while an earlier one was taken as it waited.
     */
    private static Optional<Breakage> latest(DumpSpan span, Function<ThreadDump, Optional<Breakage>> kind) {
        for (int i = span.size() - 1; i >= 0; i--) {
            Optional<Breakage> found = kind.apply(span.dumps.get(i));
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    // ------------------------------------------------------------------------------------- deadlock

    /**
     * Every carrier held by a virtual thread that cannot go on, the same thread with the same stack in
     * the first dump and the last: parked while pinned (JDK 21 marks it with {@code parkOnCarrierThread};
     * later JDKs say it is mounted and not runnable), or blocked entering a monitor (JDK 24 and later say
     * BLOCKED; JDK 21 only shows the thread unmoved at the monitor's entry, inferred). And what each waits
     * for leads, through its owners, to a virtual thread off any carrier, the same in both dumps: the
     * lock's holder, or, where the lock shows no holder, its next owner parked in the lock's acquire. That
     * thread needs a carrier to give the lock back or to take it, and every carrier waits for it.
     */
    static Optional<Breakage> carrierDeadlock(DumpSpan span) {
        if (span.size() < 2) {
            return Optional.empty();
        }
        ThreadDump first = span.first;
        ThreadDump last = span.last;
        int carriers = last.carriers().size();
        if (carriers == 0) {
            return Optional.empty();
        }
        List<DumpedThread> stuck = last.virtualThreads().stream().filter(last::isMounted).filter(span::unmoved)
                .filter(t -> {
                    DumpedThread before = first.byTid(t.tid());
                    return before != null && first.isMounted(before);
                })
                .filter(t -> last.isPinned(t) || span.waiting(last, t) == Waiting.MONITOR
                        || waitsForAnothersInitialiser(last, t))
                .toList();
        if (stuck.size() < carriers) {
            return Optional.empty();
        }
        List<String> holding = stuck.stream().map(DumpedThread::label).toList();
        WaitChain longest = null;
        for (DumpedThread waiter : stuck) {
            WaitChain chain = WaitChains.from(span, last, waiter);
            WaitChain.Link end = chain.last();
            if (chain.ending() != WaitChain.Ending.CYCLE) {
                // A cycle: every thread of the chain waits for the next, none can go on. Else the end must be
                // the same virtual thread off its carrier in both dumps.
                boolean ownerUnseen = chain.links().size() < 2;
                if (!end.virtual() || !Boolean.FALSE.equals(end.mounted()) || ownerUnseen) {
                    // Ends at a thread that can go on, or at an owner the dump does not show.
                    return ownerUnseen ? ownerless(span, stuck) : Optional.empty();
                }
                DumpedThread before = first.byTid(end.tid());
                if (before == null || first.isMounted(before)) {
                    return Optional.empty();
                }
                chain = chain.needingCarrierHeldBy(holding);
            }
            if (longest == null || chain.links().size() > longest.links().size()) {
                longest = chain;
            }
        }
        WaitChain chain = longest;
        WaitChain.Link end = chain.ending() == WaitChain.Ending.CYCLE ? chain.links().get(chain.cycleTo())
                : chain.last();
        DumpedThread holder = last.byTid(end.tid());
        String lock = chain.links().stream().filter(l -> l.lock() != null).reduce((a, b) -> b)
                .map(l -> lockClass(l.lock())).orElse(null);
        boolean nextOwner = chain.links().stream().anyMatch(l -> l.ownerFrom() == WaitChain.OwnerFrom.NEXT_OWNER);
        String waiterFrame = mostCommon(stuck, span::userFrame);
        return Optional.of(new Breakage.CarrierDeadlock(carriers, Math.min(stuck.size(), carriers), waiterFrame, lock,
                holder.label(), span.userFrame(holder), nextOwner, span.size(), last.secondsAfter(first), chain,
                last.counts()));
    }

    /**
     * A carrier deadlock whose lock owner no dump shows: every carrier held by a virtual thread pinned in a
     * wait on the service itself (a monitor, a lock or a condition, a class initialiser) or waiting for
     * another thread's class initialiser ({@link #waitsForAnothersInitialiser}), virtual threads
     * queued for a carrier in the first dump and the last, and nothing moved between them (no thread of the
     * service, virtual or platform, changed its stack, ended or started). Whatever the unmounted threads wait
     * for, none of them can run, so the pinned waits cannot end. A pinned sleep, socket read or other wait
     * on the world outside may end by itself, and is not one.
     */
    private static Optional<Breakage> ownerless(DumpSpan span, List<DumpedThread> stuck) {
        ThreadDump first = span.first;
        ThreadDump last = span.last;
        if (!stuck.stream().allMatch(t -> last.isPinned(t) && waitsOnService(span, last, t)
                || waitsForAnothersInitialiser(last, t))) {
            return Optional.empty();
        }
        if (first.counts().queuedVirtual() == 0 || last.counts().queuedVirtual() == 0 || !nothingMoved(span)) {
            return Optional.empty();
        }
        int carriers = last.carriers().size();
        // What they wait on is said from a pinned one: one waiting for another's initialiser shows no wait.
        DumpedThread one = stuck.stream().filter(last::isPinned).findFirst().orElse(stuck.getFirst());
        WaitChain chain = WaitChains.from(span, last, one);
        return Optional.of(new Breakage.CarrierDeadlock(carriers, Math.min(stuck.size(), carriers),
                mostCommon(stuck, span::userFrame), waitedOn(span, last, one), null, null, false, span.size(),
                last.secondsAfter(first), chain, last.counts()));
    }

    /** A pinned thread's wait that only the service can end: a monitor, a lock or a condition, a class initialiser. */
    private static boolean waitsOnService(DumpSpan span, ThreadDump dump, DumpedThread thread) {
        Waiting waiting = span.waiting(dump, thread);
        // Inside a class initialiser a parked thread waits for work it handed on (a future, a latch); asleep
        // or on a socket there, it waits on the clock or the world outside.
        return waiting == Waiting.MONITOR || waiting == Waiting.OBJECT_WAIT || waiting == Waiting.LOCK
                || waiting == Waiting.PARKED && initialising(thread) != null;
    }

    /**
     * A virtual thread on a carrier that waits for another thread's class initialiser to end. The dump shows
     * it running, with no {@code <clinit>} of its own, at the very frame (method and line) from which another
     * thread entered a class initialiser it still runs: the JVM holds it there, on its carrier (JDK 21 and 25
     * alike), until that initialiser ends.
     */
    static boolean waitsForAnothersInitialiser(ThreadDump dump, DumpedThread thread) {
        if (!dump.isMounted(thread) || thread.frames().isEmpty() || initialising(thread) != null
                || dump.waiting(thread) != Waiting.RUNNING) {
            return false;
        }
        String top = Frames.compact(thread.frames().getFirst());
        for (DumpedThread other : dump.threads()) {
            List<String> frames = other.frames();
            for (int i = 0; i + 1 < frames.size(); i++) {
                if (frames.get(i).contains(".<clinit>(") && Frames.compact(frames.get(i + 1)).equals(top)
                        && other != thread) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The class initialiser a thread runs, as its compact frame, when one is among its frames; else null. */
    private static String initialising(DumpedThread thread) {
        return thread.frames().stream().filter(f -> f.contains(".<clinit>(")).findFirst().map(Frames::compact)
                .orElse(null);
    }

    /** What a pinned thread waits on, in words a sentence can take. */
    private static String waitedOn(DumpSpan span, ThreadDump dump, DumpedThread thread) {
        String clinit = initialising(thread);
        Waiting waiting = span.waiting(dump, thread);
        if (waiting == Waiting.MONITOR) {
            return thread.blockedOn() != null ? thread.blockedOn() : "a monitor";
        }
        if (waiting == Waiting.OBJECT_WAIT) {
            return thread.waitingOn() != null ? thread.waitingOn() : "a monitor's wait";
        }
        String lock = ThreadDump.lockWaitedFor(thread);
        if (clinit != null) {
            return "work inside the class initialiser " + Frames.method(clinit);
        }
        String awaitedAt = ThreadDump.conditionAwaitedAt(thread);
        if (lock != null && ThreadDump.lockTaken(thread) == null && awaitedAt != null) {
            // A condition's await names no lock of its own: where it waits says what it waits for.
            return "a condition at " + awaitedAt;
        }
        return lock != null ? lock : "the service";
    }

    /**
     * No thread of the service moved from the first dump to the last: every virtual thread, and every platform
     * thread outside the JDK's own that does not wait for work by design, stands with the same stack in both,
     * and none ended or started.
     */
    private static boolean nothingMoved(DumpSpan span) {
        Map<String, DumpedThread> before = serviceThreads(span.first);
        Map<String, DumpedThread> after = serviceThreads(span.last);
        if (!before.keySet().equals(after.keySet())) {
            return false;
        }
        return after.values().stream().allMatch(t -> before.get(t.tid()).frames().equals(t.frames()));
    }

    private static Map<String, DumpedThread> serviceThreads(ThreadDump dump) {
        Map<String, DumpedThread> threads = new LinkedHashMap<>();
        for (DumpedThread thread : dump.threads()) {
            boolean jdkOnly = thread.frames().stream().allMatch(Frames::isJdk);
            if (dump.isVirtual(thread) || !dump.isCarrier(thread) && !jdkOnly && !idle(thread)) {
                threads.put(thread.tid(), thread);
            }
        }
        return threads;
    }

    /** {@code java.util.concurrent.locks.ReentrantLock$NonfairSync@18904903} is {@code ...ReentrantLock$NonfairSync}. */
    static String lockClass(String lock) {
        return lock.replaceFirst("@[0-9a-fA-F]+$", "");
    }

    // ------------------------------------------------------------------------------------- carriers and cores

    /**
     * Every carrier runs a virtual thread in code outside the JDK, not blocked, while virtual threads
     * wait for a carrier: by the scheduler's count when it counts any (read after the last dump, when the
     * queue may have drained), else by the dump's. If a carrier ran the same virtual thread at the same
     * frame in an earlier dump and in every dump since ({@link #heldSince}), it was held for that span:
     * carriers monopolised. Otherwise (other threads by then, or one dump) every carrier was busy and no
     * more is known: CPU saturated.
     */
    static Optional<Breakage> busyCarriers(DumpSpan span, SchedulerCounts scheduler) {
        for (int i = span.size() - 1; i >= 0; i--) {
            ThreadDump dump = span.dumps.get(i);
            int carriers = dump.carriers().size();
            List<DumpedThread> running = running(span, dump);
            if (carriers == 0 || running.size() < carriers) {
                continue;
            }
            boolean schedulerCounted = i == span.size() - 1 && scheduler != null && scheduler.queued() > 0;
            long queued = schedulerCounted ? scheduler.queued() : dump.counts().queuedVirtual();
            if (queued == 0) {
                continue;
            }
            Breakage.CountSource from = schedulerCounted ? Breakage.CountSource.SCHEDULER : Breakage.CountSource.DUMP;
            if (i > 0) {
                int at = i;
                List<DumpedThread> held = running.stream().filter(t -> heldSince(span, t, at) >= 0).toList();
                if (!held.isEmpty()) {
                    // Each was held at least from the latest dump any of them is shown held since.
                    int since = held.stream().mapToInt(t -> heldSince(span, t, at)).max().orElseThrow();
                    Double apart = dump.secondsAfter(span.dumps.get(since));
                    return Optional.of(new Breakage.CarriersMonopolised(carriers, Math.min(held.size(), carriers), queued,
                            from, frameCounts(held, span::userFrame), i + 1 - since, apart, dump.counts()));
                }
            }
            return Optional.of(new Breakage.CpuSaturated(true, carriers, span.context.cores(), queued, from,
                    frameCounts(running, span::userFrame), i + 1, dump.counts()));
        }
        return Optional.empty();
    }

    /**
     * The latest earlier dump from which the same virtual thread held its carrier to dump {@code i}: running
     * in every dump between, and in that one on the same carrier (where the dumps name carriers) at the
     * same frame; -1 when none. The same thread running at both ends alone is not enough: it may have left
     * its carrier for I/O in between and come back elsewhere, or to another frame.
     */
    private static int heldSince(DumpSpan span, DumpedThread thread, int i) {
        ThreadDump now = span.dumps.get(i);
        String frame = span.userFrame(thread);
        for (int j = i - 1; j >= 0; j--) {
            ThreadDump then = span.dumps.get(j);
            DumpedThread before = running(span, then).stream().filter(t -> t.tid().equals(thread.tid())).findFirst()
                    .orElse(null);
            if (before == null) {
                return -1;
            }
            boolean sameCarrier = thread.carrier() == null || before.carrier() == null
                    || Objects.equals(now.carrierOf(thread), then.carrierOf(before));
            if (sameCarrier && Objects.equals(frame, span.userFrame(before))) {
                return j;
            }
        }
        return -1;
    }

    /**
     * Mounted virtual threads running code outside the JDK, not blocked (nor, on JDK 21, possibly blocked
     * at a monitor's entry). A dump writes its threads one at a time while the JVM runs, so a carrier can
     * be seen under several virtual threads; where the dump links them (JDK 24 and later) one per carrier
     * is kept, the first listed.
     */
    private static List<DumpedThread> running(DumpSpan span, ThreadDump dump) {
        return onePerCarrier(dump, dump.virtualThreads().stream().filter(dump::isMounted)
                .filter(t -> span.waiting(dump, t) == Waiting.RUNNING && !span.mayBeEnteringMonitor(dump, t))
                .filter(t -> t.frames().stream().anyMatch(f -> !Frames.isJdk(f))).toList());
    }

    /** One virtual thread per carrier where the dump names carriers; all of them otherwise. */
    static List<DumpedThread> onePerCarrier(ThreadDump dump, List<DumpedThread> mounted) {
        if (!dump.detailed()) {
            return mounted;
        }
        Map<String, DumpedThread> byCarrier = new LinkedHashMap<>();
        mounted.forEach(t -> byCarrier.putIfAbsent(t.carrier() == null ? t.tid() : t.carrier(), t));
        return List.copyOf(byCarrier.values());
    }

    /**
     * Platform threads: at least as many run the user's code, not blocked, as the machine has cores,
     * while the lab had more requests outstanding than the dump shows threads serving: requests queue
     * for a thread that the cores could not run anyway. Needs the cores and the requests outstanding.
     */
    static Optional<Breakage> busyCores(DumpSpan span) {
        Integer cores = span.context.cores();
        Integer inFlight = span.context.inFlight();
        if (cores == null || inFlight == null || cores <= 0) {
            return Optional.empty();
        }
        for (int i = span.size() - 1; i >= 0; i--) {
            ThreadDump dump = span.dumps.get(i);
            List<DumpedThread> serving = dump.threads().stream()
                    .filter(t -> !dump.isVirtual(t) && !dump.isCarrier(t) && !idle(t) && inUsersCode(t, span.context))
                    .toList();
            List<DumpedThread> running = serving.stream()
                    .filter(t -> span.waiting(dump, t) == Waiting.RUNNING && !span.mayBeEnteringMonitor(dump, t))
                    .toList();
            long queued = inFlight - serving.size();
            if (running.size() >= cores && queued > 0) {
                return Optional.of(new Breakage.CpuSaturated(false, running.size(), cores, queued,
                        Breakage.CountSource.LAB, frameCounts(running, span::userFrame), i + 1, dump.counts()));
            }
        }
        return Optional.empty();
    }

    // ------------------------------------------------------------------------------------- monitors and locks

    /**
     * Threads blocked on a monitor that no thread owns, and a virtual thread ready to run with no
     * carrier at the same frame: the successor the monitor's exit chose, waiting for a carrier while
     * the others wait for it. Needs a layout that names monitors (JDK 24 and later).
     */
    static Optional<Breakage> monitorSuccessorWait(DumpSpan span, ThreadDump dump) {
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
                DumpedThread next = successor.get();
                WaitChain chain = successorChain(span, dump, blocked.getFirst(), next);
                return Optional.of(new Breakage.MonitorSuccessorWait(monitor, blocked.size(), platform, next.label(),
                        span.userFrame(next), chain, dump.counts()));
            }
        }
        return Optional.empty();
    }

    /** A blocked thread, the free monitor, and its successor, which needs one of the carriers that others hold. */
    private static WaitChain successorChain(DumpSpan span, ThreadDump dump, DumpedThread blocked, DumpedThread next) {
        WaitChains.Want want = WaitChains.want(span, dump, blocked);
        WaitChain.Link waiter = new WaitChain.Link(blocked.label(), blocked.tid(), dump.isVirtual(blocked),
                dump.isVirtual(blocked) ? dump.isMounted(blocked) : null, dump.carrierOf(blocked), Waiting.MONITOR,
                ThreadDump.takingFrame(blocked), want == null ? blocked.blockedOn() : want.shown(),
                WaitChain.OwnerFrom.NEXT_OWNER, span.userFrame(blocked));
        WaitChain.Link successor = new WaitChain.Link(next.label(), next.tid(), true, false, null,
                dump.waiting(next), ThreadDump.takingFrame(next), null, null, span.userFrame(next));
        List<String> holding = onePerCarrier(dump, dump.virtualThreads().stream().filter(dump::isMounted).toList())
                .stream().map(DumpedThread::label).toList();
        return new WaitChain(List.of(waiter, successor), WaitChain.Ending.NEEDS_CARRIER, null, holding);
    }

    /**
     * At least {@link #CONTENDED} threads waiting to take one monitor or one lock, in the last dump that
     * shows such a group and, when there are two dumps or more, in the first as well: requests pass it in
     * turn. Grouped by the object where the dump names it (JDK 24 and later: {@code blockedOn}, the lock's
     * {@code parkBlocker}); on JDK 21 a lock by its class and the frame that takes it, and a monitor by the
     * frame at whose entry the threads stand unmoved (inferred). Monitors already explained by a waiting
     * successor are left to that kind.
     */
    static Optional<Breakage> monitorContention(DumpSpan span, Set<String> explained) {
        for (int i = span.size() - 1; i >= 0; i--) {
            ThreadDump dump = span.dumps.get(i);
            Map<String, List<DumpedThread>> groups = waitersByLock(span, dump);
            Map<String, List<DumpedThread>> before = i == 0 ? groups : waitersByLock(span, span.first);
            Optional<Map.Entry<String, List<DumpedThread>>> contended = groups.entrySet().stream()
                    .filter(e -> !explained.contains(e.getKey()))
                    .filter(e -> e.getValue().size() >= CONTENDED)
                    .filter(e -> before.getOrDefault(e.getKey(), List.of()).size() >= CONTENDED)
                    .max(Comparator.comparingInt(e -> e.getValue().size()));
            if (contended.isEmpty()) {
                continue;
            }
            List<DumpedThread> blocked = contended.get().getValue();
            DumpedThread one = blocked.getFirst();
            WaitChains.Want want = WaitChains.want(span, dump, one);
            WaitChain chain = ownedChain(span, contended.get().getKey(), i).orElse(WaitChains.from(span, dump, one));
            WaitChain.Link owner = chain.links().size() > 1 ? chain.links().get(1) : null;
            String frame = mostCommon(blocked, ThreadDump::takingFrame);
            String user = mostCommon(blocked, span::userFrame);
            int virtual = (int) blocked.stream().filter(dump::isVirtual).count();
            boolean inferred = want.monitor() && one.blockedOn() == null;
            return Optional.of(new Breakage.MonitorContention(want.shown(), want.monitor(), frame,
                    Objects.equals(user, frame) ? null : user, blocked.size(), virtual,
                    owner == null ? null : owner.thread(), owner == null ? null : ownerFrame(dump, owner, span),
                    owner == null ? null : chain.links().getFirst().ownerFrom(), span.context.poolSize(),
                    i + 1, inferred, chain, dump.counts()));
        }
        return Optional.empty();
    }

    /**
     * A chain that names the lock's owner, from the dump at {@code from} back to the first: a dump writes
     * its threads one at a time, so a monitor passed from hand to hand can show no owner in one dump and
     * one in the next.
     */
    private static Optional<WaitChain> ownedChain(DumpSpan span, String key, int from) {
        for (int i = from; i >= 0; i--) {
            ThreadDump dump = span.dumps.get(i);
            List<DumpedThread> blocked = waitersByLock(span, dump).getOrDefault(key, List.of());
            // A few waiters each: their owner is the same one, so if the first few find none, none will.
            for (DumpedThread thread : blocked.subList(0, Math.min(3, blocked.size()))) {
                WaitChain chain = WaitChains.from(span, dump, thread);
                if (chain.links().size() > 1) {
                    return Optional.of(chain);
                }
            }
        }
        return Optional.empty();
    }

    private static String ownerFrame(ThreadDump dump, WaitChain.Link owner, DumpSpan span) {
        DumpedThread thread = span.dumps.stream().map(d -> d.byTid(owner.tid())).filter(Objects::nonNull)
                .reduce((a, b) -> b).orElse(null);
        return thread == null ? null : span.userFrame(thread);
    }

    /** The threads waiting to take each monitor or lock of a dump, by what tells one from another. */
    private static Map<String, List<DumpedThread>> waitersByLock(DumpSpan span, ThreadDump dump) {
        Map<String, List<DumpedThread>> groups = new LinkedHashMap<>();
        for (DumpedThread thread : dump.threads()) {
            if (dump.isCarrier(thread) || thread.frames().isEmpty()) {
                continue;
            }
            WaitChains.Want want = WaitChains.want(span, dump, thread);
            if (want == null) {
                continue;
            }
            String key = want.monitor() || dump.detailed() ? want.id() : want.id() + " at " + want.frame();
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(thread);
        }
        return groups;
    }

    // ------------------------------------------------------------------------------------- pools and calls

    /**
     * A pool of platform threads (named alike but for a number) whose every thread is in the user's
     * code, while the lab had more requests outstanding than the pool has threads.
     */
    static Optional<Breakage> poolExhausted(DumpSpan span, ThreadDump dump) {
        Context context = span.context;
        if (context.inFlight() == null) {
            return Optional.empty();
        }
        Map<String, List<DumpedThread>> pools = dump.threads().stream()
                .filter(t -> !dump.isVirtual(t) && !dump.isCarrier(t))
                .filter(t -> t.name().matches(".*\\D\\d+$") && !t.name().startsWith("ForkJoinPool"))
                .collect(Collectors.groupingBy(StallClassifier::poolOf, LinkedHashMap::new, Collectors.toList()));
        return pools.entrySet().stream()
                .filter(e -> e.getValue().size() >= 2 && context.inFlight() > e.getValue().size())
                .filter(e -> e.getValue().stream().allMatch(t -> inUsersCode(t, context)))
                .max(Comparator.comparingInt(e -> e.getValue().size()))
                .map(e -> {
                    List<Breakage.FrameCount> frames = frameCounts(e.getValue(), span::userFrame);
                    return new Breakage.PoolExhausted(e.getKey(), e.getValue().size(), frames.getFirst().frame(),
                            frames.getFirst().threads(), context.inFlight(), dump.counts());
                });
    }

    /** The common pool's workers' names, less their number. */
    static final String COMMON_POOL = "ForkJoinPool.commonPool-worker-";

    /**
     * {@code ForkJoinPool.commonPool}, a pool of its parallelism, exhausted: in every dump each of its workers
     * blocked in the user's code (a socket read, a sleep: the pool adds no thread for those), while more
     * threads outside it wait on a {@code CompletableFuture}'s result than it has workers, so some wait for
     * tasks no worker has taken: {@code supplyAsync} with blocking calls.
     */
    static Optional<Breakage> commonPoolExhausted(DumpSpan span) {
        Breakage found = null;
        for (ThreadDump dump : span.dumps) {
            List<DumpedThread> workers = dump.threads().stream()
                    .filter(t -> !dump.isVirtual(t) && !dump.isCarrier(t) && t.name().startsWith(COMMON_POOL)).toList();
            if (workers.isEmpty() || !workers.stream().allMatch(t -> !idle(t) && inUsersCode(t, span.context)
                    && span.waiting(dump, t).blocked())) {
                return Optional.empty();
            }
            int waiters = (int) dump.threads().stream()
                    .filter(t -> !t.name().startsWith(COMMON_POOL) && waitsOnFuture(t)).count();
            if (waiters <= workers.size()) {
                return Optional.empty();
            }
            List<Breakage.FrameCount> frames = frameCounts(workers, span::userFrame);
            found = new Breakage.PoolExhausted(COMMON_POOL, workers.size(), frames.getFirst().frame(),
                    frames.getFirst().threads(), waiters, Breakage.PoolExhausted.Held.FUTURES_WAITING, dump.counts());
        }
        return Optional.ofNullable(found);
    }

    /**
     * A platform pool (two threads or more, named alike but for a number) whose every thread sat in one call:
     * in the user's code, waiting at the same frame in every dump, having used no CPU from the first dump
     * to the last ({@value #STILL_CPU_MS} ms at most, by Thread.print). No thread of it served anything
     * across the dumps, so whatever else arrives queues. Needs every thread's CPU time.
     */
    static Optional<Breakage> poolOfStuckCalls(DumpSpan span) {
        if (span.size() < 2) {
            return Optional.empty();
        }
        ThreadDump last = span.last;
        Map<String, List<DumpedThread>> pools = last.threads().stream()
                .filter(t -> !last.isVirtual(t) && !last.isCarrier(t) && t.name().matches(".*\\D\\d+$"))
                .collect(Collectors.groupingBy(StallClassifier::poolOf, LinkedHashMap::new, Collectors.toList()));
        return pools.entrySet().stream()
                .filter(e -> e.getValue().size() >= 2 && e.getValue().stream().allMatch(t -> stuckCall(span, t)))
                .max(Comparator.comparingInt(e -> e.getValue().size()))
                .map(e -> {
                    List<Breakage.FrameCount> frames = frameCounts(e.getValue(), span::userFrame);
                    return new Breakage.PoolExhausted(e.getKey(), e.getValue().size(), frames.getFirst().frame(),
                            frames.getFirst().threads(), e.getValue().size(), Breakage.PoolExhausted.Held.STUCK_CALLS,
                            last.counts());
                });
    }

    /** In the user's code, waiting at the same frame in every dump, and no CPU used from the first to the last. */
    private static boolean stuckCall(DumpSpan span, DumpedThread thread) {
        Double used = cpuBetween(span, thread);
        if (used == null || used > STILL_CPU_MS || idle(thread) || !inUsersCode(thread, span.context)) {
            return false;
        }
        String frame = span.userFrame(thread);
        return span.dumps.stream().allMatch(d -> {
            DumpedThread then = d.byTid(thread.tid());
            return then != null && span.waiting(d, then).blocked() && Objects.equals(span.userFrame(then), frame);
        });
    }

    /** Parked for a {@code CompletableFuture}'s result ({@code get} or {@code join}). */
    private static boolean waitsOnFuture(DumpedThread thread) {
        return thread.frames().stream().limit(12).anyMatch(f -> f.startsWith("java.util.concurrent.CompletableFuture.get(")
                || f.startsWith("java.util.concurrent.CompletableFuture.join(")
                || f.startsWith("java.util.concurrent.CompletableFuture.waitingGet("));
    }

    /** A thread's name without its number: {@code http-nio-8080-exec-3} is {@code http-nio-8080-exec-}. */
    private static String poolOf(DumpedThread thread) {
        return thread.name().replaceFirst("\\d+$", "");
    }

    /** For the tests of the slow-call rule alone. */
    static Optional<Breakage> slowCall(List<ThreadDump> dumps, Context context) {
        return dumps.isEmpty() ? Optional.empty() : slowCall(new DumpSpan(dumps, context));
    }

    /**
     * One request that made no progress: a thread waiting in the user's code (asleep, on a socket, a lock,
     * a future) at the same frame in every dump, and evidence that it held one request all along. A busy
     * pool's thread shows the same frame in two dumps while serving hundreds of requests between them, so
     * the same thread at the same frame is not enough:
     * <ul>
     *   <li>a virtual thread is made for one request and never reused, so the same virtual thread
     *       throughout is the same request;</li>
     *   <li>a platform thread serves request after request, and a dump cannot tell them apart. It counts
     *       only when no other thread stood at that frame in every dump (others may pass through it) and
     *       threads of its pool were idle in every dump. Under a slow downstream a busy pool has several
     *       threads in the call in every dump, and none stands out; a thread that alone stays where the
     *       others come and go is very likely one request, which is what the words say.</li>
     * </ul>
     * Request threads first: those whose stack runs the user's code called by a server's; with dumps taken
     * from outside, request threads only.
     */
    static Optional<Breakage> slowCall(DumpSpan span) {
        if (span.size() < 2) {
            return Optional.empty();
        }
        ThreadDump last = span.last;
        Map<DumpedThread, Breakage.SlowCall.Evidence> waiting = new LinkedHashMap<>();
        for (DumpedThread thread : last.threads()) {
            if (last.isCarrier(thread) || !span.waiting(last, thread).blocked() || idle(thread)
                    || !inUsersCode(thread, span.context)) {
                continue;
            }
            String frame = span.userFrame(thread);
            boolean everyDump = span.dumps.stream().allMatch(d -> {
                DumpedThread then = d.byTid(thread.tid());
                return then != null && span.waiting(d, then).blocked() && Objects.equals(span.userFrame(then), frame);
            });
            if (!everyDump) {
                continue;
            }
            if (last.isVirtual(thread)) {
                waiting.put(thread, Breakage.SlowCall.Evidence.VIRTUAL_THREAD);
                continue;
            }
            Optional<Boolean> oneCall = oneCallByCpu(span, thread);
            if (oneCall.isPresent()) {
                if (oneCall.get()) {
                    waiting.put(thread, Breakage.SlowCall.Evidence.PLATFORM_NO_CPU);
                }
            } else if (aloneAtItsFrame(span, thread, frame) && poolHadIdleThreads(span, thread)) {
                waiting.put(thread, Breakage.SlowCall.Evidence.PLATFORM_ALONE);
            }
        }
        List<DumpedThread> requests = waiting.keySet().stream()
                .filter(t -> Frames.servesRequests(t.frames(), span.context.userPackages())).toList();
        // Dumps taken from outside have no stalled request to explain: there a thread that serves none (an
        // evictor, an exporter, a thread on a shutdown latch) stands at one frame by design, and is no slow call.
        List<DumpedThread> chosen = requests.isEmpty() && span.context.trigger() != Trigger.OBSERVED
                ? List.copyOf(waiting.keySet()) : requests;
        if (chosen.isEmpty()) {
            return Optional.empty();
        }
        List<Breakage.FrameCount> frames = frameCounts(chosen, span::userFrame);
        String frame = frames.getFirst().frame();
        DumpedThread one = chosen.stream().filter(t -> frame.equals(span.userFrame(t))).findFirst().orElseThrow();
        Waiting how = span.waiting(last, one);
        WaitChain chain = how == Waiting.LOCK || how == Waiting.MONITOR ? WaitChains.from(span, last, one) : null;
        return Optional.of(new Breakage.SlowCall(frame, how, one.label(), frames.getFirst().threads(), waiting.get(one),
                chain, last.counts()));
    }

    /**
     * The most platform threads at work in the user's code in any one dump, when that many fill the
     * pool the arm declared ({@code context.poolSize()}); empty otherwise. With every thread of a pool at
     * work, none stands out as the one that held a slow request all along (the platform rule of
     * {@link #slowCall(DumpSpan)} needs idle threads beside it), so a stall whose dumps name no kind
     * can say that much instead of "fits no kind".
     */
    public static OptionalInt poolFullyBusy(List<ThreadDump> dumps, Context context) {
        if (context.poolSize() == null || context.trigger() != Trigger.STALL) {
            return OptionalInt.empty();
        }
        int most = 0;
        for (ThreadDump dump : dumps) {
            int atWork = (int) dump.threads().stream().filter(t -> !dump.isVirtual(t) && !dump.isCarrier(t)
                    && !idle(t) && inUsersCode(t, context)).count();
            most = Math.max(most, atWork);
        }
        return most >= context.poolSize() ? OptionalInt.of(most) : OptionalInt.empty();
    }

    static final double STILL_CPU_MS = ThreadPrint.STILL_CPU_MS;
    /** CPU a thread of the same pool used between the dumps that shows it served requests meanwhile. */
    static final double BUSY_CPU_MS = 10.0;

    /**
     * What CPU time says of a platform thread at the same frame in every dump, where Thread.print gave it in
     * the first dump and the last: it used none between them ({@value #STILL_CPU_MS} ms at most) while a
     * thread of its pool used {@value #BUSY_CPU_MS} ms or more, or it has no pool: one call, true. It used
     * more: it came back to the frame on other requests, false, whatever else stood there. Empty where the
     * CPU is unknown, or where its pool was as still as it is: the evidence cannot tell.
     */
    static Optional<Boolean> oneCallByCpu(DumpSpan span, DumpedThread thread) {
        Double used = cpuBetween(span, thread);
        if (used == null) {
            return Optional.empty();
        }
        if (used > STILL_CPU_MS) {
            return Optional.of(false);
        }
        if (!thread.name().matches(".*\\D\\d+$")) {
            return Optional.of(true);
        }
        String pool = poolOf(thread);
        double busiest = span.last.threads().stream()
                .filter(t -> !t.tid().equals(thread.tid()) && t.name().matches(".*\\D\\d+$") && poolOf(t).equals(pool))
                .map(t -> cpuBetween(span, t)).filter(Objects::nonNull).mapToDouble(Double::doubleValue).max()
                .orElse(-1);
        if (busiest < 0) {
            return Optional.of(true);
        }
        return busiest >= BUSY_CPU_MS ? Optional.of(true) : Optional.empty();
    }

    /** CPU ms a thread used from the first dump to the last, where both had a Thread.print beside them; else null. */
    private static Double cpuBetween(DumpSpan span, DumpedThread thread) {
        return ThreadPrint.between(span.first, span.last, thread);
    }

    /** No other thread at the same user frame in every dump (others may pass through it in some). */
    private static boolean aloneAtItsFrame(DumpSpan span, DumpedThread thread, String frame) {
        return span.last.threads().stream()
                .filter(t -> !t.tid().equals(thread.tid()) && inUsersCode(t, span.context))
                .noneMatch(t -> span.dumps.stream().allMatch(d -> {
                    DumpedThread then = d.byTid(t.tid());
                    return then != null && Objects.equals(span.userFrame(then), frame);
                }));
    }

    /**
     * In every dump, a thread of the same pool (named alike but for a number) waiting outside the user's
     * code: idle. A thread with no such siblings is no pool's, and nothing else takes its requests.
     */
    private static boolean poolHadIdleThreads(DumpSpan span, DumpedThread thread) {
        if (!thread.name().matches(".*\\D\\d+$")) {
            return true;
        }
        String pool = poolOf(thread);
        for (ThreadDump dump : span.dumps) {
            List<DumpedThread> siblings = dump.threads().stream()
                    .filter(t -> !t.tid().equals(thread.tid()) && t.name().matches(".*\\D\\d+$") && poolOf(t).equals(pool))
                    .toList();
            boolean idleOne = siblings.stream().anyMatch(t -> idle(t)
                    || !inUsersCode(t, span.context) && span.waiting(dump, t).blocked());
            if (!siblings.isEmpty() && !idleOne) {
                return false;
            }
        }
        return true;
    }

    /**
     * A thread that waits by design: an accept loop, a selector, an idle pool thread, or the program's
     * main thread waiting in its {@code main} method for the service to end.
     */
    static boolean idle(DumpedThread thread) {
        return AtRest.waitsForWork(thread) || waitsInMain(thread);
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
