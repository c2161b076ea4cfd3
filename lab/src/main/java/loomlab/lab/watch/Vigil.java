package loomlab.lab.watch;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import loomlab.load.RunSample;

/**
 * What the watchdog decides from one sample of a run: a pure function of the samples it has seen
 * (their own times included) and the arm's median so far, so that every rule is tested with fixed
 * samples and no clock. One instance follows one run; a new run starts a new one (its counters start
 * again).
 */
final class Vigil {
    /** What to do after a sample. */
    enum Decision {
        /** Nothing to act on. */
        NONE,
        /** Nothing has been answered for too long with requests outstanding: dump twice and stop the run. */
        HANG,
        /** A stall began, or goes on and is due another dump. */
        DUMP,
        /** A stall goes on; its next dump is not due yet (or no dump is left). */
        WAIT,
        /** The stalled request was settled (or replaced as the oldest): the stall is over. */
        STALL_ENDED
    }

    /** The span over which the answer rate is read. */
    private static final long WINDOW_NANOS = 1_000_000_000L;

    private final WatchLimits limits;
    private long answered;
    private long lastAnswerNanos;
    private boolean anyAnswer;
    private long waitingSince;
    private boolean waiting;
    private long stalledSentNanos;
    private boolean stalled;
    private long lastDumpNanos;
    private boolean dumped;
    /** Recent samples' times, answers and requests in flight, the oldest first: the last second's. */
    private final List<long[]> recent = new ArrayList<>();

    Vigil(WatchLimits limits) {
        this.limits = limits;
    }

    /**
     * @param p50Ms     the arm's median so far (or what one request is expected to take), null when unknown
     * @param dumpsLeft whether the arm may still take a stall dump
     */
    Decision next(RunSample sample, Double p50Ms, boolean dumpsLeft) {
        long now = sample.nanoTime();
        Double recentLatencyMs = littlesLatencyMs(sample);
        if (sample.answered() > answered) {
            answered = sample.answered();
            lastAnswerNanos = now;
            anyAnswer = true;
        }
        if (sample.inFlight() == 0) {
            waiting = false;
            return endStall();
        }
        if (!waiting) {
            waiting = true;
            waitingSince = now;
        }
        long silentSince = anyAnswer && lastAnswerNanos - waitingSince > 0 ? lastAnswerNanos : waitingSince;
        if (now - silentSince >= limits.hangAfterNanos(p50Ms)) {
            return Decision.HANG;
        }
        if (stalled && stalledSentNanos != sample.oldestSentNanos()) {
            return endStall();
        }
        long stallAfter = limits.stallAfterNanos(p50Ms);
        boolean othersAnswered = anyAnswer && now - lastAnswerNanos < WatchLimits.BETWEEN_STALL_DUMPS.toNanos();
        // In an overload or a queue every request waits long; a stall is one request waiting while the
        // rest do not: by Little's law the requests in flight over the last second's answer rate. Before
        // a second of samples that is unknown, and a queue's first request would look stalled.
        boolean restQuick = recentLatencyMs != null && recentLatencyMs * 1e6 < stallAfter / 4.0;
        if (!stalled && now - sample.oldestSentNanos() >= stallAfter && othersAnswered && restQuick) {
            stalled = true;
            stalledSentNanos = sample.oldestSentNanos();
            dumped = false;
        }
        if (!stalled) {
            return Decision.NONE;
        }
        boolean due = !dumped || now - lastDumpNanos >= WatchLimits.BETWEEN_STALL_DUMPS.toNanos();
        if (due && dumpsLeft) {
            dumped = true;
            lastDumpNanos = now;
            return Decision.DUMP;
        }
        return Decision.WAIT;
    }

    /**
     * What a request took on average over about the last second, by Little's law: the requests in
     * flight, averaged over the second's samples, over the answers per second. The average, not the
     * last count: as a queue drains, few requests are left, and the last of them waited the longest.
     * Unknown (null) before a second of samples, or with no answer in it.
     */
    private Double littlesLatencyMs(RunSample sample) {
        recent.addLast(new long[] {sample.nanoTime(), sample.answered(), sample.inFlight()});
        while (recent.size() > 2 && sample.nanoTime() - recent.get(1)[0] >= WINDOW_NANOS) {
            recent.removeFirst();
        }
        long[] oldest = recent.getFirst();
        long spanNanos = sample.nanoTime() - oldest[0];
        long answers = sample.answered() - oldest[1];
        if (spanNanos < WINDOW_NANOS || answers <= 0) {
            return null;
        }
        double inFlight = recent.stream().mapToLong(r -> r[2]).average().orElse(0);
        return inFlight / (answers / (spanNanos / 1e9)) * 1000;
    }

    /**
     * A stalled request on a fresh connection, one that has carried no answer, in a run whose listen
     * overflows rose ({@code overflowRise}, null when unread): connected or not, the service may never have
     * accepted it. Still connecting, its SYN was dropped at a full accept queue and the client waits for its
     * retransmission; connected, Linux dropped the handshake's last ACK there, so {@code connect()} succeeded
     * while the connection never left the kernel's half-open queue. A connection that has carried an answer
     * was accepted: a stall on it is the service's.
     */
    static boolean droppedAtBacklog(RunSample sample, Long overflowRise) {
        return (sample.oldestConnecting() || sample.oldestFresh()) && overflowRise != null && overflowRise > 0;
    }

    /**
     * How long a silence whose oldest request the kernel holds at a full listen backlog ({@link
     * #droppedAtBacklog}) may last before it is a hang after all: the server's SYN-ACK retransmissions,
     * 1, 3, 7 and 15 s after the handshake began, each give the dropped connection another chance once the
     * accept queue drains. Past that the silence is the service's: an acceptor that never accepts again
     * leaves only fresh connections waiting too.
     */
    static final long BACKLOG_GRACE_NANOS = TimeUnit.SECONDS.toNanos(15);

    /**
     * Whether a silence long enough for a hang ({@code silentNanos}) is the kernel's, not the service's: the
     * oldest request outstanding sits on a connection dropped at the listen backlog, and the silence is
     * within {@link #BACKLOG_GRACE_NANOS} beyond the hang's own limit, in a run the service has answered in.
     * At the end of a step, the one straggler left in flight is often such a request; the service, idle, has
     * nothing to answer. A service that never answered is not excused: the overflow counter is the host's,
     * and a deadlock at the first requests leaves only fresh connections too.
     */
    static boolean silenceHeldByBacklog(RunSample sample, Long overflowRise, long silentNanos, long hangAfterNanos) {
        return sample.answered() > 0 && droppedAtBacklog(sample, overflowRise)
                && silentNanos < hangAfterNanos + BACKLOG_GRACE_NANOS;
    }

    /** The silence that set off a hang, from the later of the last answer and the first request outstanding. */
    long silentNanos(RunSample sample) {
        long silentSince = anyAnswer && lastAnswerNanos - waitingSince > 0 ? lastAnswerNanos : waitingSince;
        return sample.nanoTime() - silentSince;
    }

    long answered() {
        return answered;
    }

    boolean stalled() {
        return stalled;
    }

    long stalledSentNanos() {
        return stalledSentNanos;
    }

    private Decision endStall() {
        if (!stalled) {
            return Decision.NONE;
        }
        stalled = false;
        return Decision.STALL_ENDED;
    }
}
