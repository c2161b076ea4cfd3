package loomlab.lab.assess;

/**
 * A Java agent the lab puts into the user's service ({@code -javaagent:...=LABPID}): it ends the
 * service politely (so its flight recording is written) soon after the lab is gone, even when the
 * lab was killed with -9 and never got to stop it. The servers of the lab's own watch its pid
 * themselves; a user's service knows nothing of the lab, so this agent does it for them.
 *
 * <p>It is packed alone into a jar of its own ({@link WatchAgentJar}), so it uses the JDK only and
 * nothing of the lab: no other class of the lab lands on the service's class path.
 */
public final class ParentWatchAgent {
    private static final long POLL_MILLIS = 200;
    private static final long HALT_AFTER_MILLIS = 15_000;

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
        var lab = ProcessHandle.of(pid);
        if (lab.isEmpty()) {
            System.err.println("loomlab watch agent: process " + pid + " is already gone; stopping");
            System.exit(0);
        }
        // Remembering the start time guards against the pid being reused by an unrelated process.
        var started = lab.get().info().startInstant();
        Thread watcher = new Thread(() -> {
            while (true) {
                var now = ProcessHandle.of(pid);
                if (now.isEmpty() || !now.get().isAlive()
                        || (started.isPresent() && !started.equals(now.get().info().startInstant()))) {
                    break;
                }
                try {
                    Thread.sleep(POLL_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
            }
            System.err.println("loomlab watch agent: the lab (process " + pid + ") is gone; stopping");
            Thread halt = new Thread(() -> {
                try {
                    Thread.sleep(HALT_AFTER_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
                Runtime.getRuntime().halt(1);
            }, "loomlab-watch-halt");
            halt.setDaemon(true);
            halt.start();
            System.exit(0);
        }, "loomlab-watch-" + pid);
        watcher.setDaemon(true);
        watcher.start();
    }
}
