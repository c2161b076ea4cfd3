package loomlab.core.arm;

import loomlab.core.breakage.WatchReport;

/** An arm the watchdog followed: what it saw, and how many answers the arm counted. */
public sealed interface Watched extends ArmResult permits HttpArmResult, NoisyServerArmResult, AssessArmResult {
    WatchReport watch();

    /** Requests the arm counted as answered, or null when it counts none as one figure. */
    Long answered();
}
