package loomlab.lab.report.chart;

import java.util.List;

/** A scale whose ticks are given rather than computed. */
record FixedTicks(Scale scale, List<Tick> ticks) implements Scale {
    FixedTicks {
        ticks = List.copyOf(ticks);
    }

    @Override
    public double fraction(double value) {
        return scale.fraction(value);
    }

    @Override
    public boolean shows(double value) {
        return scale.shows(value);
    }
}
