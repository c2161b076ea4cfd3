package loomlab.cli.architecture.broken.core;

import java.time.Instant;

/** A core class that reads the clock. */
public final class ReadsTheClock {
    private ReadsTheClock() {
    }

    public static Instant now() {
        return Instant.now();
    }
}
