package loomlab.cli.architecture.broken.cli;

import java.nio.file.Path;
import loomlab.lab.process.JavaLauncher;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.run.ArmRunners;

/**
 * A command that builds a supervisor and a launcher of its own instead of being handed the root's, and
 * registers the runners of its arms, which only the root and the use cases do.
 */
public final class StartsItsOwnChildren {
    private StartsItsOwnChildren() {
    }

    public static Object call() {
        return new Object[] {new ProcessSupervisor(), new JavaLauncher(Path.of("."), Path.of("java")),
                new ArmRunners()};
    }
}
