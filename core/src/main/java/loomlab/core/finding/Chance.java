package loomlab.core.finding;

/**
 * How often two arms that measure the same would still show ranges apart, given how many samples each
 * range holds: the check a reader can make on a lead named from ranges.
 *
 * <p>If both arms measure the same, their {@code first + second} samples are exchangeable: every order of
 * them is as likely as any other. The first arm's samples all lie below the second's in one of the
 * {@code C(first + second, first)} ways to choose which samples are the first arm's, and all above in one
 * more, so ranges come apart by chance {@code 2 / C(first + second, first)} of the time: 1 in 3 with two
 * samples each, 1 in 10 with three, 1 in 126 with five. Ranges that hold brackets rather than points
 * (a capacity lies between the rate that passed and the one that failed) come apart less often, so the
 * figure is an upper bound there.
 *
 * @param first   how many samples the first range holds
 * @param second  how many the second holds
 * @param ifEqual the chance that ranges of these sizes come apart when the two arms measure the same
 */
public record Chance(int first, int second, double ifEqual) {
    /** The most chance of a fluke a lead accepts: 1 in 20. */
    public static final double ENOUGH = 0.05;

    public Chance {
        if (first < 1 || second < 1) {
            throw new IllegalArgumentException("a range holds one sample or more, got " + first + " and " + second);
        }
        if (ifEqual != apart(first, second)) {
            throw new IllegalArgumentException("the chance follows from the samples: " + apart(first, second)
                    + " for " + first + " and " + second + ", not " + ifEqual);
        }
    }

    /** The chance for ranges of {@code first} and {@code second} samples. */
    public static Chance of(int first, int second) {
        return new Chance(first, second, apart(first, second));
    }

    /** Ranges of this many samples each that come apart are a lead: their chance is within {@link #ENOUGH}. */
    public boolean enough() {
        return ifEqual <= ENOUGH;
    }

    /** {@code 126} for {@code 1 in 126}: how many times two equal arms are measured for one such fluke. */
    public double oneIn() {
        return 1 / ifEqual;
    }

    /** The fewest samples each of two equal-sized ranges needs before ranges apart are {@link #enough()}. */
    public static int samplesNeeded() {
        int k = 1;
        while (apart(k, k) > ENOUGH) {
            k++;
        }
        return k;
    }

    /** {@code 2 / C(first + second, first)}, at most 1. */
    static double apart(int first, int second) {
        double ways = 1;
        // C(n, k) built up as a product of ratios, exact for the small counts ranges hold.
        for (int i = 1; i <= first; i++) {
            ways = ways * (second + i) / i;
        }
        return Math.min(1, 2 / Math.rint(ways));
    }
}
