package loomlab.core.finding;

import loomlab.core.arm.ArmKey;

/**
 * An arm measured by one of the seeds' tools that sat a whole service time over its bound: ab
 * sends its first request alone and waits for it before opening its other connections.
 *
 * @param serviceTimesOver (elapsed - bound) / W
 */
public record ToolGap(ArmKey arm, String engine, double elapsedS, double boundS, double serviceS,
                      double serviceTimesOver) implements Finding {
}
