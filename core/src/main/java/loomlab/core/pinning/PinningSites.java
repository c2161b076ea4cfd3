package loomlab.core.pinning;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

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
    /** The address in a hidden class's name, before the method. */
    private static final Pattern HIDDEN_ADDRESS = Pattern.compile("[+/.]0x[0-9a-fA-F]+(?:\\.\\d+)?(?=\\.)");

    /** The JDK's own packages. */
    static final List<String> JDK = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.");
    /**
     * Frameworks and libraries a service is built on, whose frames name no place the user can
     * change: web servers, dependency injection, pools, drivers, serialisers, language runtimes, and
     * the lab's own HTTP core (loomcat's framework).
     */
    static final List<String> FRAMEWORKS = List.of("org.springframework.", "org.apache.catalina.",
            "org.apache.coyote.", "org.apache.tomcat.", "io.quarkus.", "io.vertx.", "io.netty.", "org.jboss.",
            "io.smallrye.", "org.eclipse.jetty.", "io.helidon.", "io.micronaut.", "io.undertow.", "org.glassfish.",
            "jakarta.", "com.zaxxer.hikari.", "io.agroal.", "org.postgresql.", "com.mysql.", "com.fasterxml.jackson.",
            "tools.jackson.", "org.hibernate.", "kotlin.", "kotlinx.", "scala.", "reactor.", "ch.qos.logback.",
            "org.slf4j.", "org.apache.logging.", "loomlab.http.");

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
                .comparing((PinningSite s) -> !isUsers(s.frame(), userPackages))
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
        return withoutHiddenAddress(frames.stream().filter(f -> !isJdkOrFramework(f)).findFirst()
                .orElse(frames.getFirst()));
    }

    /**
     * {@code a.B$C/0x0000000031053000.<clinit>:37} (JFR on JDK 25 may write the slash as a dot; JDK 21
     * writes {@code a.B$C+0x000000080019d000.1729953389.<clinit>:37}) is {@code a.B$C.<clinit>:37}.
     */
    static String withoutHiddenAddress(String frame) {
        return HIDDEN_ADDRESS.matcher(frame).replaceAll("");
    }


    /** True for a frame (written {@code class.method...}) of the JDK or of a framework. */
    public static boolean isJdkOrFramework(String frame) {
        String name = className(frame);
        return JDK.stream().anyMatch(name::startsWith) || FRAMEWORKS.stream().anyMatch(name::startsWith);
    }

    private static boolean isUsers(String frame, Set<String> userPackages) {
        if (frame.equals(NO_STACK) || isJdkOrFramework(frame)) {
            return false;
        }
        String name = className(frame);
        return userPackages.isEmpty() || userPackages.stream().anyMatch(p -> name.startsWith(p + "."));
    }

    /** The class of a frame written {@code class.method:line} or {@code class.method(File.java:line)}. */
    private static String className(String frame) {
        int paren = frame.indexOf('(');
        String head = paren < 0 ? frame : frame.substring(0, paren);
        int colon = head.indexOf(':');
        head = colon < 0 ? head : head.substring(0, colon);
        int method = head.lastIndexOf('.');
        return method < 0 ? head : head.substring(0, method);
    }

    /** The top frames, down to a little below the site so that the stack shows where it was called from. */
    private static List<String> top(List<String> frames, String site) {
        int at = 0;
        while (at < frames.size() && !withoutHiddenAddress(frames.get(at)).equals(site)) {
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
