package loomlab.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import loomlab.core.experiment.Experiment;
import loomlab.core.experiment.Experiments;
import loomlab.core.experiment.Profile;
import loomlab.core.result.RunResult;
import loomlab.core.sweep.Sweep;
import loomlab.lab.env.EnvironmentProbe;
import loomlab.lab.load.LabLoadEngine;
import loomlab.lab.process.JavaLauncher;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.report.ResultFiles;
import loomlab.lab.run.ArmRunners;
import loomlab.lab.run.ExperimentRunner;
import loomlab.lab.run.RunContext;
import loomlab.lab.run.RunOptions;
import loomlab.lab.servers.Servers;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "run", description = "Runs experiments (all of them when none is named) and writes results.json, "
        + "summary.md and report.html.")
final class RunCommand implements Callable<Integer> {
    @Parameters(paramLabel = "NAME", arity = "0..*", description = "Experiments to run (see 'loomlab list').")
    List<String> names = new ArrayList<>();

    @ArgGroup(exclusive = true)
    ProfileChoice profileChoice;

    @Option(names = "--out", paramLabel = "DIR", description = "Where to write results (default "
            + "results/<timestamp>-<names>-<profile>).")
    Path out;

    @Option(names = "--sweep", paramLabel = "PARAMETER=V1,V2,...", description = "Runs each mode's HTTP arms once per "
            + "value: users=1,10,50, pool=10,50,200 (modes with a size) or delay=10,50,200 (ms the downstream call or "
            + "blocking sleep takes).")
    String sweep;

    @Option(names = "--repeat", paramLabel = "K", converter = Converters.PositiveInt.class, description = "Runs each "
            + "HTTP arm K times and reports the median run with the lowest and highest (default 1).")
    int repeat = 1;

    static final class ProfileChoice {
        @Option(names = "--quick", description = "A first look in minutes (default).")
        boolean quick;

        @Option(names = "--full", description = "As long as the seeds measured.")
        boolean full;
    }

    @Override
    public Integer call() throws Exception {
        List<Experiment> chosen = Experiments.standard().select(names);
        Profile profile = profileChoice != null && profileChoice.full ? Profile.FULL : Profile.QUICK;
        ExperimentRunner runner = new ExperimentRunner(ArmRunners.standard(), ResultFiles.standard(),
                new RunOptions(sweep == null ? null : Sweep.parse(sweep), repeat));
        runner.plan(chosen, profile);
        JavaLauncher launcher = JavaLauncher.fromEnvironment();
        Path outDir = (out != null ? out : ExperimentRunner.defaultOutDir(launcher.home(), chosen, profile))
                .toAbsolutePath();
        ProcessSupervisor processes = new ProcessSupervisor();
        PrintStream console = System.out;
        RunContext context = new RunContext(profile, outDir, launcher, processes,
                Servers.standard(launcher, processes), console, Terminal.isInteractive());
        var environment = EnvironmentProbe.probe(launcher.home(), Servers.COMMON_JVM_FLAGS, LabLoadEngine.NAME);
        console.println("Loom Lab: " + chosen.size() + " experiment(s), " + profile.label() + " profile, JDK "
                + environment.jdk() + ", " + environment.cores() + " cores; results in " + outDir);
        RunResult run = runner.run(chosen, context, environment, "loomlab run " + String.join(" ",
                commandWords(profile)));
        console.println();
        console.println("results: " + outDir.resolve("results.json"));
        console.println("summary: " + outDir.resolve("summary.md"));
        console.println("report:  " + outDir.resolve("report.html"));
        boolean allRan = run.experiments().stream().allMatch(e -> e.complete());
        if (!allRan) {
            console.println("some arms did not run; see above");
        }
        return allRan ? 0 : 1;
    }

    private List<String> commandWords(Profile profile) {
        List<String> words = new ArrayList<>(names);
        words.add("--" + profile.label());
        if (sweep != null) {
            words.add("--sweep");
            words.add(sweep);
        }
        if (repeat > 1) {
            words.add("--repeat");
            words.add(Integer.toString(repeat));
        }
        if (out != null) {
            words.add("--out");
            words.add(out.toString());
        }
        return words;
    }
}
