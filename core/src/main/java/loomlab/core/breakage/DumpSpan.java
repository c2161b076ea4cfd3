package loomlab.core.breakage;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import loomlab.core.frames.Frames;

/**
 * Dumps of one JVM taken one after the other, read together: what no single dump can show. A thread
 * is unmoved when it stands with the same stack in the first dump and the last. On JDK 21, whose dump
 * gives no state, a thread blocked entering a monitor shows only its method at the
 * {@code synchronized} (a virtual one stays mounted: the enter pins it), which one dump cannot tell
 * from running code. It is taken to be blocked on a monitor when, in the first dump and in the last:
 * its top frame is the same method, outside the JDK, with a line (JDK 21's runtime has no lines for its
 * own frames, so a loop in the JDK's code can read the same twice), over the same frames below; it
 * shows no wait of its own and is not in native code; and another thread stands inside that method past
 * that line (or at it, deeper, waiting for something), which could own the monitor. The line of a monitor's entry is the {@code synchronized}
 * statement's or the next one's, depending on how the method runs, so it may differ between the dumps.
 * A loop in the user's code, where no thread is further in, is left as running. Every finding built on
 * such a thread says it was inferred.
 */
final class DumpSpan {
    final List<ThreadDump> dumps;
    final ThreadDump first;
    final ThreadDump last;
    final StallClassifier.Context context;
    private final Set<String> unmoved = new HashSet<>();
    private final Set<String> enteringMonitor = new HashSet<>();

    DumpSpan(List<ThreadDump> dumps, StallClassifier.Context context) {
        this.dumps = List.copyOf(dumps);
        this.first = dumps.getFirst();
        this.last = dumps.getLast();
        this.context = context;
        if (dumps.size() >= 2) {
            for (DumpedThread now : last.threads()) {
                DumpedThread before = first.byTid(now.tid());
                if (before != null && !now.frames().isEmpty() && before.frames().equals(now.frames())
                        && Objects.equals(before.state(), now.state()) && Objects.equals(before.carrier(), now.carrier())) {
                    unmoved.add(now.tid());
                }
            }
            if (!last.detailed()) {
                for (DumpedThread now : last.threads()) {
                    DumpedThread before = first.byTid(now.tid());
                    if (before != null && !now.frames().isEmpty() && !before.frames().isEmpty()
                            && atMonitorEntry(last, now) && atMonitorEntry(first, before)
                            && Frames.method(now.frames().getFirst()).equals(Frames.method(before.frames().getFirst()))
                            && now.frames().subList(1, now.frames().size())
                            .equals(before.frames().subList(1, before.frames().size()))) {
                        enteringMonitor.add(now.tid());
                    }
                }
            }
        }
    }

    /**
     * JDK 21's layout: one dump alone cannot tell a thread blocked at a monitor's entry from one running
     * there; one that meets every condition of the class comment but the span may be either, so it is not
     * counted as running the user's code either (a busy carrier must show it runs).
     */
    boolean mayBeEnteringMonitor(ThreadDump dump, DumpedThread thread) {
        return !dump.detailed() && !thread.frames().isEmpty() && atMonitorEntry(dump, thread);
    }

    /** The conditions of the class comment but the first, in one dump. */
    private static boolean atMonitorEntry(ThreadDump dump, DumpedThread thread) {
        if (dump.isCarrier(thread) || dump.isVirtual(thread) && !dump.isMounted(thread)) {
            return false;
        }
        String top = thread.frames().getFirst();
        Integer line = Frames.line(top);
        if (Frames.isJdk(top) || line == null || top.endsWith("(Native Method)") || dump.waiting(thread) != Waiting.RUNNING) {
            return false;
        }
        String method = Frames.method(top);
        for (DumpedThread other : dump.threads()) {
            if (other == thread || other.frames().isEmpty() || other.frames().getFirst().equals(top)) {
                continue;
            }
            for (int i = 0; i < other.frames().size(); i++) {
                String frame = other.frames().get(i);
                Integer at = Frames.line(frame);
                // Past the entry line; or at it, deeper and waiting: the line of a monitor's entry can be the
                // first statement inside it (a thread parked in a lock() there). A thread running at that
                // line (a loop) is no owner to speak of.
                if (at != null && Frames.method(frame).equals(method)
                        && (at > line || at.equals(line) && i > 0 && dump.waiting(other).blocked())) {
                    return true;
                }
            }
        }
        return false;
    }

    int size() {
        return dumps.size();
    }

    /** Seconds between the first dump and {@code dump}, by their own times; null when unknown. */
    Double apartS(ThreadDump dump) {
        return dump == first ? null : dump.secondsAfter(first);
    }

    /** Same stack (and state, and carrier) in the first dump and the last: it did not move for the span. */
    boolean unmoved(DumpedThread thread) {
        return unmoved.contains(thread.tid());
    }

    /**
     * JDK 21's layout only: a thread blocked entering a monitor, inferred (see the class comment). A
     * virtual one must be mounted: the enter pins it there.
     */
    boolean inferredMonitorEnter(ThreadDump dump, DumpedThread thread) {
        return !dump.detailed() && enteringMonitor.contains(thread.tid())
                && (dump == first || dump == last || atMonitorEntry(dump, thread));
    }

    /** What the thread was doing, a monitor enter inferred on JDK 21 included. */
    Waiting waiting(ThreadDump dump, DumpedThread thread) {
        return inferredMonitorEnter(dump, thread) ? Waiting.MONITOR : dump.waiting(thread);
    }

    /** The thread's user frame (see {@link StallClassifier#userFrame}). */
    String userFrame(DumpedThread thread) {
        return StallClassifier.userFrame(thread, context);
    }
}
