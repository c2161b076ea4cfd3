package loomlab.core.arm;

import java.util.List;

/**
 * What an HTTP arm carries beside its figures: the seed's figure, where it sits in a sweep, the
 * spread of repeated runs, a JDBC arm's pools and seed columns, and the flags raised on its figures.
 *
 * @param repeats every run's headline figures when the arm ran several times, or null; the other
 *                figures are then the median run's
 * @param jdbc    a JDBC arm's pools, seed columns and database figures, or null for other arms
 */
public record ArmExtras(Published published, SweepPoint sweep, Repeats repeats, JdbcFigures jdbc,
                        List<ArmFlag> flags) {
    public ArmExtras {
        flags = flags == null ? List.of() : List.copyOf(flags);
    }
}
