package loomlab.core.finding;

import loomlab.core.arm.ArmKey;
import loomlab.core.arm.Spread;
import loomlab.core.assess.Capacity;

/**
 * A workaround the lab applied itself and measured ({@code assess --extracted}): the service run from its
 * extracted jar against the same service from its fat jar, on the same thread model, JDK and load, side by
 * side. The capacities at the p99 target are judged by the rules of every capacity comparison
 * ({@link CapacityLead#of}): a lead only where the ranges keep apart over runs enough; one run names none.
 * The tail and the stalls are each arm's one figure, so a change there is a difference seen, not a lead.
 *
 * @param leader           {@link Leader#FIRST} when the extracted jar carried more beyond the spread,
 *                         {@link Leader#SECOND} when the fat jar did, else neither
 * @param ahead            whose range lay above, lead or not ({@link Leader#FIRST} the extracted jar's)
 * @param why              why neither led ({@link CapacityLead.Tie}), or null when one did or the capacities
 *                         were not compared
 * @param compared         false when an arm hung or died: its capacity is then no figure to compare
 * @param ratio            extracted capacity over fat capacity, or null unless both are bracketed
 * @param runs             how many runs each range spans
 * @param chance           how often ranges as far apart come by chance over as many runs, or null for one run
 * @param fatWorstP99Ms    the highest p99 over the fat arm's closed-model curve, or null when unmeasured
 * @param tailChanged      true when the worst p99s differ by more than {@link CarriersEffect#CLEAR} times
 * @param stallsChanged    true when the stall counts split more unevenly than chance splits counts of one
 *                         rate ({@link CarriersEffect#stallsApart})
 */
public record ExtractionEffect(ArmKey fat, ArmKey extracted, Capacity fatCapacity, Capacity extractedCapacity,
                               Leader leader, Leader ahead, CapacityLead.Tie why, boolean compared, Double ratio,
                               int runs, Spread fatRuns, Spread extractedRuns, Chance chance, Double fatWorstP99Ms,
                               Double extractedWorstP99Ms, boolean tailChanged, int fatStalls, int extractedStalls,
                               boolean stallsChanged) implements AssessFinding {

    /**
     * The two arms judged: {@code lead} is {@link CapacityLead#of} read with the fat arm in the platform's place
     * and the extracted arm in the virtual's, or null when the capacities are not compared (an arm hung or died,
     * or has none).
     */
    public static ExtractionEffect judge(ArmKey fat, ArmKey extracted, Capacity fatCapacity,
                                         Capacity extractedCapacity, CapacityLead lead, Double fatWorstP99Ms,
                                         Double extractedWorstP99Ms, int fatStalls, int extractedStalls) {
        boolean tailChanged = fatWorstP99Ms != null && extractedWorstP99Ms != null && fatWorstP99Ms > 0
                && extractedWorstP99Ms > 0 && Math.max(fatWorstP99Ms, extractedWorstP99Ms)
                / Math.min(fatWorstP99Ms, extractedWorstP99Ms) > CarriersEffect.CLEAR;
        return new ExtractionEffect(fat, extracted, fatCapacity, extractedCapacity,
                lead == null ? Leader.NEITHER : lead.leader(), lead == null ? Leader.NEITHER : lead.ahead(),
                lead == null ? null : lead.why(), lead != null, lead == null ? null : lead.ratio(),
                lead == null ? 1 : lead.runs(), lead == null ? null : lead.platformRuns(),
                lead == null ? null : lead.virtualRuns(), lead == null ? null : lead.chance(), fatWorstP99Ms,
                extractedWorstP99Ms, tailChanged, fatStalls, extractedStalls,
                CarriersEffect.stallsApart(fatStalls, extractedStalls));
    }

    /** The arm that led, or null when neither did. */
    public ArmKey winner() {
        return switch (leader) {
            case FIRST -> extracted;
            case SECOND -> fat;
            case NEITHER -> null;
        };
    }
}
