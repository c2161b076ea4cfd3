package loomlab.core.diagnose;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import loomlab.core.breakage.AtRest;
import loomlab.core.breakage.DumpCounts;
import loomlab.core.breakage.DumpedThread;
import loomlab.core.breakage.ThreadDump;
import loomlab.core.breakage.ThreadPrint;
import loomlab.core.breakage.Waiting;
import loomlab.core.frames.Frames;

/**
 * What a series of thread dumps of one JVM shows of its progress, with no load generator to say what
 * was answered: which threads stood at the same frame in every dump, which moved, ended or started.
 * A virtual thread serves one request and ends, so one that stands still stood for one request; a
 * platform thread of a pool serves request after request, so one at the same frame twice may have
 * served others in between: its stillness is counted, never taken as proof.
 *
 * @param dumps           how many dumps were compared
 * @param spanS           seconds from the first dump to the last, or null when the dumps do not say
 * @param stillVirtual    virtual threads at the same frame in every dump (an empty stack counts: never run)
 * @param stillPlatform   platform threads outside the JDK's own at the same frame in every dump, not idle by design
 * @param stillOnService  of the still threads, those that wait for the service itself: for a lock or a monitor,
 *                        for a carrier (queued, or never run), or pinned; the others sleep, read a socket or park
 *                        for something outside what a dump shows
 * @param carriersHeld    virtual threads mounted on a carrier in every dump
 * @param moved           threads in the first and last dumps whose frame changed
 * @param worked          platform threads at the same frame in the first and last dumps that used CPU between them
 *                        (where Thread.print gave CPU times): they worked meanwhile, and count as moving
 * @param ended           threads of the first dump gone by the last
 * @param started         threads of the last dump not in the first
 * @param stillAt         the frames the still threads stood at, with how many stood at each, most first
 * @param background      platform threads that serve no request (no server's frame and no pool's below them: an
 *                        evictor, an exporter, a shutdown hook) and stood at the same frame in every dump, not
 *                        waiting for the service itself, by frame: reported, never part of the verdict
 * @param lastDump        what the last dump shows whatever the verdict (carriers pinned, threads queued), or null
 *                        with no dump
 * @param verdict         what that adds up to
 */
