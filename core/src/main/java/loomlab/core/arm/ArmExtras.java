package loomlab.core.arm;

import java.util.List;

/**
 * What an HTTP arm carries beside its figures: the seed's figure, where it sits in a sweep, the
 * spread of repeated runs, a JDBC arm's pools and seed columns, and the flags raised on its figures.
 *
 * @param repeats every run's headline figures when the arm ran several times, or null; the other
 *                figures are then the median run's
 * @param jdbc    a JDBC arm's pools, seed columns and database figures, or null for other arms
 * @param stall   a pinning arm's carriers and how it ended, or null for other arms
 */
public record ArmExtras(Published published, SweepPoint sweep, Repeats repeats, JdbcFigures jdbc,
                        List<ArmFlag> flags, StallOutcome stall) {
    public ArmExtras {
        flags = flags == null ? List.of() : List.copyOf(flags);
    }

    public ArmExtras(Published published, SweepPoint sweep, Repeats repeats, JdbcFigures jdbc, List<ArmFlag> flags) {
        this(published, sweep, repeats, jdbc, flags, null);
    }

    public ArmExtras withRepeats(Repeats spread) {
        return new ArmExtras(published, sweep, spread, jdbc, flags, stall);
    }

    public ArmExtras withJdbc(JdbcFigures figures) {
        return new ArmExtras(published, sweep, repeats, figures, flags, stall);
    }

    public ArmExtras withFlag(ArmFlag flag) {
        List<ArmFlag> more = new java.util.ArrayList<>(flags);
        more.add(flag);
        return new ArmExtras(published, sweep, repeats, jdbc, more, stall);
    }

    public ArmExtras withStall(StallOutcome outcome) {
        return new ArmExtras(published, sweep, repeats, jdbc, flags, outcome);
    }
}
