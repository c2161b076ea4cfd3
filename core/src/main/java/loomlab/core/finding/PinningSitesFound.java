package loomlab.core.finding;

import loomlab.core.arm.ArmKey;
import loomlab.core.assess.PinningFigures;

/**
 * Where an assessed arm's virtual threads pinned their carriers, what JFR recorded of it, or that
 * nothing could be read. JFR writes a pin when it ends, so a count of zero is "no pin that ended",
 * and says nothing at all for an arm that hung or whose dumps showed pinned carriers.
 *
 * @param hung               the arm's service was stopped hung
 * @param pinnedCarriersSeen carriers its thread dumps showed pinned (the most in any), or null with no dump
 */
public record PinningSitesFound(ArmKey arm, PinningFigures pinning, boolean hung, Integer pinnedCarriersSeen)
        implements AssessFinding {
    /** Whether a zero count may be read as "no pin of 20 ms or longer ended". */
    public boolean zeroMeansNoneEnded() {
        return !hung && (pinnedCarriersSeen == null || pinnedCarriersSeen == 0);
    }

    /**
     * A platform arm with no pin to report, none that ended or no recording read: its requests ran on
     * no virtual thread, so its pinning says nothing.
     */
    public boolean moot() {
        return !arm.mode().onVirtualThreads() && (!pinning.read() || pinning.events() == 0 && zeroMeansNoneEnded());
    }
}
