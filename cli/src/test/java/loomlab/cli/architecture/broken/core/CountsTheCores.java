package loomlab.cli.architecture.broken.core;

/** A core class that reads the machine it runs on. */
public final class CountsTheCores {
    private CountsTheCores() {
    }

    public static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }
}
