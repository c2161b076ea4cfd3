package loomlab.core.diagnose;

import java.util.List;
import loomlab.core.pinning.PinningSite;

/**
 * What the flight recording of the window held of virtual threads pinned to their carriers. JFR
 * records a pin when it ends, so a pin that never ended (a carrier deadlock) is never in it.
 *
 * @param recorded    false when there was no recording (offline without {@code --jfr}, or JFR refused)
 * @param why         why there is none, or null
 * @param thresholdMs the shortest pin recorded, or null when the recording does not say (a file given)
 * @param events      pinned events that ended in the window; null with no recording
 * @param pinnedMs    their durations added up; null with no recording
 * @param sites       where they pinned, the user's code first
 */
public record PinsRecorded(boolean recorded, String why, Double thresholdMs, Long events, Double pinnedMs,
                           List<PinningSite> sites) {
    public PinsRecorded {
        sites = List.copyOf(sites);
    }

    public static PinsRecorded none(String why) {
        return new PinsRecorded(false, why, null, null, null, List.of());
    }
}
