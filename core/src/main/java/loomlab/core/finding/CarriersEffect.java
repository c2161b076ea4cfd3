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
 * @param changed           true when the stalls went from some to none or back, or the tail moved by more
 *                          than {@link #CLEAR} times: a change the noise does not make
 */
public record CarriersEffect(ArmKey usual, ArmKey withCarriers, int carriers, Tail tail, int usualStalls,
                             int carrierStalls, Double usualTailMs, Double carrierTailMs, Double usualCapacityRps,
                             Double carrierCapacityRps, boolean changed) implements AssessFinding {
    public static final double CLEAR = 2;

    /** The tail latency the two arms are compared on. */
    public enum Tail {
        /** The highest p99 over a closed-model curve's steps (the same users in both arms), from the actual send. */
        CURVE_WORST_P99,
        /** /hello's p99 beside CPU-bound requests, from the intended send time. */
        HELLO_P99
    }

    /** The comparison, with {@code changed} judged from the figures. */
    public static CarriersEffect judge(ArmKey usual, ArmKey withCarriers, int carriers, Tail tail, int usualStalls,
                                       int carrierStalls, Double usualTailMs, Double carrierTailMs,
                                       Double usualCapacityRps, Double carrierCapacityRps) {
        boolean stallsChanged = (usualStalls == 0) != (carrierStalls == 0);
        boolean tailChanged = usualTailMs != null && carrierTailMs != null && usualTailMs > 0 && carrierTailMs > 0
                && Math.max(usualTailMs, carrierTailMs) / Math.min(usualTailMs, carrierTailMs) > CLEAR;
        return new CarriersEffect(usual, withCarriers, carriers, tail, usualStalls, carrierStalls, usualTailMs,
                carrierTailMs, usualCapacityRps, carrierCapacityRps, stallsChanged || tailChanged);
    }
}
