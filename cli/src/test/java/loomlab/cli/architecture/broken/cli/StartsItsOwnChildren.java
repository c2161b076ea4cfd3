package loomlab.cli.architecture.broken.cli;

import java.nio.file.Path;
import loomlab.lab.process.JavaLauncher;
import loomlab.lab.process.ProcessSupervisor;

/** A command that builds a supervisor and a launcher of its own instead of being handed the root's. */
public final class StartsItsOwnChildren {
    private StartsItsOwnChildren() {
    }

    public static Object call() {
        return new Object[] {new ProcessSupervisor(), new JavaLauncher(Path.of("."), Path.of("java"))};
    }
}
