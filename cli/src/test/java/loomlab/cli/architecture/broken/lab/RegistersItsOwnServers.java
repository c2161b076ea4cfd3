package loomlab.cli.architecture.broken.lab;

import loomlab.lab.process.JavaLauncher;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.servers.Servers;

/** An adapter that builds the servers' registry for itself, deep inside a run. */
public final class RegistersItsOwnServers {
    private RegistersItsOwnServers() {
    }

    public static Servers servers(JavaLauncher java, ProcessSupervisor processes) {
        return Servers.standard(java, processes);
    }
}
