package loomlab.lab.report.chart;

import java.util.ArrayList;
import java.util.List;

/** A base-10 logarithmic scale: each factor of ten gets the same room. */
public record LogScale(double low, double high) implements Scale {
    public LogScale {
        if (!(low > 0) || !(high > low)) {
            throw new IllegalArgumentException("bad log scale " + low + ".." + high);
        }
    }

    /** Round mantissas for the ends of the scale: close enough to the data not to waste the chart. */
    private static final double[] MANTISSAS = {1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10};

    /** The closest round bounds around the positive values. */
    public static LogScale covering(double min, double max) {
        double low = roundDown(min);
        double high = roundUp(max);
        return new LogScale(low, high > low ? high : roundUp(low * 1.01));
    }

    private static double roundDown(double value) {
        double power = Math.pow(10, Math.floor(Math.log10(value)));
        double mantissa = value / power;
        double rounded = 1;
        for (double m : MANTISSAS) {
            if (m <= mantissa + 1e-9) {
                rounded = m;
            }
        }
        return rounded * power;
    }

    private static double roundUp(double value) {
        double power = Math.pow(10, Math.floor(Math.log10(value)));
        double mantissa = value / power;
        for (double m : MANTISSAS) {
            if (m >= mantissa - 1e-9) {
                return m * power;
            }
        }
        return 10 * power;
    }

    @Override
    public double fraction(double value) {
        return (Math.log10(value) - Math.log10(low)) / (Math.log10(high) - Math.log10(low));
    }

    /**
     * Every power of ten in range, with 2 and 5 times each when the scale spans up to two decades,
     * and round linear steps when it spans less than one.
     */
    @Override
    public List<Tick> ticks() {
        double decades = Math.log10(high / low);
        if (decades < 1) {
            // Within one decade powers of ten say nothing; round linear steps read better.
            return LinearScale.covering(low, high, false).ticks().stream()
                    .filter(t -> t.value() >= low * 0.999999 && t.value() <= high * 1.000001).toList();
        }
        List<Tick> ticks = new ArrayList<>();
        double[] multiples = decades <= 2.01 ? new double[] {1, 2, 5} : new double[] {1};
        for (int exponent = (int) Math.floor(Math.log10(low)); exponent <= (int) Math.ceil(Math.log10(high));
             exponent++) {
            for (double multiple : multiples) {
                double value = multiple * Math.pow(10, exponent);
                if (value >= low * 0.999999 && value <= high * 1.000001) {
                    ticks.add(new Tick(value, Numbers.label(value, value)));
                }
            }
        }
        // Label the ends too when they fall between powers of ten, unless a tick sits close by.
        if (ticks.isEmpty() || Math.log10(ticks.getFirst().value() / low) > 0.25) {
            ticks.addFirst(new Tick(low, Numbers.label(low, low)));
        }
        if (Math.log10(high / ticks.getLast().value()) > 0.25) {
            ticks.add(new Tick(high, Numbers.label(high, high)));
        }
        return ticks;
    }

    @Override
    public boolean shows(double value) {
        return value > 0 && Double.isFinite(value);
    }
}
