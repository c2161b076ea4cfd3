package loomlab.core.connections;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import loomlab.core.arm.ConnectionsArmResult.ConnectionCap;

/**
 * The limits in force that bound how many connections one thread-per-connection server can hold,
 * read before an arm runs. Each connection takes a file descriptor in the server and one in the
 * client; a platform thread per connection also takes a kernel task (within {@code kernel.pid_max}
 * and {@code kernel.threads-max}, shared by the whole machine) and about two memory maps, its stack
 * and the guard page below it (within {@code vm.max_map_count}, per process). A null limit is unknown
 * and bounds nothing.
 *
 * @param openFiles   the open-files limit the server and the client run with (RLIMIT_NOFILE)
 * @param pidMax      {@code kernel.pid_max}
 * @param threadsMax  {@code kernel.threads-max}
 * @param tasksInUse  kernel tasks (threads) running on the machine now, from {@code /proc/loadavg}
 * @param maxMapCount {@code vm.max_map_count}
 */
public record ConnectionLimits(Long openFiles, Long pidMax, Long threadsMax, Long tasksInUse, Long maxMapCount) {
    /** Files a JVM keeps for itself beside the sockets: jars, the JDK's modules, logs, selectors. */
    public static final int FILES_RESERVED = 256;
    /** Tasks left to the rest of the machine, so the arm does not starve it of processes. */
    public static final int TASKS_RESERVED = 512;
    /** Maps a JVM holds before any connection: its heap, code cache, libraries and threads. */
    public static final int MAPS_RESERVED = 1_000;
    /** glibc maps a thread's stack and, below it, a guard page: two maps per platform thread. */
    public static final int MAPS_PER_THREAD = 2;

    public static final String OPEN_FILES = "RLIMIT_NOFILE";
    public static final String PID_MAX = "kernel.pid_max";
    public static final String THREADS_MAX = "kernel.threads-max";
    public static final String MAX_MAP_COUNT = "vm.max_map_count";

    /** Every limit that bounds the arm, the count it allows, lowest first. */
    public List<ConnectionCap> caps(boolean virtual) {
        List<ConnectionCap> caps = new ArrayList<>();
        if (openFiles != null) {
            caps.add(new ConnectionCap(clamp(openFiles - FILES_RESERVED), OPEN_FILES, openFiles));
        }
        if (!virtual) {
            long inUse = tasksInUse == null ? 0 : tasksInUse;
            if (pidMax != null) {
                caps.add(new ConnectionCap(clamp(pidMax - inUse - TASKS_RESERVED), PID_MAX, pidMax));
            }
            if (threadsMax != null) {
                caps.add(new ConnectionCap(clamp(threadsMax - inUse - TASKS_RESERVED), THREADS_MAX, threadsMax));
            }
            if (maxMapCount != null) {
                caps.add(new ConnectionCap(clamp((maxMapCount - MAPS_RESERVED) / MAPS_PER_THREAD), MAX_MAP_COUNT,
                        maxMapCount));
            }
        }
        caps.sort(Comparator.comparingInt(ConnectionCap::count));
        return caps;
    }

    /** The limit that allows the fewest connections, or null when none is known. */
    public ConnectionCap cap(boolean virtual) {
        List<ConnectionCap> caps = caps(virtual);
        return caps.isEmpty() ? null : caps.get(0);
    }

    /**
     * What a user changes to raise a limit on their own machine: for the kernel's, the sysctl; for
     * the file limit, {@code ulimit -n} within the hard limit, which only root with
     * {@code CAP_SYS_RESOURCE} (or limits.conf at login) raises.
     */
    public static String remedy(String limitName) {
        return switch (limitName) {
            case OPEN_FILES -> "raise the open-files limit (ulimit -n, or LimitNOFILE= for a systemd service)";
            case PID_MAX -> "raise kernel.pid_max (sysctl -w kernel.pid_max=4194304)";
            case THREADS_MAX -> "raise kernel.threads-max (sysctl -w kernel.threads-max=...)";
            case MAX_MAP_COUNT -> "raise vm.max_map_count (sysctl -w vm.max_map_count=262144)";
            default -> null;
        };
    }

    private static int clamp(long count) {
        return (int) Math.max(0, Math.min(Integer.MAX_VALUE, count));
    }
}
