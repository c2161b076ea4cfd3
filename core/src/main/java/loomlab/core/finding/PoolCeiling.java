package loomlab.core.finding;

import java.util.List;
import loomlab.core.arm.ArmKey;

/**
 * Whether the platform arm's closed-model curve flattened at pool / W once users outnumbered its
 * pool: W is one request's latency with one user (the curve's first step, p50 from the actual
 * send). Only made when the curve has steps with more users than threads, so it is measured.
 *
 * @param beyondPool the curve's steps with more users than the pool
 * @param flattened  true when every one of them came within {@link #BELOW} to {@link #ABOVE} of pool / W
 */
public record PoolCeiling(ArmKey platform, int pool, double waitMs, List<Step> beyondPool, boolean flattened)
        implements AssessFinding {
    /** Throughput at least this share of pool / W reached the ceiling... */
    public static final double BELOW = 0.8;
    /** ...and at most this share did not pass it. */
    public static final double ABOVE = 1.1;

    public PoolCeiling {
        beyondPool = List.copyOf(beyondPool);
    }

    public record Step(int users, double throughputRps) {
    }

    public double ceilingRps() {
        return pool / (waitMs / 1000);
    }

    public static boolean flat(double ceilingRps, List<Step> steps) {
        return !steps.isEmpty() && steps.stream().allMatch(s -> s.throughputRps() >= BELOW * ceilingRps
                && s.throughputRps() <= ABOVE * ceilingRps);
    }
}
