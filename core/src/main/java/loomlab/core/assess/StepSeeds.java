package loomlab.core.assess;

import java.util.List;

/**
 * The seed of each capacity step's Poisson arrivals, from the seed of the run it belongs to. Within a
 * run, every arm's first step at a rate gets the same seed, so arms compared at one rate meet the same
 * arrivals (paired); a rate measured again (a confirmation, a first step measured once more, a step the
 * generator sent late) gets a seed of its own, so a second look is not the same draw twice. Each run
 * draws its own seed, so repeats measure the spread that the arrivals themselves make too.
 */
public final class StepSeeds {
    /**
     * Seeds stay below 2^53, so results.json holds them exactly for any reader, JavaScript's among them.
     */
    public static final long LIMIT = 1L << 53;

    private StepSeeds() {
    }

    /** The seed of the {@code occurrence}-th step (1-based) at one rate in a run whose seed is {@code runSeed}. */
    public static long of(long runSeed, int occurrence) {
        if (occurrence < 1) {
            throw new IllegalArgumentException("occurrences count from 1, got " + occurrence);
        }
        return occurrence == 1 ? Math.floorMod(runSeed, LIMIT) : Math.floorMod(mix(runSeed + occurrence
                * 0x9E3779B97F4A7C15L), LIMIT);
    }

    /** Which occurrence of its rate a step at {@code rateRps} would be after {@code measured}: 1 for the first. */
    public static int occurrence(List<CapacityStep> measured, double rateRps) {
        return 1 + (int) measured.stream().filter(s -> s.rateRps() == rateRps).count();
    }

    /** SplitMix64's finaliser: nearby inputs give unrelated outputs. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
