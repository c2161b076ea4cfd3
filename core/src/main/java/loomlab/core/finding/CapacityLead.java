package loomlab.core.finding;

import loomlab.core.arm.ArmKey;
import loomlab.core.arm.Spread;
import loomlab.core.assess.Capacity;
import loomlab.core.assess.DecidingWindows;

/**
 * The assessed service's capacity at its p99 target on virtual threads against its platform pool,
 * on one JDK. Each capacity is a range: one run's bracket (the rate that passed, the rate that failed
 * above it), or over repeated runs ({@code --repeat}) the span of every run's (the lowest rate any
 * run passed to the highest any failed). A lead is named only where the measured spread says it is
 * one: over two runs or more, where the ranges do not overlap. One run measures no spread, so its
 * brackets, however far apart, name no lead ({@link Tie#ONE_RUN}); the ratio and who was
 * {@link #ahead()} are still given.
 *
 * <p>A range is half open, [passed, failed): ranges that meet, one arm passing the rate at which the
 * other failed, do not overlap.
 *
 * @param ratio          virtual capacity over platform capacity (the median runs'), or null unless both
 *                       are bracketed
 * @param ratioLow       the least the ratio can be given both ranges (0 when unknown below)
 * @param ratioHigh      the most it can be, or null when a range is open
 * @param leader         {@link Leader#FIRST} virtual, {@link Leader#SECOND} platform, or neither
 * @param why            why neither led, or null when one did
 * @param runs           how many runs each range spans: 1 for a single run
 * @param platformRuns   the platform arm's capacity in each run, with their median, least and most; null
 *                       for one run, or when a run passed no rate
 * @param virtualRuns    the same for the virtual arm
 * @param chance         how often ranges as far apart come by chance when the arms measure the same: of the
 *                       windows at the deciding rate where they decided ({@code decidingRateRps}), else of
 *                       as many runs; null for one run without windows
 * @param decidingRateRps the rate both arms were offered in turn, window after window, after their searches
 *                       ({@link DecidingWindows}), where those windows were measured; else null
 */
