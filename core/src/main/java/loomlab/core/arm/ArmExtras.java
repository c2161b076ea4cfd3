package loomlab.core.arm;

import java.util.ArrayList;
import java.util.List;
import loomlab.core.breakage.WatchReport;

/**
 * What an HTTP arm carries beside its figures: the seed's figure, where it sits in a sweep, the
 * spread of repeated runs, a JDBC arm's pools and seed columns, the flags raised on its figures,
 * what the watchdog saw of it, and the carriers it ran with when the arm set them.
 *
 * @param repeats  every run's headline figures when the arm ran several times, or null; the other
 *                 figures are then the median run's
 * @param jdbc     a JDBC arm's pools, seed columns and database figures, or null for other arms
 * @param watch    how the arm ended, the hang that ended it and the stalls on the way
 * @param carriers the virtual-thread scheduler's parallelism the arm set, or null when it set none
 */
public record ArmExtras(Published published, SweepPoint sweep, Repeats repeats, JdbcFigures jdbc,
                        List<ArmFlag> flags, WatchReport watch, Integer carriers) {
    public ArmExtras {
        flags = flags == null ? List.of() : List.copyOf(flags);
        watch = watch == null ? WatchReport.NOT_WATCHED : watch;
    }

    public ArmExtras(Published published, SweepPoint sweep, Repeats repeats, JdbcFigures jdbc, List<ArmFlag> flags) {
        this(published, sweep, repeats, jdbc, flags, null, null);
    }

    public ArmExtras withRepeats(Repeats spread) {
        return new ArmExtras(published, sweep, spread, jdbc, flags, watch, carriers);
    }

    public ArmExtras withJdbc(JdbcFigures figures) {
        return new ArmExtras(published, sweep, repeats, figures, flags, watch, carriers);
    }

    public ArmExtras withFlag(ArmFlag flag) {
        List<ArmFlag> more = new ArrayList<>(flags);
        more.add(flag);
        return new ArmExtras(published, sweep, repeats, jdbc, more, watch, carriers);
    }

    public ArmExtras withWatch(WatchReport report, Integer carrierCount) {
        return new ArmExtras(published, sweep, repeats, jdbc, flags, report, carrierCount);
    }
}
