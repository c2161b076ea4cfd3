package loomlab.cli.architecture.broken.cli;

/** The command line, which is where the environment is read. */
public final class ReadsTheEnvironment {
    private ReadsTheEnvironment() {
    }

    public static String home() {
        return System.getProperty("loomlab.home", System.getenv("HOME"));
    }
}
