package loomlab.core.finding;

import loomlab.core.arm.ArmKey;
import loomlab.core.arm.StallOutcome;

/** How the deadlock arm ended on one JDK: it completed, or it hung and was stopped after a thread dump. */
public record Deadlock(ArmKey arm, StallOutcome stall, long completedRequests) implements Finding {
}
