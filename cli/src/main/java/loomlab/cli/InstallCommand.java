package loomlab.cli;

import java.util.concurrent.Callable;
import loomlab.core.BadInput;
import loomlab.lab.load.locust.LocustInstall;
import loomlab.lab.process.JavaLauncher;
import loomlab.lab.process.ProcessSupervisor;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code loomlab install locust}: what {@code --engine locust} installs on first use, now (for CI, or
 * before going offline).
 */
@Command(name = "install", mixinStandardHelpOptions = true, description = "Installs Locust " + LocustInstall.VERSION
        + " into the lab's own virtual environment, as --engine locust does on first use.")
final class InstallCommand implements Callable<Integer> {
    static final String LOCUST = "locust";

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "TOOL", description = "What to install: " + LOCUST + ".")
    String tool;

    @Override
    public Integer call() throws Exception {
        if (!LOCUST.equals(tool)) {
            throw new BadInput("cannot install '" + tool + "'; choose from: " + LOCUST);
        }
        LocustInstall install = new LocustInstall(JavaLauncher.fromEnvironment().home());
        var out = spec.commandLine().getOut();
        if (install.installed()) {
            out.println("Locust " + LocustInstall.VERSION + " is installed in " + install.folder());
        } else {
            install.ensure(System.out, new ProcessSupervisor());
        }
        out.flush();
        return 0;
    }
}
