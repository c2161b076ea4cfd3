package loomlab.core.frames;

import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Stack frames as the lab shows them to a user: where in their own code something happened. A frame
 * is written {@code class.method:line} (as JFR gives it) or {@code class.method(File.java:line)} (as a
 * thread dump gives it); both read the same here.
 */
public final class Frames {
    /** The JDK's own packages. */
    static final List<String> JDK = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.");
    /**
     * Frameworks and libraries a service is built on, whose frames name no place the user can
     * change: web servers, dependency injection, pools, drivers, HTTP clients (Apache HttpClient 4's
     * {@code org.apache.http}), serialisers, language runtimes, and the lab's own HTTP core (loomcat's
     * framework).
     */
    static final List<String> FRAMEWORKS = List.of("org.springframework.", "org.apache.catalina.",
            "org.apache.coyote.", "org.apache.tomcat.", "io.quarkus.", "io.vertx.", "io.netty.", "org.jboss.",
            "io.smallrye.", "org.eclipse.jetty.", "io.helidon.", "io.micronaut.", "io.undertow.", "org.glassfish.",
            "jakarta.", "com.zaxxer.hikari.", "io.agroal.", "org.postgresql.", "com.mysql.", "com.fasterxml.jackson.",
            "tools.jackson.", "org.hibernate.", "kotlin.", "kotlinx.", "scala.", "reactor.", "ch.qos.logback.",
            "org.slf4j.", "org.apache.logging.", "org.apache.http.", "loomlab.http.");
    /** The address in a hidden class's name, before the method. */
    private static final Pattern HIDDEN_ADDRESS = Pattern.compile("[+/.]0x[0-9a-fA-F]+(?:\\.\\d+)?(?=\\.)");
    /** A thread dump's {@code (File.java:12)}, {@code (Unknown Source)} or {@code (Native Method)}. */
    private static final Pattern SOURCE = Pattern.compile("\\((?:[^():]*:(\\d+)|[^()]*)\\)$");

    private Frames() {
    }

    /** True for a frame of the JDK or of a framework. */
    public static boolean isJdkOrFramework(String frame) {
        return isJdk(frame) || FRAMEWORKS.stream().anyMatch(className(frame)::startsWith);
    }

    public static boolean isJdk(String frame) {
        return JDK.stream().anyMatch(className(frame)::startsWith);
    }

    /**
     * The user's frame of a stack: the first outside the JDK and the frameworks; else the first
     * outside the JDK (a framework's frame still says more than the JDK's); else the top frame; null
     * for an empty stack. A hidden class's address is dropped, so copies of one class read as one.
     */
    public static String userFrame(List<String> frames) {
        if (frames.isEmpty()) {
            return null;
        }
        String frame = frames.stream().filter(f -> !isJdkOrFramework(f)).findFirst()
                .or(() -> frames.stream().filter(f -> !isJdk(f)).findFirst()).orElse(frames.getFirst());
        return compact(frame);
    }

    /** A web server's or framework's frame, the JDK's own HTTP server included: what dispatches requests. */
    public static boolean isServer(String frame) {
        String name = className(frame);
        return name.startsWith("sun.net.httpserver.") || name.startsWith("com.sun.net.httpserver.")
                || (isJdkOrFramework(frame) && !isJdk(frame));
    }

    /**
     * A stack that runs the user's code called by a server's (a user frame above a server frame): a
     * thread serving a request, as opposed to the user's main thread that started the server and waits.
     */
    public static boolean servesRequests(List<String> frames, Set<String> userPackages) {
        boolean userAbove = false;
        for (String frame : frames) {
            if (isUsers(frame, userPackages)) {
                userAbove = true;
            } else if (userAbove && isServer(frame)) {
                return true;
            }
        }
        return false;
    }

    /** True when the frame is in the user's code: outside the JDK and frameworks, in their packages when known. */
    public static boolean isUsers(String frame, Set<String> userPackages) {
        if (frame == null || isJdkOrFramework(frame)) {
            return false;
        }
        String name = className(frame);
        return userPackages.isEmpty() || userPackages.stream().anyMatch(p -> name.startsWith(p + "."));
    }

    /** {@code a.B.m(B.java:12)} is {@code a.B.m:12}; a frame without a line keeps its method only. */
    public static String compact(String frame) {
        var source = SOURCE.matcher(frame);
        String compact = frame;
        if (source.find()) {
            String line = source.group(1);
            compact = frame.substring(0, source.start()) + (line == null ? "" : ":" + line);
        }
        return withoutHiddenAddress(compact);
    }

    /**
     * {@code a.B$C/0x0000000031053000.<clinit>:37} (JFR on JDK 25 may write the slash as a dot; JDK 21
     * writes {@code a.B$C+0x000000080019d000.1729953389.<clinit>:37}) is {@code a.B$C.<clinit>:37}.
     */
    public static String withoutHiddenAddress(String frame) {
        return HIDDEN_ADDRESS.matcher(frame).replaceAll("");
    }

    /** The line of a frame ({@code a.B.m:12}, {@code a.B.m(B.java:12)}), or null when it has none. */
    public static Integer line(String frame) {
        String compact = compact(frame);
        int colon = compact.lastIndexOf(':');
        if (colon < 0) {
            return null;
        }
        try {
            return Integer.parseInt(compact.substring(colon + 1));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The method of a frame without its line: {@code a.B.m:12} is {@code a.B.m}. */
    public static String method(String frame) {
        String compact = compact(frame);
        int colon = compact.lastIndexOf(':');
        return colon < 0 ? compact : compact.substring(0, colon);
    }

    /** The class of a frame written {@code class.method:line} or {@code class.method(File.java:line)}. */
    public static String className(String frame) {
        int paren = frame.indexOf('(');
        String head = paren < 0 ? frame : frame.substring(0, paren);
        int colon = head.indexOf(':');
        head = colon < 0 ? head : head.substring(0, colon);
        int method = head.lastIndexOf('.');
        return method < 0 ? head : head.substring(0, method);
    }

    /** {@code a.b.Outer$Inner} is {@code Outer$Inner}: what a sentence names. */
    public static String simpleClass(String className) {
        int dot = className.lastIndexOf('.');
        return dot < 0 ? className : className.substring(dot + 1);
    }
}
