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
}
