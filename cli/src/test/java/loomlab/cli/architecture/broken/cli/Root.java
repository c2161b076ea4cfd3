package loomlab.cli.architecture.broken.cli;

import java.nio.file.Path;
import loomlab.lab.process.JavaLauncher;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.servers.Servers;

/** The composition root, which is where the infrastructure is built. */
public final class Root {
    final ProcessSupervisor processes = new ProcessSupervisor();
    final Servers servers = Servers.standard(new JavaLauncher(Path.of("."), Path.of("java")), processes);
}
