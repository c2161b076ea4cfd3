package loomlab.lab.compare;

import loomlab.core.arm.ArmKey;

/**
 * One arm's figure in one run, for comparison.
 *
 * @param arm      the arm's display name, for the table
 * @param identity what the arm is matched by across runs: its key as results.json holds it, read back
 *                 whole, with the JDK it ran on always named
 * @param value    the figure, or null when the arm did not run
 * @param low      the lowest of its repeated runs, or null when it ran once
 * @param high     the highest of its repeated runs, or null
 * @param load     what the arm's load was (the profile, the request's own wait, the users' pause, the
 *                 planned duration): arms whose loads differ are not compared; null when unknown
 * @param ran      false when the arm failed or was skipped; an arm that ran may still have no figure
 *                 of the metric (an assessed arm has a capacity, not a throughput)
 */
public record ArmFigure(String experiment, String arm, ArmKey identity, Double value, Double low, Double high,
                        String load, boolean ran) {
    /** An arm that ran exactly when it has the figure. */
    public ArmFigure(String experiment, String arm, ArmKey identity, Double value, Double low, Double high,
                     String load) {
        this(experiment, arm, identity, value, low, high, load, value != null);
    }

    /** An arm whose load is not known, as in a results.json older than profiles. */
    public ArmFigure(String experiment, String arm, ArmKey identity, Double value, Double low, Double high) {
        this(experiment, arm, identity, value, low, high, null);
    }

    public boolean repeated() {
        return low != null && high != null;
    }

    /** What two runs' figures are matched by: the same experiment and the same key. */
    Match match() {
        return new Match(experiment, identity);
    }

    record Match(String experiment, ArmKey identity) {
    }
}
