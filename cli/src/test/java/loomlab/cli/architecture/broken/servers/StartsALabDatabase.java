package loomlab.cli.architecture.broken.servers;

import loomlab.cli.architecture.broken.lab.ReadsThePath;

/** A server (or its test) that uses the lab's own code. */
public final class StartsALabDatabase {
    private StartsALabDatabase() {
    }

    public static String start() {
        return ReadsThePath.path();
    }
}
