package loomlab.core.assess;

/**
 * How a capacity search steps.
 *
 * @param sloP99Ms      the p99 target, from the intended send time
 * @param floorRps      the lowest rate it tries: failing there means the capacity is below it
 * @param capRps        the highest rate it offers: passing there means the capacity is at least it
 * @param growth        the ramp's factor from one rate to the next, up or down
 * @param precision     the bracket it bisects to: high / low at most 1 + precision
 * @param confirmations how many more times the final rate is measured before it counts
 * @param maxSteps      a bound on the steps, whatever happens
 * @param generatorLoops the lab generator's event loops, whose CPU bounds the rates it can send
 *                      ({@link GeneratorCeiling}); 0 when the generator is not the lab's or not known
 */
public record SearchSettings(double sloP99Ms, double floorRps, double capRps, double growth, double precision,
                             int confirmations, int maxSteps, int generatorLoops) {
    /** With no generator ceiling read from the steps. */
    public SearchSettings(double sloP99Ms, double floorRps, double capRps, double growth, double precision,
                          int confirmations, int maxSteps) {
        this(sloP99Ms, floorRps, capRps, growth, precision, confirmations, maxSteps, 0);
    }

    /** The same, the generator running {@code loops} event loops. */
    public SearchSettings withGeneratorLoops(int loops) {
        return new SearchSettings(sloP99Ms, floorRps, capRps, growth, precision, confirmations, maxSteps, loops);
    }

    public SearchSettings {
        if (!(sloP99Ms > 0) || !(floorRps > 0) || !(capRps >= floorRps) || !(growth > 1) || !(precision > 0)
                || confirmations < 0 || maxSteps < 1 || generatorLoops < 0) {
            throw new IllegalArgumentException("bad search settings: " + sloP99Ms + " ms, " + floorRps + ".." + capRps
                    + " req/s, x" + growth + ", " + precision + ", " + confirmations + ", " + maxSteps);
        }
    }
}
