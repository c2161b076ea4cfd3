package loomlab.lab.compare;

/**
 * One arm's figure in one run, for comparison.
 *
 * @param value the figure, or null when the arm did not run
 * @param low   the lowest of its repeated runs, or null when it ran once
 * @param high  the highest of its repeated runs, or null
 */
public record ArmFigure(String experiment, String arm, Double value, Double low, Double high) {
    public boolean repeated() {
        return low != null && high != null;
    }

    String key() {
        return experiment + "\u0000" + arm;
    }
}
