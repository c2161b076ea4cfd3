package loomlab.core.finding;

import loomlab.core.arm.ArmKey;

/**
 * A mitigation measured: the service's virtual arm with more (or fewer) carriers against the same arm
 * with the scheduler's default, on the same JDK and the same curve: the stalls the watchdog caught,
 * the worst p99 of the closed-model curve (the same users in both), and the capacity.
 *
 * @param worstP99Ms      the highest p99 over the curve's steps, from the actual send; null when unmeasured
 * @param stalls          requests that waited far longer than the rest
 * @param changed         true when the stalls went from some to none or back, or the worst p99 moved by more
 *                        than {@link #CLEAR} times: a change the noise does not make
 */
public record CarriersEffect(ArmKey usual, ArmKey withCarriers, int carriers, int usualStalls, int carrierStalls,
                             Double usualWorstP99Ms, Double carrierWorstP99Ms, Double usualCapacityRps,
                             Double carrierCapacityRps, boolean changed) implements Finding {
    public static final double CLEAR = 2;
}
