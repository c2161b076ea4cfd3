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
 * from running code. It is taken to be blocked on a monitor when: it stood with the same stack in the
 * first dump and the last; its top frame is outside the JDK, with a line (JDK 21's runtime has no
 * lines for its own frames, so a loop in the JDK's code can read the same twice); it shows no wait of
 * its own and is not in native code; and another thread stands inside the same method past that line,
 * which could own the monitor. A loop in the user's code, where no thread is further in, is left as
 * running. Every finding built on such a thread says it was inferred.
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
                    if (unmoved.contains(now.tid()) && atMonitorEntry(last, now)) {
                        enteringMonitor.add(now.tid());
                    }
                }
            }
        }
    }

    /** The conditions of the class comment but the first, in the last dump. */
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
                if (at != null && Frames.method(frame).equals(method) && (at > line || at.equals(line) && i > 0)) {
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

    /** As {@link #unmoved(DumpedThread)}, for the thread's entry in {@code dump}: the same stack there too. */
    boolean unmoved(ThreadDump dump, DumpedThread thread) {
        if (!unmoved(thread)) {
            return false;
        }
        DumpedThread inLast = last.byTid(thread.tid());
        return inLast != null && inLast.frames().equals(thread.frames());
    }

    /**
     * JDK 21's layout only: a thread blocked entering a monitor, inferred (see the class comment). A
     * virtual one must be mounted: the enter pins it there.
     */
    boolean inferredMonitorEnter(ThreadDump dump, DumpedThread thread) {
        return !dump.detailed() && enteringMonitor.contains(thread.tid()) && unmoved(dump, thread);
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
