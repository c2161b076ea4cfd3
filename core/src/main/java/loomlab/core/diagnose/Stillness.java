package loomlab.core.diagnose;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import loomlab.core.breakage.DumpedThread;
import loomlab.core.breakage.ThreadDump;
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
 * @param ended           threads of the first dump gone by the last
 * @param started         threads of the last dump not in the first
 * @param stillAt         the frames the still threads stood at, with how many stood at each, most first
 * @param verdict         what that adds up to
 */
public record Stillness(int dumps, Double spanS, int stillVirtual, int stillPlatform, int stillOnService,
                        int carriersHeld, int moved, int ended, int started, List<Place> stillAt, Verdict verdict) {
    /** The frame a thread stood at when it has none yet: a virtual thread started but never run. */
    public static final String NOT_YET_RUN = "(not yet run)";
    /**
     * Frames near the top that mean a platform thread waits for work by design: an accept, a selector, a
     * pool's idle worker, a consumer's untimed take from its queue (a timed poll may be a request waiting
     * for a reply, and is not here), a timer between tasks.
     */
    private static final List<String> AT_REST = List.of("sun.nio.ch.Net.accept", "sun.nio.ch.EPoll.wait",
            "sun.nio.ch.ServerSocketChannelImpl.accept", "sun.nio.ch.SelectorImpl.select", "sun.nio.ch.KQueue.poll",
            "java.util.concurrent.ThreadPoolExecutor.getTask", "java.util.concurrent.ForkJoinPool.awaitWork",
            "java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue.take",
            "java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue.poll", "java.lang.ref.",
            "java.util.concurrent.ArrayBlockingQueue.take", "java.util.concurrent.LinkedBlockingQueue.take",
            "java.util.concurrent.LinkedBlockingDeque.take", "java.util.concurrent.LinkedTransferQueue.take",
            "java.util.concurrent.PriorityBlockingQueue.take", "java.util.concurrent.DelayQueue.take",
            "java.util.TimerThread.mainLoop");
    private static final int REST_DEPTH = 10;

    public Stillness {
        stillAt = List.copyOf(stillAt);
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
            return new Stillness(dumps.size(), spanS, 0, 0, 0, 0, 0, 0, 0, List.of(), Verdict.ONE_DUMP);
        }
        ThreadDump first = dumps.getFirst();
        ThreadDump last = dumps.getLast();
        Map<String, DumpedThread> before = watched(first);
        Map<String, DumpedThread> after = watched(last);
        int ended = (int) before.keySet().stream().filter(tid -> !after.containsKey(tid)).count();
        int started = (int) after.keySet().stream().filter(tid -> !before.containsKey(tid)).count();
        int moved = 0;
        List<DumpedThread> stillVirtual = new ArrayList<>();
        List<DumpedThread> stillPlatform = new ArrayList<>();
        for (Map.Entry<String, DumpedThread> entry : after.entrySet()) {
            DumpedThread then = before.get(entry.getKey());
            if (then == null) {
                continue;
            }
            if (stillThroughout(entry.getKey(), place(entry.getValue()), dumps)) {
                (last.isVirtual(entry.getValue()) ? stillVirtual : stillPlatform).add(entry.getValue());
            } else if (!Objects.equals(place(then), place(entry.getValue()))) {
                moved++;
            }
        }
        int carriersHeld = (int) stillVirtual.stream().filter(t -> dumps.stream().allMatch(d -> {
            DumpedThread same = d.byTid(t.tid());
            return same != null && d.isMounted(same);
        })).count();
        int onService = (int) java.util.stream.Stream.concat(stillVirtual.stream(), stillPlatform.stream())
                .filter(t -> onService(last, t)).count();
        boolean progressed = moved + ended + started > 0;
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
                moved, ended, started, places(still), verdict);
    }

    /** Waits for the service itself: a lock or monitor, a carrier (queued or never run), or pinned to one. */
    static boolean onService(ThreadDump dump, DumpedThread thread) {
        Waiting waiting = dump.waiting(thread);
        return waiting == Waiting.LOCK || waiting == Waiting.MONITOR || waiting == Waiting.NOT_STARTED
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
        boolean waitsForWork = thread.frames().stream().limit(REST_DEPTH)
                .anyMatch(f -> AT_REST.stream().anyMatch(f::startsWith));
        boolean mainWaits = thread.name().equals("main") && !thread.frames().isEmpty()
                && Frames.method(thread.frames().getLast()).endsWith(".main");
        return waitsForWork || mainWaits;
    }

    private static List<Place> places(List<DumpedThread> threads) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        threads.forEach(t -> counts.merge(place(t), 1, Integer::sum));
        return counts.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                .map(e -> new Place(e.getKey(), e.getValue())).collect(Collectors.toList());
    }
}
