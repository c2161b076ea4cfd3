package loomlab.http;

/**
 * The parent watch as a Java agent ({@code -javaagent:JAR=PID}), for a JVM that knows nothing of
 * the lab: a user's service under {@code loomlab assess}, which the lab cannot ask to watch its pid
 * the way its own servers do. It ends the service politely (so its flight recording is written)
 * soon after the lab is gone, even when the lab was killed with -9.
 *
 * <p>The lab packs this class and {@link ParentWatch} alone into a jar of their own, so they use
 * the JDK only; compiled for release 21 with the servers, so JDK 21 services can load it.
 */
public final class ParentWatchAgent {
    private ParentWatchAgent() {
    }

    public static void premain(String arguments) {
        long pid;
        try {
            pid = Long.parseLong(arguments == null ? "" : arguments.strip());
        } catch (NumberFormatException e) {
            System.err.println("loomlab watch agent: expected the lab's pid, got '" + arguments + "'; not watching");
            return;
        }
        ParentWatch.start(pid);
    }
}
