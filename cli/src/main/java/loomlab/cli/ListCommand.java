package loomlab.cli;

import java.util.concurrent.Callable;
import loomlab.core.experiment.Experiment;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "list", mixinStandardHelpOptions = true, description = "Lists the experiments, with the seed each one reproduces.")
final class ListCommand implements Callable<Integer> {
    private final Lab lab;

    @Spec
    CommandSpec spec;

    ListCommand(Lab lab) {
        this.lab = lab;
    }

    @Override
    public Integer call() {
        var out = spec.commandLine().getOut();
        for (Experiment experiment : lab.experiments().all()) {
            out.printf("%-24s %s%n", experiment.name(), experiment.summary());
        }
        out.flush();
        return 0;
    }
}
