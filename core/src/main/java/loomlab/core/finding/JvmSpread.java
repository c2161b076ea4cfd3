package loomlab.core.finding;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import loomlab.core.arm.AssessArmResult;
import loomlab.core.arm.ArmKey;
import loomlab.core.assess.Capacity;
import loomlab.core.assess.WhoseLimit;

/**
 * Where an arm's spread over its runs lies: its capacity moved by {@link #SPREAD} or more between its runs,
 * each a fresh JVM with a warm-up of its own, while the other arm, measured in turn beside it in the same runs,
 * moved at most {@link #SHARE} as much (in ratio: its most over its least raised to the power 1 / SHARE is no
 * more than this arm's), and the other arm's capacity was where the machine's cores ran out in every run. A
 * slower machine would then have lowered the other arm's capacity too, so the spread is this arm's own, from one
 * JVM to the next (Kalibera and Jones, ISMM 2013: repeat at the level that varies most). It states no cause where
 * the other arm was not bound by the machine in every run: its steadiness then says nothing of the machine's.
 *
 * @param arm        the arm that moved
 * @param runs       the runs of both arms
 * @param least      its lowest capacity over the runs
 * @param most       its highest
 * @param cpuLeastMs its lowest CPU per request at capacity over the runs, or null where a run's was unread
 * @param cpuMostMs  its highest, likewise
 * @param other      the arm measured beside it
 * @param otherLeast the other arm's lowest capacity over the same runs
 * @param otherMost  its highest
 */
public record JvmSpread(ArmKey arm, int runs, double least, double most, Double cpuLeastMs, Double cpuMostMs,
                        ArmKey other, double otherLeast, double otherMost) implements AssessFinding {
    /** The bound for one arm's capacity from run to run: 1.2x. */
    public static final double SPREAD = 1.2;
    /** The other arm moved at most this share of this arm's spread, in logarithms. */
    public static final double SHARE = 0.5;

    public double spread() {
        return most / least;
    }

    public double otherSpread() {
        return otherMost / otherLeast;
    }

    /**
     * The finding for {@code arm} beside {@code other} on one JDK, or empty: fewer than two runs each, a run
     * whose capacity was not bracketed, a spread under {@link #SPREAD}, another arm that moved more than
     * {@link #SHARE} of it, or one not bound by the machine in every run.
     */
    public static Optional<JvmSpread> of(AssessArmResult arm, AssessArmResult other) {
        List<AssessArmResult> mine = arm.runs();
        List<AssessArmResult> theirs = other.runs();
        if (mine.size() < 2 || mine.size() != theirs.size()
                || !allBracketed(mine) || !allBracketed(theirs)
                || !theirs.stream().allMatch(r -> r.whoseLimit() == WhoseLimit.MACHINE)) {
            return Optional.empty();
        }
        double least = least(mine);
        double most = most(mine);
        double otherLeast = least(theirs);
        double otherMost = most(theirs);
        boolean moved = most >= SPREAD * least;
        boolean otherHeld = Math.log(otherMost / otherLeast) <= SHARE * Math.log(most / least);
        if (!moved || !otherHeld) {
            return Optional.empty();
        }
        List<Double> cpu = mine.stream().map(r -> r.costs().cpuPerRequestMs()).toList();
        boolean cpuRead = cpu.stream().allMatch(Objects::nonNull);
        return Optional.of(new JvmSpread(arm.key(), mine.size(), least, most,
                cpuRead ? cpu.stream().mapToDouble(Double::doubleValue).min().orElseThrow() : null,
                cpuRead ? cpu.stream().mapToDouble(Double::doubleValue).max().orElseThrow() : null,
                other.key(), otherLeast, otherMost));
    }

    private static boolean allBracketed(List<AssessArmResult> runs) {
        return runs.stream().allMatch(r -> r.capacity().kind() == Capacity.Kind.BRACKETED && r.capacity().rps() != null
                && r.capacity().rps() > 0);
    }

    private static double least(List<AssessArmResult> runs) {
        return runs.stream().mapToDouble(r -> r.capacity().rps()).min().orElseThrow();
    }

    private static double most(List<AssessArmResult> runs) {
        return runs.stream().mapToDouble(r -> r.capacity().rps()).max().orElseThrow();
    }
}
