package loomlab.cli.architecture.broken.lab;

/** An adapter that reads a system property. */
public final class ReadsASetting {
    private ReadsASetting() {
    }

    public static boolean debug() {
        return Boolean.getBoolean("loomlab.debug");
    }
}
