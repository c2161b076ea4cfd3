package loomlab.core.finding;

import loomlab.core.arm.ArmKey;

/** The platform arm stopped before its cap (an error or the time limit) while virtual threads went further. */
public record PlatformStoppedFirst(ArmKey platform, int platformStarted, String stoppedBy, String error,
                                   ArmKey virtual, int virtualStarted) implements TaskFinding {
}
