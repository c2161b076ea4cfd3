package loomlab.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import loomlab.core.experiment.LoomBenchmarkTable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code loomlab jmh}: seed 003's JMH table on its own. It is the {@code jmh} experiment run exactly
 * as {@code loomlab run jmh} runs it (same runner, same result files), so the two never drift apart.
 */
@Command(name = "jmh", mixinStandardHelpOptions = true, description = "Runs seed 003's JMH table (platformThreadPerTask, platformThreadPool, "
        + "virtualThreadPerTask) and writes results.json, summary.md and report.html, as 'loomlab run jmh' does.")
final class JmhCommand implements Callable<Integer> {
    static final String EXPERIMENT = new LoomBenchmarkTable().name();

    /** This command's own parse: the run records the command line the user typed, {@code loomlab jmh ...}. */
    @Spec
    CommandSpec spec;

    @ArgGroup(exclusive = true)
    RunCommand.ProfileChoice profileChoice;

    @Option(names = "--out", paramLabel = "DIR", description = "Where to write results (default "
            + "results/<timestamp>-jmh-<profile>).")
    Path out;

    private final Lab lab;

    JmhCommand(Lab lab) {
        this.lab = lab;
    }

    @Override
    public Integer call() throws Exception {
        return asRun().call();
    }

    /** The equivalent {@code run jmh} command. */
    RunCommand asRun() {
        RunCommand run = new RunCommand(lab);
        run.names = List.of(EXPERIMENT);
        run.profileChoice = profileChoice;
        run.out = out;
        run.spec = spec;
        return run;
    }
}
