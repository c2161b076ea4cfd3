package loomlab.core.finding;

import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ConnectionsArmResult.ConnectionCap;
import loomlab.core.arm.ConnectionsArmResult.ConnectionError;
import loomlab.core.arm.ConnectionsArmResult.ConnectionLimit;

/**
 * How many connections an arm held against its target, what it cost, and, when it stopped short,
 * the limit in force that stopped it beside the cap computed from the limits before it ran.
 *
 * @param limit    the limit reached, or null when the arm held its target or failed below any limit
 * @param cap      the count the limits in force allowed, or null when none was known
 * @param further  the limits beyond {@code cap}, next lowest first: what would stop the arm once it is raised
 * @param errors   refused or reset connections and failed messages; reaching a limit is not one
 */
public record ConnectionsHeld(ArmKey arm, int target, int held, ConnectionLimit limit, ConnectionCap cap,
                              java.util.List<ConnectionCap> further,
                              long errors, ConnectionError firstError, Double rssPerConnectionKb,
                              Double connectRatePerS, Integer threads) implements ConnectionsFinding {
    public ConnectionsHeld {
        further = further == null ? java.util.List.of() : java.util.List.copyOf(further);
    }

    /** Held what it was asked for, or all that the limit in force allowed, without an error. */
    public boolean heldAllowed() {
        return errors == 0 && (held >= target || limit != null && held >= limit.reachedAt());
    }
}
