package loomlab.lab.run;

import loomlab.core.sweep.Sweep;

/**
 * How a run varies its experiments' arms.
 *
 * @param sweep   turns each curve of HTTP arms into one arm per value, or null for the arms as planned
 * @param repeats how many times each HTTP arm runs; its figures are then the median run's
 */
public record RunOptions(Sweep sweep, int repeats) {
    public static final RunOptions AS_PLANNED = new RunOptions(null, 1);

    public RunOptions {
        if (repeats < 1) {
            throw new IllegalArgumentException("repeats must be at least 1");
        }
    }
}
