package loomlab.core.finding;

import loomlab.core.arm.ArmKey;
import loomlab.core.assess.Capacity;

/**
 * The assessed service's capacity at its p99 target on virtual threads against its platform pool,
 * on one JDK. Each capacity is a bracket (what passed, what failed above it), so the ratio is one
 * too; a winner is named only when the brackets do not overlap and the nearer ends are further
 * apart than {@link Leader#MARGIN}.
 *
 * @param ratio      virtual capacity over platform capacity, or null unless both are bracketed
 * @param ratioLow   the least the ratio can be given both brackets (0 when unknown below)
 * @param ratioHigh  the most it can be, or null when a bracket is open
 * @param leader     {@link Leader#FIRST} virtual, {@link Leader#SECOND} platform, or neither
 * @param why        why neither led, or null when one did
 */
public record CapacityLead(ArmKey platform, Capacity platformCapacity, ArmKey virtual, Capacity virtualCapacity,
                           Double ratio, double ratioLow, Double ratioHigh, Leader leader, Tie why)
        implements AssessFinding {
    public enum Tie {
        /** The brackets overlap: the measurements cannot tell the two apart. */
        OVERLAP,
        /**
         * The brackets are apart, but by less than the lab's fixed margin for a lead: a convention, not a
         * measured spread, since a capacity search is not repeated.
         */
        WITHIN_MARGIN
    }

    /** Judged from the two brackets; null when either arm has no capacity to compare. */
    public static CapacityLead of(ArmKey platform, Capacity p, ArmKey virtual, Capacity v) {
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
        boolean overlap = Math.max(pLow, vLow) <= Math.min(pHigh, vHigh);
        Leader leader = Leader.NEITHER;
        Tie why = Tie.OVERLAP;
        if (!overlap) {
            boolean virtualAbove = vLow > pHigh;
            double apart = virtualAbove ? vLow / pHigh : pLow / vHigh;
            if (apart > Leader.MARGIN) {
                leader = virtualAbove ? Leader.FIRST : Leader.SECOND;
                why = null;
            } else {
                why = Tie.WITHIN_MARGIN;
            }
        }
        return new CapacityLead(platform, p, virtual, v, ratio, ratioLow, ratioHigh, leader, why);
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
