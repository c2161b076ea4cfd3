package loomlab.core.arm;

import java.util.List;
import loomlab.core.breakage.SchedulerCounts;
import loomlab.core.diagnose.Found;
import loomlab.core.diagnose.PinsRecorded;
import loomlab.core.diagnose.Stillness;
import loomlab.core.diagnose.Target;

/**
 * What {@code loomlab diagnose} saw of one JVM, as the single arm of its results: the target, the
 * window it watched, what the dumps show of its progress, each kind of breakage found with the known
 * fixes its stacks show, the pins the flight recording held, and every file kept.
 *
 * @param windowS     the seconds asked for ({@code --seconds}); null offline
 * @param stoppedEarly why the window ended before its seconds were up (a deadlock that cannot end), or null
 * @param scheduler   the virtual-thread scheduler's counts beside the last dump (JDK 24 and later), or null
 * @param dumpFiles   the dumps read, relative to the results folder when kept there, as given otherwise
 * @param jfrFile     the flight recording read, likewise; null when there was none
 * @param targetCalls every command run against the target, in order: what it did to the JVM, exactly
 */
public record DiagnosedJvm(ArmKey key, Target target, Double windowS, String stoppedEarly, Stillness stillness,
                           List<Found> found, SchedulerCounts scheduler, PinsRecorded pins, List<String> dumpFiles,
                           String jfrFile, List<String> targetCalls) implements ArmResult {
    public DiagnosedJvm {
        found = List.copyOf(found);
        dumpFiles = List.copyOf(dumpFiles);
        targetCalls = List.copyOf(targetCalls);
    }

    /** A breakage was found: a kind was named, or the dumps showed a hang whose kind the lab does not know. */
    public boolean broke() {
        return found.stream().anyMatch(Found::named) || stillness.verdict() == Stillness.Verdict.HUNG;
    }

    /**
     * Nothing broke that the dumps show, but they cannot say that nothing did: one dump (one instant shows
     * no thread staying where it was), threads that serve request after request standing at one wait, or
     * threads standing still while nothing moved, which an idle service and one waiting on the world outside
     * it both show. Another dump, taken a few seconds later, decides.
     */
    public boolean undecided() {
        return !broke() && switch (stillness.verdict()) {
            case ONE_DUMP, UNDECIDED, QUIET -> true;
            case HUNG, STALLED, MOVING -> false;
        };
    }

    /** {@code loomlab diagnose}'s exit code: 1 a breakage found, 3 undecided, 0 nothing found. */
    public int exitCode() {
        return broke() ? 1 : undecided() ? 3 : 0;
    }
}
