package loomlab.core.breakage;

import java.util.ArrayList;
import java.util.List;

/**
 * What the watchdog saw of one arm: how it ended, the hang that ended it if one did, and the stalls
 * along the way. An arm measured by an engine that cannot show what is outstanding (an external load
 * tool) was not watched, and says so rather than claiming it saw nothing.
 *
 * @param watched false when the arm's engine gave the watchdog no view of what was outstanding
 */
public record WatchReport(boolean watched, Outcome outcome, Hang hang, List<Stall> stalls) {
    public static final WatchReport NOT_WATCHED = new WatchReport(false, Outcome.COMPLETED, null, List.of());

    public WatchReport {
        stalls = List.copyOf(stalls);
        if (hang != null && outcome != Outcome.HUNG) {
            throw new IllegalArgumentException("a hang ends an arm as hung, not " + outcome);
        }
    }

    public static WatchReport completed(List<Stall> stalls) {
        return new WatchReport(true, Outcome.COMPLETED, null, stalls);
    }

    public boolean hung() {
        return outcome == Outcome.HUNG;
    }

    /** This report for an arm whose service died while it was measured. */
    public WatchReport died() {
        return new WatchReport(watched, Outcome.DIED, null, stalls);
    }

    /**
     * Carriers the dumps showed pinned, the most any dump of the arm showed: what JFR cannot show for
     * a pin that never ended. Null when no dump was read.
     */
    public Integer pinnedCarriersSeen() {
        Integer most = null;
        List<Diagnosis> seen = new ArrayList<>(stalls.stream().map(Stall::classification).toList());
        if (hang != null) {
            seen.add(hang.classification());
        }
        for (Diagnosis diagnosis : seen) {
            if (diagnosis.counts() != null) {
                int pinned = diagnosis.counts().pinnedCarriers();
                most = most == null ? pinned : Math.max(most, pinned);
            }
        }
        return most;
    }
}
