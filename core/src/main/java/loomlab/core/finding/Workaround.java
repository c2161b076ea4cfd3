package loomlab.core.finding;

import loomlab.core.arm.ArmKey;

/**
 * The JDK 21 workaround, measured: the same sleep holding a ReentrantLock instead of inside
 * {@code synchronized} pinned nothing and was clearly faster than the synchronized arm on that JDK.
 */
public record Workaround(ArmKey lock, double lockRps, long lockEvents, ArmKey synchronizedArm,
                         double synchronizedRps) implements PinningFinding {
}
