package loomlab.lab.report.verdict;

import static loomlab.core.Figures.count;
import static loomlab.core.Figures.num;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import loomlab.core.breakage.Breakage;
import loomlab.core.breakage.Diagnosis;
import loomlab.core.breakage.DumpCounts;
import loomlab.core.breakage.Hang;
import loomlab.core.breakage.Stall;
import loomlab.core.breakage.WaitChain;
import loomlab.core.breakage.Waiting;
import loomlab.core.finding.ArmHung;
import loomlab.core.finding.ArmStalled;
import loomlab.core.finding.BreakageFinding;
import loomlab.core.finding.Diagnosed;
import loomlab.core.finding.Finding;
import loomlab.core.finding.HungOnSomeJdks;
import loomlab.core.frames.Frames;

/**
 * What broke, in words: hangs and stalls and what their thread dumps showed, with the wait-for chain
 * where one thread waits for another's lock. A cause is worded only where the classification found it
 * in the dumps; otherwise the dumps' counts are given alone. What a kind says depends on what set the
 * dumps off: a hang is a service that answered nothing, so nothing of it is said to have answered.
 */
public final class BreakageWords {
    /** Stalls named one by one in a sentence; the rest are counted. */
    static final int STALLS_NAMED = 3;

    /** What the dumps were taken for, which decides what the words may say of the rest of the service. */
    public enum Setting {
        /** Nothing answered: the dumps of a hang. */
        HANG,
        /** One request waited while the rest were answered. */
        STALL,
        /** Dumps taken from outside (a command, by hand): nothing is known of the answers. */
        DUMPS
    }

    private BreakageWords() {
    }

    /**
     * What broke in an experiment, one sentence per hang, per stalled arm and per arm that hung on some
     * JDKs only, for the block a report opens with; empty when nothing broke.
     */
    public static List<String> whatBroke(List<Finding> findings) {
        return findings.stream().filter(f -> f instanceof ArmHung || f instanceof ArmStalled
                || f instanceof HungOnSomeJdks || f instanceof Diagnosed d && d.jvm().broke())
                .map(VerdictWriter::sentence).distinct().toList();
    }

    static String hung(ArmHung hung) {
        Hang hang = hung.hang();
        return hung.arm() + " stopped answering after " + count(hang.answeredBefore()) + " answers: nothing answered"
                + " for " + num(hang.silentS()) + " s with " + count(hang.inFlight()) + " requests outstanding, so the lab"
                + " took " + dumps(hang.dumps().size()) + " and stopped the service. "
                + capital(of(hang.classification(), Setting.HANG)) + dumpFiles(hang.dumps()) + ".";
    }

    static String stalled(ArmStalled stalled) {
        List<Stall> stalls = stalled.stalls();
        // Stalls of one kind at one frame (or none classified) are one line with their count: a busy run can
        // catch a hundred, and the same words a hundred times say no more than once.
        Map<String, List<Stall>> alike = new LinkedHashMap<>();
        for (Stall stall : stalls) {
            Diagnosis kind = stall.classification();
            alike.computeIfAbsent(kinds(kind) + " " + kind.frames(), k -> new ArrayList<>()).add(stall);
        }
        List<List<Stall>> named = alike.values().stream().limit(STALLS_NAMED).toList();
        String each = named.stream().map(group -> stall(group.getFirst()) + (group.size() == 1 ? ""
                : " (and " + (group.size() - 1) + " more alike)")).collect(Collectors.joining("; "));
        int told = named.stream().mapToInt(List::size).sum();
        String more = stalls.size() > told ? "; and " + (stalls.size() - told) + " more" : "";
        return stalled.arm() + ": " + stalls.size() + (stalls.size() == 1 ? " request" : " requests")
                + " waited far longer than the rest while they were answered: " + each + more + ".";
    }

    private static String stall(Stall stall) {
        String when = stall.inWarmup() ? (stall.endedWithRun() ? " (in the warm-up, not measured; still waiting"
                + " when it ended)" : " (in the warm-up, not measured)")
                : stall.endedWithRun() ? " (still waiting when the run ended)" : "";
        return stall.path() + " waited " + num(stall.durationMs()) + " ms" + when + ", "
                + of(stall.classification(), Setting.STALL);
    }

