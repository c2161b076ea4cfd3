package loomlab.lab.report.chart;

import java.util.List;

/**
 * Maps data values onto an axis: the fraction of the axis's length at which a value is drawn, and
 * the ticks to label it with.
 */
public sealed interface Scale permits LinearScale, LogScale, FixedTicks {
    /** 0 at the start of the axis, 1 at its end. */
    double fraction(double value);

    List<Tick> ticks();

    /** False for values this scale cannot show, e.g. zero on a log scale. */
    boolean shows(double value);

    /** This scale with its own ticks replaced, e.g. percentiles written as 99.9% instead of 1000. */
    default Scale withTicks(List<Tick> ticks) {
        return new FixedTicks(this, ticks);
    }
}
