package loomlab.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import loomlab.core.BadInput;
import loomlab.core.experiment.Experiment;
import loomlab.core.experiment.Experiments;
import loomlab.core.experiment.Profile;
import loomlab.core.result.ExperimentResult;
import loomlab.core.result.RunResult;
import loomlab.core.sweep.Sweep;
import loomlab.lab.database.DatabaseTarget;
import loomlab.lab.env.EnvironmentProbe;
import loomlab.lab.jdk.Jdk;
import loomlab.lab.load.EngineChoice;
import loomlab.lab.report.ResultFiles;
import loomlab.lab.run.ArmRunners;
import loomlab.lab.run.ExperimentRunner;
import loomlab.lab.run.RunContext;
import loomlab.lab.run.RunOptions;
import loomlab.lab.servers.ServerJdks;
import loomlab.lab.servers.Servers;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Parameters;

@Command(name = "run", mixinStandardHelpOptions = true, description = "Runs experiments (all of them when none is named); each run writes "
        + "results.json, summary.md and report.html into its folder.")
final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

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
            + "arm measured over HTTP (${sys:" + HelpValues.REPEATABLE + "}) K times and reports the median run with the"
            + " lowest and highest; other arms run once and say so (default 1).")
    int repeat = 1;

    @Mixin
    EngineOptions engineOptions = new EngineOptions();

    @Option(names = "--no-watchdog", description = "Runs without the watchdog, only to measure what it costs: a hang "
            + "then waits for request timeouts, and every arm records that it was not watched.")
    boolean noWatchdog;

    @Option(names = "--db-url", paramLabel = "URL", description = "An existing PostgreSQL for the database "
            + "experiments, jdbc:postgresql://HOST:PORT/DATABASE (its blogposts table is replaced), instead of a "
            + "throwaway one.")
    String dbUrl;

    @Option(names = "--db-user", paramLabel = "USER", description = "The user for --db-url.")
    String dbUser;

    @NotRecorded
    @Option(names = "--db-password", paramLabel = "PASSWORD", description = "The password for --db-url.")
    String dbPassword;

    @Mixin
    ThreadLimitOptions threadLimits = new ThreadLimitOptions();

    @Mixin
    ConnectionsOptions connections = new ConnectionsOptions();

    @Mixin
    JdkOptions jdkOptions = new JdkOptions();

    static final class ProfileChoice {
        @Option(names = "--quick", description = "A first look in minutes (default).")
        boolean quick;

        @Option(names = "--full", description = "As long as the seeds measured.")
        boolean full;
    }

    @Override
    public Integer call() throws Exception {
        List<Experiment> chosen = connections.applyTo(threadLimits.applyTo(Experiments.standard(
                Runtime.getRuntime().availableProcessors()))).select(names);
        Profile profile = profileChoice != null && profileChoice.full ? Profile.FULL : Profile.QUICK;
        EngineChoice engine = engineOptions.choice();
        engine.engine().requireInstalled(CliEnvironment.path());
        Sweep sweepOption = sweep == null ? null : Sweep.parse(sweep);
        jdkOptions.requests();
        DatabaseTarget database = database();
        // Plans are checked before a JDK or Locust is looked for or installed: bad input costs nothing.
        new ExperimentRunner(ArmRunners.standard(), ResultFiles.standard(), new RunOptions(sweepOption, repeat))
                .plan(chosen, profile);
        LabSession session = new LabSession();
        PrintStream console = session.console();
        session.prepare(engine);
        // A JDK named that cannot be found is bad input too: said before any results folder exists.
        List<Jdk> named = session.named(jdkOptions);
        Path outDir = session.resultsFolder(out, chosen, profile);
        ExperimentRunner runner = new ExperimentRunner(ArmRunners.standard(database, engine),
                ResultFiles.standard(), new RunOptions(sweepOption, repeat, named.stream().map(Jdk::feature).toList()));
        ServerJdks jdks;
        try (Servers.Trainings trainings = session.trainAhead(runner.plan(chosen, profile), outDir)) {
            jdks = session.jdks(named, runner.jdksNeeded(chosen));
            trainings.finish();
        }
        RunContext context = session.context(profile, outDir, jdks);
        if (noWatchdog) {
            context = context.withoutWatchdog();
        }
        var environment = EnvironmentProbe.probe(session.labHome(), Servers.recordedJvmFlags(), engine.description())
                .withServerJdks(jdks.described());
        console.println("Loom Lab: " + chosen.size() + " experiment(s), " + profile.label() + " profile, JDK "
                + environment.jdk() + ", " + environment.cores() + " cores; results in " + outDir);
        if (!environment.serverJdks().isEmpty()) {
            console.println("servers under test on JDK " + String.join(", JDK ", environment.serverJdks()));
        }
        jdks.missing().forEach((feature, why) -> console.println("no JDK " + feature + ": its arms are skipped (" + why
                + ")"));
        RunResult run = runner.run(chosen, context, environment, TypedCommand.of(spec, profile));
        session.finish(outDir);
        // Skipped arms (no database, no tool) said why and how to enable them; only broken arms fail the run.
        boolean anyFailed = run.experiments().stream().anyMatch(ExperimentResult::anyFailed);
        if (anyFailed) {
            console.println("some arms failed; see above");
        } else if (!run.experiments().stream().allMatch(ExperimentResult::complete)) {
            console.println("some arms were skipped; see above for how to enable them");
        }
        return anyFailed ? 1 : 0;
    }

    /** The server named with --db-url, or null for a throwaway one; the password never leaves here. */
    private DatabaseTarget database() {
        if (dbUrl == null) {
            if (dbUser != null || dbPassword != null) {
                throw new BadInput((dbUser != null ? "--db-user" : "--db-password") + " needs --db-url as well");
            }
            return null;
        }
        return new DatabaseTarget(dbUrl, dbUser, dbPassword);
    }
}
