package loomlab.lab.report.chart;

import java.util.List;
import java.util.function.DoubleFunction;

/**
 * How a chart's axis is scaled and titled.
 *
 * @param title       what the axis measures, with its unit
 * @param kind        linear, log, or log only when the values span more than {@link #AUTO_LOG_RATIO}
 * @param fromZero    a linear axis starts at zero (counts, rates, sizes)
 * @param domain      a fixed range instead of the data's, or null
 * @param ticks       ticks to show instead of computed ones, or null
 * @param valueText   how a value of this axis reads in a tooltip
 */
public record Axis(String title, Kind kind, boolean fromZero, Range domain, List<Tick> ticks,
                   DoubleFunction<String> valueText) {
    /** Above this ratio of largest to smallest value an automatic axis turns logarithmic. */
    public static final double AUTO_LOG_RATIO = 30;

    public enum Kind { LINEAR, LOG, AUTO }

    /** The values an axis spans. */
    public record Range(double min, double max) {
    }

    public static Axis linear(String title) {
        return new Axis(title, Kind.LINEAR, true, null, null, Numbers::value);
    }

    public static Axis log(String title) {
        return new Axis(title, Kind.LOG, false, null, null, Numbers::value);
    }

    public static Axis auto(String title) {
        return new Axis(title, Kind.AUTO, true, null, null, Numbers::value);
    }

    public Axis withDomain(double min, double max) {
        return new Axis(title, kind, fromZero, new Range(min, max), ticks, valueText);
    }

    public Axis withTicks(List<Tick> fixed) {
        return new Axis(title, kind, fromZero, domain, List.copyOf(fixed), valueText);
    }

    public Axis withValueText(DoubleFunction<String> text) {
        return new Axis(title, kind, fromZero, domain, ticks, text);
    }

    /** The scale for these values (NaN and, on a log axis, non-positive values are left out). */
    Scale scaleFor(List<Double> values) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        double minPositive = Double.POSITIVE_INFINITY;
        for (double v : values) {
            if (Double.isFinite(v)) {
                min = Math.min(min, v);
                max = Math.max(max, v);
                if (v > 0) {
                    minPositive = Math.min(minPositive, v);
                }
            }
        }
        if (domain != null) {
            min = domain.min();
            max = domain.max();
            minPositive = domain.min() > 0 ? domain.min() : minPositive;
        }
        if (min == Double.POSITIVE_INFINITY) {
            min = 0;
            max = 1;
        }
        boolean log = switch (kind) {
            case LOG -> true;
            case LINEAR -> false;
            case AUTO -> minPositive < Double.POSITIVE_INFINITY && max / minPositive > AUTO_LOG_RATIO;
        };
        Scale scale;
        if (!log) {
            scale = LinearScale.covering(min, max, fromZero);
        } else if (domain != null && domain.min() > 0) {
            scale = new LogScale(domain.min(), domain.max());
        } else if (minPositive < Double.POSITIVE_INFINITY) {
            scale = LogScale.covering(minPositive, Math.max(max, minPositive));
        } else {
            scale = new LogScale(1, 10); // nothing positive to show: an empty decade
        }
        return ticks == null ? scale : scale.withTicks(ticks);
    }
}
