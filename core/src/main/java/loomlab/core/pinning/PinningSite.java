package loomlab.core.pinning;

import java.util.List;

/**
 * Where virtual threads pinned their carriers, as the user needs to find it: the first frame that
 * is neither the JDK's nor a framework's, how often and how long it pinned, and the top frames of
 * one such stack.
 *
 * @param frame    the site, e.g. {@code com.example.Orders.reserve(Orders.java:42)}
 * @param events   pinned events at this site
 * @param pinnedMs their durations added up
 * @param stack    the top frames of the first stack seen at this site
 */
public record PinningSite(String frame, long events, double pinnedMs, List<String> stack) {
    public PinningSite {
        stack = List.copyOf(stack);
    }
}
