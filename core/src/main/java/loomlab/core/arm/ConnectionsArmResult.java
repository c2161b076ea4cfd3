package loomlab.core.arm;

import java.util.List;

/**
 * What one arm of the {@code connections} experiment held and what it cost. Memory is the server's
 * resident set, read from {@code /proc} before any connection ({@code rssBaselineMb}) and with every
 * connection open, each time just after a full collection the lab asks for ({@code jcmd PID GC.run},
 * while the connections settle before the hold), so that young-generation garbage does not count as
 * memory the connections take; the messages' round trips count from their intended send times.
 *
 * @param connectSeconds   from the first connect to the last that succeeded
 * @param socketMemoryKb   the kernel's TCP buffers in the namespace, from {@code /proc/net/sockstat}
 * @param serverCpuS       the server's CPU over the hold, from its rate between the hold's samples
 * @param cpuPerMessageUs  that CPU per message of the hold
 * @param firstError       the first refused, reset or failed connection or message, or null
 * @param limit            the limit in force that stopped the arm short of its target, or null
 * @param expectedCap      the count the limits in force allowed, computed before the arm ran
 * @param limitsInForce    every limit that bounds this arm and the count it allows, lowest first: for
 *                         the platform arm, pid_max and max_map_count beside the file limit
 * @param client           the client's own costs and whether it kept to its schedule
 * @param rssByConnections the server's RSS as the connections opened (garbage included: no collection
 *                         is asked for during the ramp)
 */
public record ConnectionsArmResult(ArmKey key, int connectionsTarget, int connectionsHeld, Double connectSeconds,
                                   Double connectRatePerS, Double rssMb, Double rssBaselineMb, Double rssPerConnectionKb,
                                   Double socketMemoryKb, Integer threads, Double serverCpuS, Double cpuPerMessageUs,
                                   long messages, Double messageP50Ms, Double messageP99Ms, Double messageMaxMs,
                                   long errors, ConnectionError firstError, ConnectionLimit limit,
                                   ConnectionCap expectedCap, List<ConnectionCap> limitsInForce,
                                   ClientCosts client, int intervalMs,
                                   int connectRateTargetPerS, List<RssPoint> rssByConnections) implements ArmResult {
    public ConnectionsArmResult {
        rssByConnections = rssByConnections == null ? List.of() : List.copyOf(rssByConnections);
        limitsInForce = limitsInForce == null ? List.of() : List.copyOf(limitsInForce);
    }

    /** True when the arm held every connection it was asked for. */
    public boolean heldTarget() {
        return connectionsHeld >= connectionsTarget;
    }

    /** A refused, reset or failed connection or message: its kind and the message it came with. */
    public record ConnectionError(String kind, String message) {
    }

    /**
     * A limit that stopped the arm: its name as a user would look it up ({@code RLIMIT_NOFILE},
     * {@code vm.max_map_count}, or the error the server met), its value, and the count at which it bit.
     */
    public record ConnectionLimit(String name, Long value, int reachedAt) {
    }

    /** The most connections the limits in force allowed, and the limit that set it. */
    public record ConnectionCap(int count, String limitName, long limitValue) {
    }

    /** The client's own CPU and memory, and its worst lateness behind its schedule. */
    public record ClientCosts(Double cpuS, Double rssMb, Double maxSendLagMs, boolean behindSchedule) {
    }

    /** The server's RSS when {@code connections} were open. */
    public record RssPoint(int connections, double rssMb) {
    }
}