    static String hungOnSomeJdks(HungOnSomeJdks some) {
        String completed = some.completed().stream().map(c -> "JDK " + c.jdk() + (c.requests() == null ? ""
                : " (" + count(c.requests()) + " requests)")).collect(Collectors.joining(" and "));
        return some.arm() + " hung on " + some.hungOn().stream().map(j -> "JDK " + j).collect(Collectors.joining(
                " and ")) + " only; it completed on " + completed + ".";
    }

    /** What a stall's classification says, as a clause. */
    public static String of(Diagnosis diagnosis) {
        return of(diagnosis, Setting.STALL);
    }

    /** Every kind found, the cause first, as one clause; each kind with its chain. */
    public static String of(Diagnosis diagnosis, Setting setting) {
        List<String> clauses = new ArrayList<>();
        for (Breakage kind : diagnosis.kinds()) {
            clauses.add(of(kind, setting) + (kind.chain() == null ? "" : "; " + chain(kind.chain())));
        }
        return String.join("; and, behind that, ", clauses);
    }

    /** The kinds' ids, the cause first: {@code carriers-monopolised, then monitor-successor-wait}. */
    public static String kinds(Diagnosis diagnosis) {
        return diagnosis.kinds().stream().map(k -> k.kind().id()).collect(Collectors.joining(", then "));
    }

    /** What one kind says of a stall, as a clause. */
    public static String of(Breakage breakage) {
        return of(breakage, Setting.STALL);
    }

    /** What one kind says, as a clause, without its chain. */
    public static String of(Breakage breakage, Setting setting) {
        return switch (breakage) {
            case Breakage.CarrierDeadlock d when d.holder() == null -> "deadlocked: " + d.pinnedCarriers() + " of "
                    + d.carriers() + " carriers held at " + d.waiterFrame() + " by virtual threads pinned waiting for "
                    + (d.lock().contains(" ") ? d.lock() : Frames.simpleClass(d.lock())) + ", while "
                    + virtualThreads(d.counts().queuedVirtual()) + " waited for a carrier and nothing moved; whatever"
                    + " those wait for, none can run to end the pinned waits (the dumps name no owner); the same in "
                    + d.dumps() + " dumps taken" + apart(d.apartS());
            case Breakage.CarrierDeadlock d -> "deadlocked: " + d.pinnedCarriers() + " of " + d.carriers()
                    + " carriers held at " + d.waiterFrame() + " by virtual threads that cannot go on, waiting for "
                    + Frames.simpleClass(d.lock()) + (d.nextOwner()
                    ? ", which shows no holder: its next owner, " + d.holder() + " at " + d.holderFrame()
                    + ", a virtual thread woken in its acquire, has no carrier to take it on"
                    : ", held by a virtual thread that needs a carrier to release it (" + d.holder() + " at "
                    + d.holderFrame() + ")") + "; the same in " + d.dumps() + " dumps taken" + apart(d.apartS());
            case Breakage.CarriersMonopolised m -> "carriers monopolised: " + (m.held() == m.carriers() ? "all "
                    + m.carriers() + " carriers" : m.held() + " of " + m.carriers() + " carriers")
                    + " ran the same virtual thread in dumps taken" + apart(m.apartS()) + ", at "
                    + frames(m.cpuFrames()) + ", while " + virtualThreads(m.queued()) + " waited for one"
                    + from(m.queuedFrom()) + "; the scheduler does not preempt a virtual thread that runs";
            case Breakage.CpuSaturated c -> c.virtual()
                    ? "CPU saturated: all " + c.busy() + " carriers busy, the virtual threads seen on them at "
                    + frames(c.cpuFrames())
                    + " while " + count(c.queued()) + " more waited for one" + from(c.queuedFrom())
                    + (c.dumps() > 1 ? "; other virtual threads held them by the later dump, so no one thread kept a"
                    + " carrier" : "; one dump cannot tell whether one thread kept its carrier") + ", and no scheduler"
                    + " cause is named"
                    : "CPU saturated: " + c.busy() + " platform threads ran the user's code at " + frames(c.cpuFrames())
                    + " on " + c.cores() + " cores while " + count(c.queued()) + " more requests were outstanding than"
                    + " threads serving them";
            case Breakage.MonitorSuccessorWait w -> "a monitor's successor waiting for a carrier: " + w.blocked()
                    + (w.blocked() == 1 ? " thread" : " threads")
                    + (w.blockedPlatform() > 0 ? " (" + w.blockedPlatform() + " of them platform threads)" : "")
                    + " blocked on " + w.monitor() + ", which no thread owns, while the virtual thread chosen to"
                    + " enter it next (" + w.successor() + " at " + w.frame() + ") had no carrier";
            case Breakage.MonitorContention c -> contention(c);
            case Breakage.PoolExhausted p when p.held() == Breakage.PoolExhausted.Held.STUCK_CALLS -> "pool exhausted:"
                    + " all " + p.threads() + " threads of " + p.pool() + "* sat in calls that used no CPU between the"
                    + " dumps (" + p.atFrame() + " at " + p.frame() + "), by Thread.print's CPU times: none served"
                    + " anything meanwhile, so what else arrives queues for a thread";
            case Breakage.PoolExhausted p when p.held() == Breakage.PoolExhausted.Held.FUTURES_WAITING -> "pool"
                    + " exhausted: all " + p.threads() + " threads of "
                    + p.pool() + "* blocked (" + p.atFrame() + " at " + p.frame() + ") while " + count(p.inFlight())
                    + " threads waited on a CompletableFuture's result; the common pool has as many threads as its"
                    + " parallelism (the cores less one) and adds none for a task that blocks, so the tasks they wait"
                    + " for queue (give blocking tasks an executor of their own)";
            case Breakage.PoolExhausted p -> "pool exhausted: all " + p.threads() + " threads of " + p.pool()
                    + "* busy (" + p.atFrame() + " at " + p.frame() + ") with " + count(p.inFlight())
                    + " requests outstanding";
            case Breakage.SlowCall s -> "a slow call: " + s.thread() + " " + s.waiting().words() + " at " + s.frame()
                    + (s.threads() > 1 ? " (" + s.threads() + " threads there)" : "") + " in every dump"
                    + switch (s.evidence()) {
                        case VIRTUAL_THREAD -> " (a virtual thread, made for one request: the same request throughout)";
                        case PLATFORM_ALONE -> " (a platform thread, the only one there in every dump while others"
                                + " passed through and its pool had idle threads: very likely one request)";
                        case PLATFORM_NO_CPU -> " (a platform thread that used no CPU between the dumps while others of"
                                + " its pool did, by Thread.print's CPU times: one call, whoever else passed through)";
                    }
                    + (setting == Setting.STALL ? ", while the rest of the service answered" : "");
            case Breakage.BacklogDrop b -> "dropped at the listen backlog: " + (b.connected()
                    ? "its fresh connection had completed its handshake but carried no answer after "
                    : "its connection had not completed its handshake after ") + count(Math.round(b.connectingMs()))
                    + " ms, and the host's listen backlog overflowed " + count(b.overflows())
                    + (b.overflows() == 1 ? " time" : " times") + " in the run (TcpExt ListenOverflows); " + (b.connected()
                    ? "Linux drops the handshake's last ACK at a full accept queue, so connect() succeeded while the"
                    + " service never accepted the connection," : "the client waits for its SYN to go again (1 s, then"
                    + " 3 s), so") + " the wait is the backlog's, not the service's, and no thread dump was taken";
            case Breakage.Unclassified u -> "not classified: " + u.reason() + counts(u.counts());
        };
    }

