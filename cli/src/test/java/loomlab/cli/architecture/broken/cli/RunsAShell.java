package loomlab.cli.architecture.broken.cli;

import java.io.IOException;

/** A command that runs a program through the runtime, the older way past the supervisor. */
public final class RunsAShell {
    private RunsAShell() {
    }

    public static Process date() throws IOException {
        return Runtime.getRuntime().exec(new String[] {"date"});
    }
}
