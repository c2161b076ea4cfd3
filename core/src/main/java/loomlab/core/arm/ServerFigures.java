package loomlab.core.arm;

import java.util.List;
import loomlab.core.pinning.PinningSite;

/**
 * What the arm's server process was and used: its usage over the measured window, the virtual
 * threads its flight recording caught pinned (over its whole life), and the JDK it ran on.
 *
 * @param usage        CPU, RSS, threads, requests served, connection waits
 * @param pinnedEvents {@code jdk.VirtualThreadPinned} events, null when no recording could be read
 * @param pinnedMs     their durations added up
 * @param pinningSites where they pinned, the user's own code first; empty when none or not read
 * @param jdk          the runtime version the server ran on, e.g. {@code 21.0.8+9-LTS}, or null
 */
public record ServerFigures(ServerUsage usage, Long pinnedEvents, Double pinnedMs, List<PinningSite> pinningSites,
                            String jdk) {
    public ServerFigures {
        usage = usage == null ? ServerUsage.UNKNOWN : usage;
        pinningSites = pinningSites == null ? List.of() : List.copyOf(pinningSites);
    }

    public static ServerFigures of(ServerUsage usage) {
        return new ServerFigures(usage, null, null, List.of(), null);
    }

    public ServerFigures withPinning(Long events, Double totalMs, List<PinningSite> sites) {
        return new ServerFigures(usage, events, totalMs, sites, jdk);
    }

    public ServerFigures withJdk(String runtimeVersion) {
        return new ServerFigures(usage, pinnedEvents, pinnedMs, pinningSites, runtimeVersion);
    }
}