    private static String contention(Breakage.MonitorContention c) {
        String what = c.monitor() ? (c.inferred() ? "a monitor" : "the monitor " + c.lock()) : "the lock " + c.lock();
        String pool = c.poolSize() != null && c.blockedVirtual() == 0
                ? ", of a pool of " + c.poolSize() + " threads, which bounds how many can wait there" : "";
        String who = c.blockedVirtual() == c.blocked() ? " virtual threads" : c.blockedVirtual() == 0
                ? " platform threads" : " threads (" + c.blockedVirtual() + " of them virtual)";
        String owner = c.owner() == null ? "; the dumps show no owner"
                : "; its owner " + c.owner() + (c.ownerFrame() == null ? "" : " at " + c.ownerFrame())
                + " (" + c.ownerFrom().words() + ")";
        return (c.monitor() ? "monitor contention: " : "lock contention: ") + c.blocked() + who
                + (c.monitor() ? " blocked on " : " waiting for ") + what + " at " + c.frame()
                + (c.userFrame() == null ? "" : " (from " + c.userFrame() + ")") + pool
                + (c.inferred() ? " (JDK 21's dump names no monitor: in every dump they stood at the entry of a"
                + " synchronized place with another thread inside it)" : "")
                + owner + (c.dumps() > 1 ? "; the same in " + c.dumps() + " dumps" : "; in one dump");
    }

