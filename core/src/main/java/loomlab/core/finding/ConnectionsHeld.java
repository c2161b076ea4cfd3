package loomlab.core.finding;

import java.util.List;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ConnectionsArmResult.ConnectionCap;
import loomlab.core.arm.ConnectionsArmResult.ConnectionError;
import loomlab.core.arm.ConnectionsArmResult.ConnectionLimit;
import loomlab.core.arm.ConnectionsArmResult.RssAroundCollections;

/**
 * How many connections an arm held against its target, what it cost, and why it held fewer: the cap
 * the lab put on its request from the limits in force (predicted before it ran), or a limit the ramp
 * met by itself, beside that cap.
 *
 * @param limit       the limit the ramp met by itself, or null when it met none (it held what it asked for,
 *                    or failed below any limit)
 * @param cap         the count the limits in force allowed, or null when none was known
 * @param further     the limits beyond {@code cap}, next lowest first: what would stop the arm once it is raised
 * @param errors      refused or reset connections and failed messages; reaching a limit is not one
 * @param cappedAt    the count the lab asked for in place of the target, or null when it asked for the target
 * @param collections the server's RSS around the full collections the lab asked for
 */
public record ConnectionsHeld(ArmKey arm, int target, int held, ConnectionLimit limit, ConnectionCap cap,
                              List<ConnectionCap> further,
                              long errors, ConnectionError firstError, Double rssPerConnectionKb,
                              Double connectRatePerS, Integer threads, ConnectionCap cappedAt,
                              RssAroundCollections collections) implements ConnectionsFinding {
    public ConnectionsHeld {
        further = further == null ? List.of() : List.copyOf(further);
        collections = collections == null ? RssAroundCollections.UNREAD : collections;
    }

    /** Held what it was asked for, or all that the lab's cap or a limit it met allowed, without an error. */
    public boolean heldAllowed() {
        return errors == 0 && (held >= target || cappedAt != null && held >= cappedAt.count()
                || limit != null && held >= limit.reachedAt());
    }
}
