package loomlab.core.assess;

import java.util.List;

/**
 * What the service cost at one rate every arm on the JDK carried (the lowest capacity among them):
 * costs taken at each arm's own capacity compare loads as much as thread models, these compare
 * thread models alone.
 *
 * @param rateRps         the rate, offered in the open model
 * @param cpuPerRequestMs the service's CPU per answered request at it, or null when unread
 * @param cores           the service's CPU in cores at it, or null
 * @param rssMb           the service's resident memory at the end of that step, or null
 * @param passed          whether the arm met the target at that rate
 * @param offeredBeforeRps the highest rate the arm's process was offered in steps before this one, 0 when none
 * @param gcMsPerThousandRequests the collector's pauses inside that step's window per 1,000 requests it served, from
 *                        the flight recording's timestamps, or null when unread
 * @param gcShareOfWall   those pauses as a share of the window's wall time, or null when unread
 */
public record RateCosts(double rateRps, Double cpuPerRequestMs, Double cores, Double rssMb, boolean passed,
                        double offeredBeforeRps, Double gcMsPerThousandRequests, Double gcShareOfWall) {
    /** Steps whose rate lies this close to the one wanted stand for it. */
    static final double NEAR = 0.05;

    /** Costs read at the first step the arm ran. */
    public RateCosts(double rateRps, Double cpuPerRequestMs, Double cores, Double rssMb, boolean passed) {
        this(rateRps, cpuPerRequestMs, cores, rssMb, passed, 0);
    }

    /** Costs whose collector's pauses were not read. */
    public RateCosts(double rateRps, Double cpuPerRequestMs, Double cores, Double rssMb, boolean passed,
                     double offeredBeforeRps) {
        this(rateRps, cpuPerRequestMs, cores, rssMb, passed, offeredBeforeRps, null, null);
    }

    /**
     * Whether the same process was offered clearly more than this rate before these costs were read:
     * its resident memory then holds what the higher rates grew, which this rate alone may not.
     */
    public boolean afterHigherRates() {
        return OfferedLoad.clearlyAbove(offeredBeforeRps, rateRps);
    }

    /**
     * The arm's costs at {@code rateRps}, or null when it measured no step near it that the generator
     * offered. The figures are the first such step's, taken at the same point of every arm's life (the
     * step right after the warm-up, where the search starts at the common rate): a step measured again
     * later, as a first step that failed is, runs warmer. Whether the arm carried the rate is the last
     * such step's verdict, the one the search counts.
     */
    public static RateCosts at(double rateRps, List<CapacityStep> steps, CapacitySearch search) {
        List<CapacityStep> near = steps.stream().filter(s -> Math.abs(s.rateRps() / rateRps - 1) <= NEAR)
                .filter(s -> search.judge(s) != Capacity.Outcome.NOT_OFFERED).toList();
        if (near.isEmpty()) {
            return null;
        }
        CapacityStep first = near.getFirst();
        double offeredBefore = steps.subList(0, steps.indexOf(first)).stream()
                .filter(s -> search.judge(s) != Capacity.Outcome.NOT_OFFERED).mapToDouble(CapacityStep::rateRps)
                .max().orElse(0);
        return of(first, search.judge(near.getLast()) == Capacity.Outcome.PASSED, offeredBefore);
    }

    /**
     * The same from a capacity's steps as the search judged them: the first offered step near the rate for
     * the figures, the last one's outcome for whether the arm carried it; null when none was offered there.
     */
    public static RateCosts at(double rateRps, Capacity capacity) {
        List<Capacity.TriedStep> steps = capacity.steps();
        List<Capacity.TriedStep> near = standingFor(steps, rateRps);
        if (near.isEmpty()) {
            return null;
        }
        Capacity.TriedStep first = near.getFirst();
        double offeredBefore = steps.subList(0, steps.indexOf(first)).stream()
                .filter(t -> t.outcome() != Capacity.Outcome.NOT_OFFERED).mapToDouble(t -> t.step().rateRps())
                .max().orElse(0);
        return of(first.step(), near.getLast().outcome() == Capacity.Outcome.PASSED, offeredBefore);
    }

    /**
     * The offered steps that stand for a rate: those at it exactly when there are any, else those within
     * {@link #NEAR} of it. A bisection's neighbouring rates lie within 5 % of each other (190 passed, 199
     * failed), and the one measured is not its neighbour.
     */
    public static List<Capacity.TriedStep> standingFor(List<Capacity.TriedStep> steps, double rateRps) {
        List<Capacity.TriedStep> offered = steps.stream().filter(t -> t.outcome() != Capacity.Outcome.NOT_OFFERED)
                .toList();
        List<Capacity.TriedStep> exact = offered.stream().filter(t -> t.step().rateRps() == rateRps).toList();
        return !exact.isEmpty() ? exact : offered.stream().filter(t -> near(t.step().rateRps(), rateRps)).toList();
    }

    /** Whether a step's rate stands for the one wanted: within {@link #NEAR} of it. */
    static boolean near(double stepRps, double rateRps) {
        return Math.abs(stepRps / rateRps - 1) <= NEAR;
    }

    static RateCosts of(CapacityStep step, boolean passed, double offeredBeforeRps) {
        return new RateCosts(step.rateRps(), step.cpuPerRequestMs(), step.serviceCores(),
                step.usage() == null ? null : step.usage().rssMb(), passed, offeredBeforeRps, step.gcMsPerThousandRequests(),
                step.gcShareOfWall());
    }
}
