package loomlab.lab.report.verdict;

import static loomlab.core.Figures.count;
import static loomlab.core.Figures.num;

import java.util.List;
import java.util.stream.Collectors;
import loomlab.core.breakage.Breakage;
import loomlab.core.breakage.DumpCounts;
import loomlab.core.breakage.Hang;
import loomlab.core.breakage.Stall;
import loomlab.core.finding.ArmHung;
import loomlab.core.finding.ArmStalled;
import loomlab.core.finding.BreakageFinding;
import loomlab.core.finding.Finding;
import loomlab.core.finding.HungOnSomeJdks;
import loomlab.core.frames.Frames;

/**
 * What broke, in words: hangs and stalls and what their thread dumps showed. A cause is worded only
 * where the classification found it in the dumps; otherwise the dumps' counts are given alone.
 */
public final class BreakageWords {
    /** Stalls named one by one in a sentence; the rest are counted. */
    static final int STALLS_NAMED = 3;

    private BreakageWords() {
    }

    /**
     * What broke in an experiment, one sentence per hang, per stalled arm and per arm that hung on some
     * JDKs only, for the block a report opens with; empty when nothing broke.
     */
    public static List<String> whatBroke(List<Finding> findings) {
        return findings.stream().filter(f -> f instanceof ArmHung || f instanceof ArmStalled
                || f instanceof HungOnSomeJdks).map(VerdictWriter::sentence).distinct().toList();
    }

    static String hung(ArmHung hung) {
        Hang hang = hung.hang();
        return hung.arm() + " stopped answering after " + count(hang.answeredBefore()) + " answers: nothing answered"
                + " for " + num(hang.silentS()) + " s with " + count(hang.inFlight()) + " requests outstanding, so the lab"
                + " took " + dumps(hang.dumps().size()) + " and stopped the service. " + capital(of(hang.classification()))
                + dumpFiles(hang.dumps()) + ".";
    }

    static String stalled(ArmStalled stalled) {
        List<Stall> stalls = stalled.stalls();
        String each = stalls.stream().limit(STALLS_NAMED).map(BreakageWords::stall).collect(Collectors.joining("; "));
        String more = stalls.size() > STALLS_NAMED ? "; and " + (stalls.size() - STALLS_NAMED) + " more" : "";
        return stalled.arm() + ": " + stalls.size() + (stalls.size() == 1 ? " request" : " requests")
                + " waited far longer than the rest while they were answered: " + each + more + ".";
    }

    private static String stall(Stall stall) {
        String when = stall.inWarmup() ? (stall.endedWithRun() ? " (in the warm-up, not measured; still waiting"
                + " when it ended)" : " (in the warm-up, not measured)")
                : stall.endedWithRun() ? " (still waiting when the run ended)" : "";
        return stall.path() + " waited " + num(stall.durationMs()) + " ms" + when + ", " + of(stall.classification());
    }

    static String hungOnSomeJdks(HungOnSomeJdks some) {
        String completed = some.completed().stream().map(c -> "JDK " + c.jdk() + (c.requests() == null ? ""
                : " (" + count(c.requests()) + " requests)")).collect(Collectors.joining(" and "));
        return some.arm() + " hung on " + some.hungOn().stream().map(j -> "JDK " + j).collect(Collectors.joining(
                " and ")) + " only; it completed on " + completed + ".";
    }

    /** What a classification says, as a clause. */
    public static String of(Breakage breakage) {
        return switch (breakage) {
            case Breakage.CarrierDeadlock d -> "deadlocked: " + d.pinnedCarriers() + " of " + d.carriers()
                    + " carriers pinned at " + d.waiterFrame() + ", waiting for " + Frames.simpleClass(d.lock())
                    + ", held by a virtual thread that needs a carrier to release it (" + d.holder() + " at "
                    + d.holderFrame() + "); the same in " + d.dumps() + " dumps taken apart";
            case Breakage.CarriersMonopolised m -> "carriers monopolised: all " + m.carriers() + " carriers ran "
                    + m.cpuFrames().stream().map(f -> f.frame() + (f.threads() > 1 ? " (" + f.threads() + ")" : ""))
                    .collect(Collectors.joining(", ")) + " while " + count(m.queued()) + " virtual threads waited for one"
                    + (m.queuedFrom() == Breakage.CountSource.SCHEDULER ? " (the scheduler's count)" : " (in the dump)")
                    + "; the scheduler does not preempt";
            case Breakage.MonitorSuccessorWait w -> "a monitor's successor waiting for a carrier: " + w.blocked()
                    + (w.blocked() == 1 ? " thread" : " threads")
                    + (w.blockedPlatform() > 0 ? " (" + w.blockedPlatform() + " of them platform threads)" : "")
                    + " blocked on " + w.monitor() + ", which no thread owns, while the virtual thread chosen to"
                    + " enter it next (" + w.successor() + " at " + w.frame() + ") had no carrier";
            case Breakage.PoolExhausted p -> "pool exhausted: all " + p.threads() + " threads of " + p.pool()
                    + "* busy (" + p.atFrame() + " at " + p.frame() + ") with " + count(p.inFlight())
                    + " requests outstanding";
            case Breakage.SlowCall s -> "a slow call: " + s.thread() + " " + s.waiting().words() + " at " + s.frame()
                    + (s.threads() > 1 ? " (" + s.threads() + " threads there)" : "")
                    + " in every dump while the rest of the service answered";
            case Breakage.Unclassified u -> "not classified: " + u.reason() + counts(u.counts());
        };
    }

    /** The counts a dump gave, for a finding that names no cause. */
    static String counts(DumpCounts counts) {
        if (counts == null) {
            return "";
        }
        return " (the last dump: " + counts.pinnedCarriers() + " of " + counts.carriers() + " carriers pinned, "
                + counts.queuedVirtual() + " virtual threads waiting for a carrier, " + counts.lockWaiters()
                + " waiting for a lock or monitor)";
    }

    private static String dumps(int n) {
        return n == 0 ? "no thread dump" : n == 1 ? "a thread dump" : n + " thread dumps";
    }

    private static String dumpFiles(List<String> files) {
        return files.isEmpty() ? "" : " (" + String.join(", ", files) + ")";
    }

    private static String capital(String clause) {
        return clause.isEmpty() ? clause : Character.toUpperCase(clause.charAt(0)) + clause.substring(1);
    }

    /** The sentence of a finding of this family. */
    static String of(BreakageFinding finding) {
        return switch (finding) {
            case ArmHung hung -> hung(hung);
            case ArmStalled stalled -> stalled(stalled);
            case HungOnSomeJdks some -> hungOnSomeJdks(some);
        };
    }
}
