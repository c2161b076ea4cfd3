package loomlab.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code loomlab install NAME}: what a run installs on first use (an engine's own install, JDK 21), now
 * (for CI, or before going offline). What it offers comes from the lab, so its help too.
 */
@Command(name = "install", mixinStandardHelpOptions = true, description = {"Installs now what a run installs on first use"
        + " (${sys:" + HelpValues.INSTALL_PRODUCTS + "}), into the lab's own folder.", "${sys:" + HelpValues.INSTALL_LINES
        + "}"})
final class InstallCommand implements Callable<Integer> {
    private final Lab lab;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "TOOL", description = "What to install: ${sys:" + HelpValues.INSTALL_CHOICES + "}.")
    String tool;

    InstallCommand(Lab lab) {
        this.lab = lab;
    }

    @Override
    public Integer call() throws Exception {
        lab.install().install(tool, spec.commandLine().getOut());
        return 0;
    }
}
