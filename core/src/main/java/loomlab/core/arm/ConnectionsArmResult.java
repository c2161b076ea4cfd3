package loomlab.core.arm;

import java.util.List;

/**
 * What one arm of the {@code connections} experiment held and what it cost. Memory is the server's
 * resident set, read from {@code /proc} before any connection ({@code rssBaselineMb}) and with every
 * connection open, each time just after a full collection the lab asks for ({@code jcmd PID GC.run},
 * while the connections settle before the hold), so that the garbage the young generation had grown
 * to does not decide the figure; whether the collection lowered the RSS is recorded beside it
 * ({@link RssAroundCollections}): where it did not, the pages the garbage held stay in it. The
 * messages' round trips count from their intended send times.
 *
 * @param connectSeconds   from the first connect to the last that succeeded
 * @param socketMemoryKb   the kernel's TCP buffers in the namespace, from {@code /proc/net/sockstat}
 * @param serverCpuS       the server's CPU over the hold, from its rate between the hold's samples
 * @param cpuPerMessageUs  that CPU per message of the hold
 * @param rssPerConnectionKb (RSS - baseline) / held, or null when unread, or when the RSS with every connection
 *                         open was not above the idle one: a failed measurement, flagged, never 0
 * @param firstError       the first refused, reset or failed connection or message, or null
 * @param limit            the limit the arm met by itself, short of its target (the server's own "limit" line:
 *                         a thread it could not start, a socket it could not accept), or null
 * @param expectedCap      the count the limits in force allowed, computed before the arm ran
 * @param limitsInForce    every limit that bounds this arm and the count it allows, lowest first: for
 *                         the platform arm, pid_max and max_map_count beside the file limit
 * @param client           the client's own costs and whether it kept to its schedule
 * @param rssByConnections the server's RSS as the connections opened (garbage included: no collection
 *                         is asked for during the ramp)
 * @param cappedAt         the count the lab asked for in place of the target, when the limits in force allowed
 *                         fewer ({@code expectedCap}); null when it asked for the target. A cap is predicted, not
 *                         met: the ramp stopped there because the lab asked for no more
 * @param collections      the server's RSS just before and just after each full collection the lab asked for
 */
public record ConnectionsArmResult(ArmKey key, int connectionsTarget, int connectionsHeld, Double connectSeconds,
                                   Double connectRatePerS, Double rssMb, Double rssBaselineMb, Double rssPerConnectionKb,
                                   Double socketMemoryKb, Integer threads, Double serverCpuS, Double cpuPerMessageUs,
                                   long messages, Double messageP50Ms, Double messageP99Ms, Double messageMaxMs,
                                   long errors, ConnectionError firstError, ConnectionLimit limit,
                                   ConnectionCap expectedCap, List<ConnectionCap> limitsInForce,
                                   ClientCosts client, int intervalMs,
                                   int connectRateTargetPerS, List<RssPoint> rssByConnections,
                                   ConnectionCap cappedAt, RssAroundCollections collections) implements ArmResult {
    public ConnectionsArmResult {
        rssByConnections = rssByConnections == null ? List.of() : List.copyOf(rssByConnections);
        limitsInForce = limitsInForce == null ? List.of() : List.copyOf(limitsInForce);
        collections = collections == null ? RssAroundCollections.UNREAD : collections;
    }

    /**
     * The memory each held connection took, in KB: (RSS - baseline) / held; null when either reading is
     * missing, nothing was held, or the RSS with the connections open was not above the idle one, which
     * no connection can make: that reading failed, and 0 KB would claim connections cost nothing.
     */
    public static Double rssPerConnectionKb(Double rssMb, Double baselineMb, int held) {
        if (rssMb == null || baselineMb == null || held <= 0 || !(rssMb > baselineMb)) {
            return null;
        }
        return (rssMb - baselineMb) * 1024 / held;
    }

    /** True when both readings were taken and the RSS with every connection open was not above the idle one. */
    public boolean rssNotAboveIdle() {
        return rssMb != null && rssBaselineMb != null && connectionsHeld > 0 && !(rssMb > rssBaselineMb);
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

    /**
     * The server's resident memory just before and just after each full collection the lab asked for
     * ({@code jcmd PID GC.run}): idle, before any connection, and with every connection open. Each
     * figure null when unread. A collection frees the heap's garbage, but the JVM keeps the pages it
     * committed resident unless it uncommits them, and a full collection touches pages of its own: the
     * RSS after it holds whatever of the garbage's pages the collector did not return.
     */
    public record RssAroundCollections(Double idleBeforeMb, Double idleAfterMb, Double heldBeforeMb,
                                       Double heldAfterMb) {
        public static final RssAroundCollections UNREAD = new RssAroundCollections(null, null, null, null);

        /** Whether the collection with every connection open lowered the RSS; null when either reading is missing. */
        public Boolean heldLowered() {
            return heldBeforeMb == null || heldAfterMb == null ? null : heldAfterMb < heldBeforeMb;
        }

        /** Whether the idle collection, before any connection, lowered the RSS; null when either reading is missing. */
        public Boolean idleLowered() {
            return idleBeforeMb == null || idleAfterMb == null ? null : idleAfterMb < idleBeforeMb;
        }
    }

    /** The server's RSS when {@code connections} were open. */
    public record RssPoint(int connections, double rssMb) {
    }
}
