package loomlab.core.finding;

import loomlab.core.arm.ArmKey;

/**
 * A mitigation measured: a virtual arm with more (or fewer) carriers against the same arm with the
 * scheduler's default, on the same JDK and the same load: the stalls the watchdog caught, a tail
 * latency read the same way in both, and the capacity where the arms have one.
 *
 * @param tail              which latency the tail figures are
 * @param usualTailMs       that latency with the scheduler's default carriers; null when unmeasured
 * @param usualCapacityRps  null where the arms measure no capacity
 * @param stallsChanged     true when the two stall counts split more unevenly than chance splits counts
 *                          of one rate ({@link #stallsApart}); otherwise they are counts only
 * @param tailChanged       true when the tail moved by more than {@link #CLEAR} times
 */
public record CarriersEffect(ArmKey usual, ArmKey withCarriers, int carriers, Tail tail, int usualStalls,
                             int carrierStalls, Double usualTailMs, Double carrierTailMs, Double usualCapacityRps,
                             Double carrierCapacityRps, boolean stallsChanged, boolean tailChanged)
        implements AssessFinding {
    public static final double CLEAR = 2;
    /**
     * Two stall counts are apart when a split at least this uneven has less than this chance if both
     * arms stalled at one rate: with no stall on one side, 6 or more on the other; 1 against 8 or more.
     */
    public static final double STALLS_CHANCE = 0.05;

    /** The tail latency the two arms are compared on. */
    public enum Tail {
        /** The highest p99 over a closed-model curve's steps (the same users in both arms), from the actual send. */
        CURVE_WORST_P99,
        /** /hello's p99 beside CPU-bound requests, from the intended send time. */
        HELLO_P99
    }

    /** The comparison, with what changed judged from the figures. */
    public static CarriersEffect judge(ArmKey usual, ArmKey withCarriers, int carriers, Tail tail, int usualStalls,
                                       int carrierStalls, Double usualTailMs, Double carrierTailMs,
                                       Double usualCapacityRps, Double carrierCapacityRps) {
        boolean tailChanged = usualTailMs != null && carrierTailMs != null && usualTailMs > 0 && carrierTailMs > 0
                && Math.max(usualTailMs, carrierTailMs) / Math.min(usualTailMs, carrierTailMs) > CLEAR;
        return new CarriersEffect(usual, withCarriers, carriers, tail, usualStalls, carrierStalls, usualTailMs,
                carrierTailMs, usualCapacityRps, carrierCapacityRps, stallsApart(usualStalls, carrierStalls),
                tailChanged);
    }

    /** The stalls or the tail changed by more than noise makes. */
    public boolean changed() {
        return stallsChanged || tailChanged;
    }

    /**
     * Whether counts {@code a} and {@code b}, caught over arms of the same load, split more unevenly
     * than chance does: stalls are rare events, so were both arms to stall at one rate, each of the
     * {@code a + b} stalls would fall in either arm as a fair coin does, and a split at least as uneven
     * comes with chance 2 P(X <= min(a, b)), X binomial (a + b, 1/2) (the exact test of two Poisson
     * counts). One stall against none is a coin that fell once: no change.
     */
    public static boolean stallsApart(int a, int b) {
        return splitChance(a, b) < STALLS_CHANCE;
    }

    /** 2 P(X <= min(a, b)) for X binomial (a + b, 1/2), at most 1. */
    static double splitChance(int a, int b) {
        if (a < 0 || b < 0) {
            throw new IllegalArgumentException("stalls are counted from 0, got " + a + " and " + b);
        }
        int n = a + b;
        int fewer = Math.min(a, b);
        // Sum C(n, k) / 2^n in logs, so a large count does not overflow.
        double tail = 0;
        double logTerm = -n * Math.log(2);
        for (int k = 0; k <= fewer; k++) {
            if (k > 0) {
                logTerm += Math.log(n - k + 1) - Math.log(k);
            }
            tail += Math.exp(logTerm);
        }
        return Math.min(1, 2 * tail);
    }
}
