package loomlab.core.assess;

import java.util.List;
import loomlab.core.pinning.PinningSite;

/**
 * What the service's flight recording caught of pinned virtual threads ({@code jdk.VirtualThreadPinned},
 * 20 ms or longer), grouped where the user can act on them.
 *
 * @param events   pinned events, or null when no recording could be read
 * @param pinnedMs their durations added up, or null when unread
 * @param sites    by first frame outside the JDK and the frameworks, the user's own code first
 */
public record PinningFigures(Long events, Double pinnedMs, List<PinningSite> sites) {
    public static final PinningFigures UNREAD = new PinningFigures(null, null, List.of());

    public PinningFigures {
        sites = List.copyOf(sites);
    }

    public boolean read() {
        return events != null;
    }
}
