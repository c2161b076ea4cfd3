package loomlab.core.finding;

import loomlab.core.arm.ArmKey;

/**
 * The same {@code synchronized} endpoint on two JDKs: throughput where blocking inside
 * {@code synchronized} pins the carrier (JDK 21) against where it does not (JDK 24 and later),
 * beside the two ceilings that explain it: carriers / W when every blocked request holds a
 * carrier, users / W when it does not.
 *
 * @param collapsedToCarriers true when the pinning arm's throughput came within 25 % of carriers / W
 *                            and its recording caught pinned virtual threads: the cause is measured
 * @param freedByJep491       true when the other JDK is 24 or later, its recording caught no pinned event,
 *                            and it came within 25 % of users / W: JEP 491's effect, measured
 */
public record PinningCollapse(ArmKey pinning, double pinningRps, long pinningEvents, ArmKey free, double freeRps,
                              long freeEvents, int carriers, int users, double waitS, boolean collapsedToCarriers,
                              boolean freedByJep491)
        implements PinningFinding {
    public double carriersBoundRps() {
        return carriers / waitS;
    }

    public double usersBoundRps() {
        return users / waitS;
    }

    /** How many times the free arm's throughput the pinning one's is below it. */
    public double ratio() {
        return freeRps / pinningRps;
    }
}
