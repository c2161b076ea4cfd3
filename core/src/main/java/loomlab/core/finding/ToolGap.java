package loomlab.core.finding;

import loomlab.core.arm.ArmKey;

/**
 * An arm measured by one of the seeds' tools that sat a whole service time over its bound. Where the
 * tool spent that time is not measured, so no cause is given.
 *
 * @param serviceTimesOver (elapsed - bound) / W
 */
public record ToolGap(ArmKey arm, String engine, double elapsedS, double boundS, double serviceS,
                      double serviceTimesOver) implements BoundFinding {
}
