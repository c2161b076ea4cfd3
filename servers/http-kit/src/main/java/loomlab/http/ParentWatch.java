package loomlab.http;

import java.time.Instant;
import java.util.Optional;

/**
 * Ends this process soon after the process that started it is gone, even if that parent was killed
 * with -9 and never got to stop its children: no server outlives the lab.
 */
public final class ParentWatch {
    /** System property naming the parent's pid, an alternative to {@code --parent-pid}. */
    public static final String PROPERTY = "loomlab.parent.pid";
    static final long POLL_MILLIS = 200;

    private ParentWatch() {
    }

    /**
     * Watches the process that the {@value #PROPERTY} system property names, when it names one: the
     * lab names itself, so that a lab killed outright still leaves no server behind.
     */
    public static void startIfNamed() {
        String pid = System.getProperty(PROPERTY);
        if (pid != null && !pid.isBlank()) {
            start(Long.parseLong(pid.strip()));
        }
    }

    /** Starts a daemon thread that calls {@code System.exit(0)} within about a second of {@code pid} ending. */
    public static void start(long pid) {
        Optional<ProcessHandle> parent = ProcessHandle.of(pid);
        // Remembering the start time guards against the pid being reused by an unrelated process.
        Optional<Instant> started = parent.flatMap(handle -> handle.info().startInstant());
        Thread watcher = new Thread(() -> {
            while (isAlive(pid, started)) {
                try {
                    Thread.sleep(POLL_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
            }
            System.err.println("parent process " + pid + " is gone; stopping");
            System.exit(0);
        }, "parent-watch-" + pid);
        watcher.setDaemon(true);
        watcher.start();
    }

    static boolean isAlive(long pid, Optional<Instant> startedAt) {
        Optional<ProcessHandle> handle = ProcessHandle.of(pid);
        if (handle.isEmpty() || !handle.get().isAlive()) {
            return false;
        }
        Optional<Instant> now = handle.get().info().startInstant();
        return startedAt.isEmpty() || now.isEmpty() || startedAt.equals(now);
    }
}
