package loomlab.core.diagnose;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import loomlab.core.breakage.Breakage;
import loomlab.core.breakage.DumpedThread;
import loomlab.core.breakage.SchedulerCounts;
import loomlab.core.breakage.StallClassifier;
import loomlab.core.breakage.ThreadDump;
import loomlab.core.fixes.FixMatch;
import loomlab.core.fixes.KnownFixes;
import loomlab.core.frames.Frames;

/**
 * A diagnosis decided from dumps alone, with no load side to say what was answered: what the dumps
 * show of progress ({@link Stillness}), the kinds the classifier finds in dumps taken from outside, and
 * the known defects each kind's stacks show. Pure.
 */
public final class Diagnoser {
    /** Kinds about carriers: the virtual threads on carriers are part of what they describe. */
    static final Set<String> CARRIER_KINDS = Set.of("carrier-deadlock", "carriers-monopolised", "cpu-saturated",
            "monitor-successor-wait");
    /** A carrier deadlock cannot end by itself once this many dumps over this long have shown it. */
    static final int SETTLED_DUMPS = 3;
    static final double SETTLED_S = 2.0;

    private Diagnoser() {
    }

    /** What the dumps show, and the kinds found in them. */
    public record Result(Stillness stillness, List<Found> found) {
        public Result {
            found = List.copyOf(found);
        }

        /**
         * A carrier deadlock that no more dumps can change: hung, with every carrier held by the same threads,
         * in at least {@value #SETTLED_DUMPS} dumps {@value #SETTLED_S} s apart or more; the window may end here.
         */
        public boolean settled() {
            return stillness.verdict() == Stillness.Verdict.HUNG && stillness.dumps() >= SETTLED_DUMPS
                    && stillness.spanS() != null && stillness.spanS() >= SETTLED_S
                    && found.stream().anyMatch(f -> f.kind().equals("carrier-deadlock"));
        }
    }

    /**
     * @param dumps     in the order taken
     * @param spanS     seconds from the first to the last, or null when unknown
     * @param scheduler the scheduler's counts read beside the dumps (JDK 24 and later), in order
     * @param versions  the versions that ran, for the known fixes
     */
    public static Result of(List<ThreadDump> dumps, Double spanS, List<SchedulerCounts> scheduler, KnownFixes fixes,
                            KnownFixes.VersionLookup versions) {
        Stillness stillness = Stillness.of(dumps, spanS);
        if (dumps.isEmpty()) {
            return new Result(stillness, List.of());
        }
        List<Breakage> kinds = StallClassifier.classify(dumps, scheduler, StallClassifier.Context.observed(Set.of()));
        ThreadDump last = dumps.getLast();
        List<Found> found = new ArrayList<>();
        boolean hung = stillness.verdict() == Stillness.Verdict.HUNG;
        for (Breakage breakage : kinds) {
            List<FixMatch> matches = fixes.matching(implicated(breakage, dumps, hung), last.runtimeVersion(), versions);
            found.add(Found.of(breakage, matches));
        }
        if (found.isEmpty() && hung) {
            Breakage unknown = new Breakage.Unclassified("the dumps fit no kind the lab knows", last.counts());
            found.add(Found.of(unknown, fixes.matching(implicated(unknown, dumps, true), last.runtimeVersion(), versions)));
        }
        return new Result(stillness, found);
    }

    /**
     * The stacks a kind describes, in any of the dumps (a kind may show in one dump and not the next): every
     * thread through one of its frames; for a kind about carriers every virtual thread on one (pinned or
     * running); and in a hang every pinned thread, since a carrier held while nothing moves is part of any
     * hang. Each stack once.
     */
    static List<KnownFixes.Stack> implicated(Breakage breakage, List<ThreadDump> dumps, boolean hung) {
        Set<String> frames = Set.copyOf(breakage.frames());
        boolean carriers = CARRIER_KINDS.contains(breakage.kind().id());
        LinkedHashSet<KnownFixes.Stack> stacks = new LinkedHashSet<>();
        for (ThreadDump dump : dumps) {
            for (DumpedThread thread : dump.threads()) {
                boolean through = thread.frames().stream().anyMatch(f -> frames.contains(Frames.compact(f)));
                boolean onCarrier = carriers && dump.isMounted(thread) || hung && dump.isPinned(thread);
                if (through || onCarrier) {
                    stacks.add(new KnownFixes.Stack(thread.frames(), dump.isPinned(thread), dump.isVirtual(thread)));
                }
            }
        }
        return List.copyOf(stacks);
    }
}
