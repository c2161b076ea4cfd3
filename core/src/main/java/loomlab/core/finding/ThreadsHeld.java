package loomlab.core.finding;

import loomlab.core.arm.ArmKey;

/** How many parked threads an arm held, what stopped it, and the memory each added. */
public record ThreadsHeld(ArmKey arm, int started, int cap, String stoppedBy, String error, double elapsedS,
                          Double rssPerThreadKb, Integer parked) implements TaskFinding {
}
