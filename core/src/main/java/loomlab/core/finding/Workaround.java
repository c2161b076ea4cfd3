package loomlab.core.finding;

import loomlab.core.arm.ArmKey;

/**
 * The JDK 21 workaround, measured: the same sleep holding a ReentrantLock instead of inside
 * {@code synchronized} pinned nothing where the synchronized arm on that JDK pinned. The rates are
 * given beside the counts; one figure each, they name no lead.
 */
public record Workaround(ArmKey lock, double lockRps, long lockEvents, ArmKey synchronizedArm,
                         double synchronizedRps) implements PinningFinding {
}
