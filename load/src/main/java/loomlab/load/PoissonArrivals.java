package loomlab.load;

import java.util.Arrays;

/**
 * Arrivals of a Poisson process: the gap before request {@code i + 1} is exponential with mean
 * {@code 1 / rate}, drawn from a hash of the seed and {@code i} (SplitMix64), so the whole schedule is
 * a pure function of (rate, seed, index): no random state, no clock, the same run after run. Offsets
 * are sums of whole-nanosecond gaps, exact however long the run; they are kept as they are first
 * asked for (every loop walks its indices upwards), so an offset costs one addition on average.
 * Not thread-safe: each event loop has its own.
 */
public final class PoissonArrivals implements ArrivalSchedule {
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private final double requestsPerSecond;
    private final long seed;
    private long[] offsets = new long[1024];
    private int known = 1; // offsets[0] = 0: the first arrival at the start

    public PoissonArrivals(double requestsPerSecond, long seed) {
        if (!(requestsPerSecond > 0) || Double.isInfinite(requestsPerSecond)) {
            throw new IllegalArgumentException("rate must be a positive finite number of requests per second, got "
                    + requestsPerSecond);
        }
        this.requestsPerSecond = requestsPerSecond;
        this.seed = seed;
    }

    @Override
    public long offsetNanos(long index) {
        if (index < 0) {
            throw new IllegalArgumentException("an arrival index is not negative, got " + index);
        }
        if (index >= Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("too many arrivals for one run: " + index);
        }
        int wanted = (int) index;
        while (known <= wanted) {
            if (known == offsets.length) {
                offsets = Arrays.copyOf(offsets, offsets.length * 2);
            }
            offsets[known] = offsets[known - 1] + gapNanos(known - 1);
            known++;
        }
        return offsets[wanted];
    }

    /** The gap after arrival {@code index}: {@code -ln(1 - u) / rate} for a uniform u in [0, 1) from the hash. */
    long gapNanos(long index) {
        double uniform = (mix(seed + (index + 1) * GOLDEN_GAMMA) >>> 11) * 0x1.0p-53;
        return Math.round(-Math.log1p(-uniform) / requestsPerSecond * 1e9);
    }

    /** SplitMix64's finaliser: spreads consecutive inputs over all 64 bits. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