public record Stillness(int dumps, Double spanS, int stillVirtual, int stillPlatform, int stillOnService,
                        int carriersHeld, int moved, int worked, int ended, int started, List<Place> stillAt, List<Place> background,
                        DumpCounts lastDump, Verdict verdict) {
    /** The frame a thread stood at when it has none yet: a virtual thread started but never run. */
    public static final String NOT_YET_RUN = "(not yet run)";

    public Stillness {
        stillAt = List.copyOf(stillAt);
        background = List.copyOf(background);
    }

    /** A frame and how many still threads stood at it. */
    public record Place(String frame, int threads) {
    }

    /** What the dumps add up to. */
    public enum Verdict {
        /**
         * Nothing moved, ended or started, and threads stood still waiting for the service itself (a lock, a
         * monitor, a carrier): nothing can have been served between the dumps.
         */
        HUNG,
        /**
         * Virtual threads stood still while others moved, ended or started: threads made per request (some
         * ended, others started), so the still ones stood for one request each.
         */
        STALLED,
        /** Nothing stood still, or only what waits for work by design. */
        MOVING,
        /**
         * Nothing moved, and what stood still sleeps, reads a socket or parks for something else: an idle
         * service, or one waiting on the world outside it; the dumps cannot tell which.
         */
        QUIET,
        /**
         * Threads stood still that a dump cannot prove stuck: platform threads of a pool, or virtual threads
         * that live on (none ended or started), which serve request after request and may stand at the same
         * wait each time they are looked at.
         */
        UNDECIDED,
        /** One dump: nothing to compare. */
        ONE_DUMP
    }

    /**
     * @param dumps  in the order they were taken
     * @param spanS  seconds from the first to the last, or null when unknown
     */
    public static Stillness of(List<ThreadDump> dumps, Double spanS) {
        if (dumps.size() < 2) {
            return new Stillness(dumps.size(), spanS, 0, 0, 0, 0, 0, 0, 0, 0, List.of(), List.of(),
                    dumps.isEmpty() ? null : dumps.getLast().counts(), Verdict.ONE_DUMP);
        }
        ThreadDump first = dumps.getFirst();
        ThreadDump last = dumps.getLast();
        Map<String, DumpedThread> before = watched(first);
        Map<String, DumpedThread> after = watched(last);
        int ended = (int) before.keySet().stream().filter(tid -> !after.containsKey(tid)).count();
        int started = (int) after.keySet().stream().filter(tid -> !before.containsKey(tid)).count();
        int moved = 0;
        int worked = 0;
        List<DumpedThread> stillVirtual = new ArrayList<>();
        List<DumpedThread> stillPlatform = new ArrayList<>();
        List<DumpedThread> stillBackground = new ArrayList<>();
        for (Map.Entry<String, DumpedThread> entry : after.entrySet()) {
            DumpedThread then = before.get(entry.getKey());
            if (then == null) {
                continue;
            }
            // A platform thread whose CPU time rose between the dumps worked meanwhile, at whatever frame it
            // stands in each: a busy pool's threads pass the same frame on request after request.
            Double cpu = ThreadPrint.between(first, last, entry.getValue());
            if (cpu != null && cpu > ThreadPrint.STILL_CPU_MS) {
                if (Objects.equals(place(then), place(entry.getValue()))) {
                    worked++;
                } else {
                    moved++;
                }
            } else if (stillThroughout(entry.getKey(), place(entry.getValue()), dumps)) {
                DumpedThread thread = entry.getValue();
                if (last.isVirtual(thread)) {
                    stillVirtual.add(thread);
                } else if (servesNoRequest(thread) && !onService(last, thread)) {
                    stillBackground.add(thread);
                } else {
                    stillPlatform.add(thread);
                }
            } else if (!Objects.equals(place(then), place(entry.getValue()))) {
                moved++;
            }
        }
        int carriersHeld = (int) stillVirtual.stream().filter(t -> dumps.stream().allMatch(d -> {
            DumpedThread same = d.byTid(t.tid());
            return same != null && d.isMounted(same);
        })).count();
        int onService = (int) Stream.concat(stillVirtual.stream(), stillPlatform.stream())
                .filter(t -> onService(last, t)).count();
        boolean progressed = moved + worked + ended + started > 0;
        boolean perRequest = ended + started > 0;
        Verdict verdict;
        if (stillVirtual.isEmpty() && stillPlatform.isEmpty()) {
            verdict = Verdict.MOVING;
        } else if (!progressed) {
            verdict = onService > 0 ? Verdict.HUNG : Verdict.QUIET;
        } else {
            verdict = perRequest && !stillVirtual.isEmpty() ? Verdict.STALLED : Verdict.UNDECIDED;
        }
        List<DumpedThread> still = new ArrayList<>(stillVirtual);
        still.addAll(stillPlatform);
        return new Stillness(dumps.size(), spanS, stillVirtual.size(), stillPlatform.size(), onService, carriersHeld,
                moved, worked, ended, started, places(still), places(stillBackground), last.counts(), verdict);
    }

    /**
     * Waits for the service itself: a monitor, a lock another thread holds (a condition's await, a latch or
     * a queue's poll waits for an event, not an owner, unless the dump names the owner of what it parks
     * on), a carrier (queued or never run), or pinned to one.
     */
    static boolean onService(ThreadDump dump, DumpedThread thread) {
        Waiting waiting = dump.waiting(thread);
        boolean lock = waiting == Waiting.LOCK
                && (ThreadDump.lockTaken(thread) != null || thread.parkBlockerOwner() != null);
        return lock || waiting == Waiting.MONITOR || waiting == Waiting.NOT_STARTED
                || dump.isPinned(thread) || dump.isQueued(thread);
    }

    /**
     * The threads whose progress tells: virtual threads, and platform threads that run code outside the
     * JDK and are not waiting for work by design. The virtual-thread scheduler's carriers are left out:
     * their virtual threads are counted.
     */
    static Map<String, DumpedThread> watched(ThreadDump dump) {
        Map<String, DumpedThread> threads = new LinkedHashMap<>();
        for (DumpedThread thread : dump.threads()) {
            boolean virtual = dump.isVirtual(thread);
            if (virtual ? !jdkOnly(thread) || thread.frames().isEmpty()
                    : !dump.isCarrier(thread) && !jdkOnly(thread) && !atRest(thread)) {
                threads.put(thread.tid(), thread);
            }
        }
        return threads;
    }

    private static boolean stillThroughout(String tid, String place, List<ThreadDump> dumps) {
        return dumps.stream().allMatch(d -> {
            DumpedThread same = d.byTid(tid);
            return same != null && Objects.equals(place(same), place);
        });
    }

    /** Where a thread stands: its first frame outside the JDK, line included; {@link #NOT_YET_RUN} for no stack. */
    static String place(DumpedThread thread) {
        if (thread.frames().isEmpty()) {
            return NOT_YET_RUN;
        }
        return thread.frames().stream().filter(f -> !Frames.isJdk(f)).findFirst().map(Frames::compact)
                .orElse(Frames.compact(thread.frames().getFirst()));
    }

    private static boolean jdkOnly(DumpedThread thread) {
        return thread.frames().stream().allMatch(Frames::isJdk);
    }

    /** Waiting for work by design: an accept loop, a selector, an idle pool thread, or {@code main} waiting in main. */
    static boolean atRest(DumpedThread thread) {
        boolean waitsForWork = AtRest.waitsForWork(thread);
        boolean mainWaits = thread.name().equals("main") && !thread.frames().isEmpty()
                && Frames.method(thread.frames().getLast()).endsWith(".main");
        return waitsForWork || mainWaits;
    }

    /**
     * A platform thread that serves no request: no server's or framework's frame below the user's code, and
     * no pool's worker frame (a pool's task may be a request handed on by the thread that took it).
     */
    static boolean servesNoRequest(DumpedThread thread) {
        return !Frames.servesRequests(thread.frames(), Set.of())
                && thread.frames().stream().noneMatch(f -> POOL_WORKERS.stream().anyMatch(f::startsWith));
    }

    /** Frames that run a pool's tasks. */
    private static final List<String> POOL_WORKERS = List.of("java.util.concurrent.ThreadPoolExecutor.runWorker",
            "java.util.concurrent.ForkJoinWorkerThread.run", "java.util.concurrent.ThreadPerTaskExecutor$",
            "java.util.concurrent.FutureTask.run", "java.util.concurrent.Executors$RunnableAdapter.call");

    private static List<Place> places(List<DumpedThread> threads) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        threads.forEach(t -> counts.merge(place(t), 1, Integer::sum));
        return counts.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                .map(e -> new Place(e.getKey(), e.getValue())).collect(Collectors.toList());
    }
}
