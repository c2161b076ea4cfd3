package loomlab.cli.architecture.broken.lab;

import java.io.IOException;
import java.util.List;

/** An adapter that starts a program itself instead of through the supervisor, which would stop it with the lab. */
public final class StartsAProcess {
    private StartsAProcess() {
    }

    public static Process uname() throws IOException {
        return new ProcessBuilder(List.of("uname", "-a")).start();
    }
}
