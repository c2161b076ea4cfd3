package loomlab.core.experiment;

import java.util.Locale;

/** How long an experiment runs: {@code quick} for a first look, {@code full} as the seeds measured. */
public enum Profile {
    QUICK,
    FULL;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public <T> T pick(T quick, T full) {
        return this == QUICK ? quick : full;
    }
}
