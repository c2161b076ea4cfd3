package loomlab.cli.architecture.broken.lab;

/** An adapter that reads the environment itself instead of being handed what the command line read. */
public final class ReadsThePath {
    private ReadsThePath() {
    }

    public static String path() {
        return System.getenv("PATH");
    }
}
