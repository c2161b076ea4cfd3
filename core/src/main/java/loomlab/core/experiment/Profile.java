package loomlab.core.experiment;

import loomlab.threads.Spelled;

/** How long an experiment runs: {@code quick} for a first look, {@code full} as the seeds measured. */
public enum Profile implements Spelled {
    QUICK,
    FULL;

    public <T> T pick(T quick, T full) {
        return this == QUICK ? quick : full;
    }
}