public record CapacityLead(ArmKey platform, Capacity platformCapacity, ArmKey virtual, Capacity virtualCapacity,
                           Double ratio, double ratioLow, Double ratioHigh, Leader leader, Tie why, int runs,
                           Spread platformRuns, Spread virtualRuns, Chance chance, Double decidingRateRps)
        implements AssessFinding {
    public enum Tie {
        /** The ranges overlap: the measurements cannot tell the two apart. */
        OVERLAP,
        /**
         * The ranges are apart, but they are one run's brackets: no spread was measured, so nothing says
         * whether another run would keep them apart.
         */
        ONE_RUN,
        /**
         * The ranges are apart, but over too few runs to say so: two arms that measure the same keep
         * ranges of as many runs apart more often than 1 time in 20 ({@link Chance#enough()}).
         */
        TOO_FEW,
        /**
         * The brackets are apart, but the windows at the deciding rate, offered to each arm in turn, did not
         * keep the arms' p99s apart: the search's one draw each is not borne out.
         */
        WINDOWS_DISAGREE,
        /**
         * An arm's warm-up ended at its cap before the arm was steady ({@link loomlab.core.assess.SteadyRule}):
         * its figures may measure the JIT, not the service, so no lead rests on them, whatever the ranges.
         */
        NOT_STEADY
    }

    /** Judged from the two ranges over {@code runs} runs; null when either arm has no capacity to compare. */
    public static CapacityLead of(ArmKey platform, Capacity p, ArmKey virtual, Capacity v, int runs,
                                  Spread platformRuns, Spread virtualRuns) {
        return of(platform, p, virtual, v, runs, platformRuns, virtualRuns, null);
    }

    /**
     * Judged from the two ranges over {@code runs} runs and, where they were measured, the windows at the
     * deciding rate ({@code windows}, {@link Leader#FIRST} being virtual threads): ranges apart make a lead
     * when they hold runs enough, or when the windows put the same arm ahead by ranges that equal arms would
     * show at most 1 time in 20. Null when either arm has no capacity to compare.
     */
    public static CapacityLead of(ArmKey platform, Capacity p, ArmKey virtual, Capacity v, int runs,
                                  Spread platformRuns, Spread virtualRuns, DecidingWindows.Verdict windows) {
        if (p.kind() == Capacity.Kind.NOT_MEASURED || v.kind() == Capacity.Kind.NOT_MEASURED) {
            return null;
        }
        double pLow = p.low();
        double vLow = v.low();
        double pHigh = p.high() == null ? Double.POSITIVE_INFINITY : p.high();
        double vHigh = v.high() == null ? Double.POSITIVE_INFINITY : v.high();
        // A point ratio only between two figures; a lower limit or a "below" is no figure to divide.
        Double ratio = p.kind() == Capacity.Kind.BRACKETED && v.kind() == Capacity.Kind.BRACKETED ? v.rps() / p.rps()
                : null;
        double ratioLow = vLow / pHigh;
        Double ratioHigh = pLow > 0 && vHigh < Double.POSITIVE_INFINITY ? vHigh / pLow : null;
        Leader apart = apart(pLow, pHigh, vLow, vHigh);
        // Each range spans the same runs: the fewer arm's count is how many pairs were measured.
        Chance overRuns = runs >= 2 ? Chance.of(runs, runs) : null;
        boolean byRuns = apart != Leader.NEITHER && overRuns != null && overRuns.enough();
        boolean byWindows = apart != Leader.NEITHER && windows != null && windows.ahead() == apart
                && windows.decides();
        Leader leader = byRuns || byWindows ? apart : Leader.NEITHER;
        boolean windowsSpeak = windows != null && !byRuns;
        Chance chance = windowsSpeak ? windows.chance() : overRuns;
        Tie why = leader != Leader.NEITHER ? null : apart == Leader.NEITHER ? Tie.OVERLAP
                : windows != null && windows.ahead() != apart ? Tie.WINDOWS_DISAGREE
                : chance == null ? Tie.ONE_RUN : Tie.TOO_FEW;
        return new CapacityLead(platform, p, virtual, v, ratio, ratioLow, ratioHigh, leader, why, runs,
                runs >= 2 ? platformRuns : null, runs >= 2 ? virtualRuns : null, chance,
                windowsSpeak ? windows.rateRps() : null);
    }

    /**
     * The same comparison where an arm was not steady after its warm-up: no lead, whoever's range lay
     * above ({@link #ahead()} still says whose).
     */
    public CapacityLead notSteady() {
        return new CapacityLead(platform, platformCapacity, virtual, virtualCapacity, ratio, ratioLow, ratioHigh,
                Leader.NEITHER, Tie.NOT_STEADY, runs, platformRuns, virtualRuns, chance, decidingRateRps);
    }

    /** One run's brackets: apart or not, they name no lead. */
    public static CapacityLead of(ArmKey platform, Capacity p, ArmKey virtual, Capacity v) {
        return of(platform, p, virtual, v, 1, null, null);
    }

    /**
     * {@link Leader#FIRST} when the virtual range lies wholly above the platform's, {@link Leader#SECOND}
     * when below, else neither: half-open ranges [passed, failed) that meet do not overlap.
     */
    static Leader apart(double pLow, double pHigh, double vLow, double vHigh) {
        if (vLow >= pHigh && vLow > 0) {
            return Leader.FIRST;
        }
        if (pLow >= vHigh && pLow > 0) {
            return Leader.SECOND;
        }
        return Leader.NEITHER;
    }

    /** Whose range lay above the other's, lead or not (one run's brackets, or an arm not steady): neither when they overlap. */
    public Leader ahead() {
        return leader != Leader.NEITHER ? leader : why != Tie.OVERLAP ? apart(platformCapacity.low(),
                top(platformCapacity), virtualCapacity.low(), top(virtualCapacity)) : Leader.NEITHER;
    }

    private static double top(Capacity capacity) {
        return capacity.high() == null ? Double.POSITIVE_INFINITY : capacity.high();
    }

    /** The arm that led, or null when neither did. */
    public ArmKey winner() {
        return switch (leader) {
            case FIRST -> virtual;
            case SECOND -> platform;
            case NEITHER -> null;
        };
    }
}
