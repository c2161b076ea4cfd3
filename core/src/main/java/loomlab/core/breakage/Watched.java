package loomlab.core.breakage;

import loomlab.core.arm.ArmResult;

/** An arm the watchdog followed: what it saw, and how many answers the arm counted. */
public interface Watched extends ArmResult {
    WatchReport watch();

    /** Requests the arm counted as answered, or null when it counts none as one figure. */
    Long answered();
}
