package loomlab.cli.architecture.broken.report;

import loomlab.cli.architecture.broken.lab.ReadsThePath;

/** A report class that reaches past the core into the lab's adapters. */
public final class UsesARunner {
    private UsesARunner() {
    }

    public static String render() {
        return ReadsThePath.path();
    }
}