    /**
     * A wait-for chain as one line: {@code wait-for chain: #31 (virtual, on ForkJoinPool-1-worker-1) blocked
     * on a monitor at A.m:29 -> owned by #30 (inferred from the frames) ... -> needs a carrier: every
     * carrier is held by #31 and #30}.
     */
    /** {@code  from relay.RelayService.quote:75}: the service's own frame, where the wait is a library's. */
    private static String from(WaitChain.Link link) {
        return link.userFrame() == null || link.userFrame().equals(link.frame()) ? "" : " from " + link.userFrame();
    }

    public static String chain(WaitChain chain) {
        StringBuilder line = new StringBuilder("wait-for chain: ");
        List<WaitChain.Link> links = chain.links();
        for (int i = 0; i < links.size(); i++) {
            WaitChain.Link link = links.get(i);
            String how = "";
            boolean next = false;
            if (i > 0) {
                WaitChain.Link before = links.get(i - 1);
                next = before.ownerFrom() == WaitChain.OwnerFrom.NEXT_OWNER;
                line.append(" -> ").append(next ? "its next owner" : waitsForMonitor(before) ? "owned by" : "held by")
                        .append(' ');
                how = switch (before.ownerFrom()) {
                    case DUMP -> "";
                    case INFERRED, NEXT_OWNER -> "inferred from the frames; ";
                };
            }
            line.append(link.thread()).append(" (").append(how).append(where(link)).append(")");
            if (link.lock() != null) {
                line.append(waitsForMonitor(link) ? " blocked on " : " waiting for ")
                        .append(shortLock(link.lock())).append(" at ").append(link.frame()).append(from(link));
            } else if (link.awaitsCondition()) {
                line.append(" waiting for a condition at ").append(link.frame()).append(from(link));
            } else if (next && link.waiting() == Waiting.LOCK) {
                line.append(" woken in the lock's acquire at ").append(link.frame());
            } else if (link.virtual() && Boolean.FALSE.equals(link.mounted()) && link.waiting() == Waiting.RUNNING) {
                line.append(" ready to run at ").append(link.frame());
            } else {
                line.append(' ').append(link.waiting().words()).append(link.frame() == null ? "" : " at " + link.frame());
            }
        }
        switch (chain.ending()) {
            case CYCLE -> line.append(" -> held by ").append(links.get(chain.cycleTo()).thread()).append(": a cycle");
            case NEEDS_CARRIER -> line.append(", and needs a carrier to go on: every carrier is held by ")
                    .append(VerdictWriter.inSentence(chain.carriersHeldBy()));
            case OWNER_UNKNOWN -> line.append(" -> its owner: not named by the dump, nor one thread by the frames");
            case NO_OWNER -> line.append(" -> the dump shows no thread owning it");
            case NOT_A_LOCK -> {
            }
        }
        return line.toString();
    }

    private static boolean waitsForMonitor(WaitChain.Link link) {
        return link.waiting() == Waiting.MONITOR;
    }

    private static String where(WaitChain.Link link) {
        if (!link.virtual()) {
            return "platform";
        }
        if (Boolean.TRUE.equals(link.mounted())) {
            return link.carrier() == null ? "virtual, on a carrier" : "virtual, on " + link.carrier();
        }
        return "virtual, no carrier";
    }

    /** {@code java.util.concurrent.locks.ReentrantLock$NonfairSync@1a} is {@code ReentrantLock$NonfairSync@1a}. */
    private static String shortLock(String lock) {
        return lock.startsWith("a ") ? lock : Frames.simpleClass(lock.replaceFirst("@[0-9a-fA-F]+$", ""))
                + (lock.matches(".*@[0-9a-fA-F]+$") ? lock.substring(lock.lastIndexOf('@')) : "");
    }

    private static String virtualThreads(long n) {
        return count(n) + (n == 1 ? " virtual thread" : " virtual threads");
    }

    private static String frames(List<Breakage.FrameCount> frames) {
        return frames.stream().map(f -> f.frame() + (f.threads() > 1 ? " (" + f.threads() + ")" : ""))
                .collect(Collectors.joining(", "));
    }

    private static String from(Breakage.CountSource source) {
        return switch (source) {
            case SCHEDULER -> " (the scheduler's count)";
            case DUMP -> " (in the dump)";
            case LAB -> " (the lab's count)";
        };
    }

    private static String apart(Double seconds) {
        return seconds == null ? " apart" : " " + num(seconds) + " s apart";
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
