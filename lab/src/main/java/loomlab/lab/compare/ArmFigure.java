package loomlab.lab.compare;

/**
 * One arm's figure in one run, for comparison.
 *
 * @param arm      the arm's display name, for the table
 * @param identity what the arm is matched by across runs: its key (the JDK it ran on included), or
 *                 its name in a results.json older than arm keys
 * @param value    the figure, or null when the arm did not run
 * @param low      the lowest of its repeated runs, or null when it ran once
 * @param high     the highest of its repeated runs, or null
 */
public record ArmFigure(String experiment, String arm, String identity, Double value, Double low, Double high) {
    public boolean repeated() {
        return low != null && high != null;
    }

    String key() {
        return experiment + "\u0000" + identity;
    }
}
