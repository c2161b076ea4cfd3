package loomlab.lab.report.chart;

import java.util.ArrayList;
import java.util.List;

/**
 * A linear scale from {@code low} to {@code high} with ticks every {@code step}; the bounds are
 * whole steps, so the axis starts and ends on a labelled value.
 */
public record LinearScale(double low, double high, double step) implements Scale {
    private static final int TARGET_TICKS = 5;

    public LinearScale {
        if (!(high > low) || !(step > 0)) {
            throw new IllegalArgumentException("bad linear scale " + low + ".." + high + " step " + step);
        }
    }

    /** The smallest scale of round steps that covers the values; from zero when they are all positive. */
    public static LinearScale covering(double min, double max, boolean fromZero) {
        double low = fromZero ? Math.min(0, min) : min;
        double high = max;
        if (!(high > low)) {
            high = low == 0 ? 1 : low + Math.abs(low) * 0.5 + 1e-9;
        }
        double step = niceStep((high - low) / TARGET_TICKS);
        return new LinearScale(Math.floor(low / step) * step, Math.ceil(high / step - 1e-9) * step, step);
    }

    /** 1, 2 or 5 times a power of ten: the steps people read without effort. */
    static double niceStep(double rough) {
        double power = Math.pow(10, Math.floor(Math.log10(rough)));
        double mantissa = rough / power;
        double nice = mantissa <= 1 ? 1 : mantissa <= 2 ? 2 : mantissa <= 5 ? 5 : 10;
        return nice * power;
    }

    @Override
    public double fraction(double value) {
        return (value - low) / (high - low);
    }

    @Override
    public List<Tick> ticks() {
        List<Tick> ticks = new ArrayList<>();
        long count = Math.round((high - low) / step);
        for (long i = 0; i <= count; i++) {
            double value = low + i * step;
            ticks.add(new Tick(value, Numbers.label(value, step, Math.max(Math.abs(low), Math.abs(high)))));
        }
        return ticks;
    }

    @Override
    public boolean shows(double value) {
        return Double.isFinite(value);
    }
}
