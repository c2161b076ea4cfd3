package loomlab.lab.process;

import java.nio.file.Files;
import java.nio.file.Path;
import loomlab.core.BadInput;

/**
 * Knows where the lab lives and which java runs its children, as the command line found them
 * ({@code loomlab.cli.CliEnvironment}, from the launcher's settings).
 */
public final class JavaLauncher {
    private final Path home;
    private final Path java;

    public JavaLauncher(Path home, Path java) {
        this.home = home;
        this.java = java;
    }

    public Path home() {
        return home;
    }

    public Path java() {
        return java;
    }

    /** A built artefact under the repository root; a clear error when it was not built. */
    public Path jar(String relativePath) {
        Path jar = home.resolve(relativePath);
        if (!Files.isRegularFile(jar)) {
            throw new BadInput(relativePath + " is not built under " + home + ": run ./loomlab build");
        }
        return jar;
    }
}
