package loomlab.core.pinning;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import loomlab.core.frames.Frames;

/**
 * Pinned events grouped where a user can act on them: by the first frame of the stack that is
 * neither the JDK's nor a framework's. Sites in the user's own code come first (by pinned time, then
 * events); sites with nothing but JDK and framework frames after them, named by their top frame.
 */
public final class PinningSites {
    /** How many frames of a site's first stack are kept at least... */
    static final int STACK_FRAMES = 8;
    /** ...and below the site frame, when it sits deeper (a blocking call deep in the JDK), at most this many. */
    static final int FRAMES_BELOW_SITE = 2;
    static final int MAX_STACK_FRAMES = 24;
    /** What a site with no frame at all is called. */
    static final String NO_STACK = "(no stack recorded)";

    private PinningSites() {
    }

    /**
     * @param userPackages the user's own packages when known (e.g. a Spring Boot jar's Start-Class
     *                     package); empty means every frame outside the JDK and frameworks is the user's
     */
    public static List<PinningSite> group(List<PinnedEvent> events, Set<String> userPackages) {
        Map<String, Accumulating> sites = new LinkedHashMap<>();
        for (PinnedEvent event : events) {
            String frame = siteFrame(event.frames());
            sites.computeIfAbsent(frame, f -> new Accumulating(f, top(event.frames(), f))).add(event);
        }
        Comparator<PinningSite> order = Comparator
                .comparing((PinningSite s) -> s.frame().equals(NO_STACK) || !Frames.isUsers(s.frame(), userPackages))
                .thenComparing(Comparator.comparingDouble(PinningSite::pinnedMs).reversed())
                .thenComparing(Comparator.comparingLong(PinningSite::events).reversed());
        return sites.values().stream().map(Accumulating::site).sorted(order).toList();
    }

    /**
     * The first frame outside the JDK and the frameworks, else the top frame; a hidden class's
     * address is dropped from its name, so the copies of one class (a class defined per request, a
     * lambda's) are one site.
     */
    static String siteFrame(List<String> frames) {
        if (frames.isEmpty()) {
            return NO_STACK;
        }
        return Frames.withoutHiddenAddress(frames.stream().filter(f -> !Frames.isJdkOrFramework(f)).findFirst()
                .orElse(frames.getFirst()));
    }

    /** The top frames, down to a little below the site so that the stack shows where it was called from. */
    private static List<String> top(List<String> frames, String site) {
        int at = 0;
        while (at < frames.size() && !Frames.withoutHiddenAddress(frames.get(at)).equals(site)) {
            at++;
        }
        int kept = Math.clamp(at < frames.size() ? at + 1 + FRAMES_BELOW_SITE : 0, STACK_FRAMES, MAX_STACK_FRAMES);
        return frames.subList(0, Math.min(kept, frames.size()));
    }

    /** A site as its events are added. */
    private static final class Accumulating {
        private final String frame;
        private final List<String> stack;
        private long events;
        private double pinnedMs;

        Accumulating(String frame, List<String> stack) {
            this.frame = frame;
            this.stack = new ArrayList<>(stack);
        }

        void add(PinnedEvent event) {
            events++;
            pinnedMs += event.durationMs();
        }

        PinningSite site() {
            return new PinningSite(frame, events, pinnedMs, stack);
        }
    }
}
