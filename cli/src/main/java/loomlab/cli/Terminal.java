package loomlab.cli;

/** Whether output goes to a person at a terminal, so that progress may be redrawn in place. */
final class Terminal {
    private Terminal() {
    }

    static boolean isInteractive() {
        java.io.Console console = System.console();
        return console != null && console.isTerminal() && System.getenv("CI") == null;
    }
}
