package loomlab.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import loomlab.core.BadInput;
import loomlab.core.experiment.Experiment;
import loomlab.core.experiment.Profile;
import loomlab.core.sweep.Sweep;
import loomlab.lab.database.DatabaseTarget;
import loomlab.lab.jdk.JdkRequest;
import loomlab.lab.load.Engine;
import loomlab.lab.run.RunRequest;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

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
            + "arm measured over HTTP, and task throughput's and fairness's (${sys:" + HelpValues.REPEATABLE + "}), K times and reports the median run with the"
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

    private final Lab lab;

    RunCommand(Lab lab) {
        this.lab = lab;
    }

    @Override
    public Integer call() throws Exception {
        List<Experiment> chosen = connections.applyTo(threadLimits.applyTo(lab.experiments())).select(names);
        Profile profile = profileChoice != null && profileChoice.full ? Profile.FULL : Profile.QUICK;
        // The engine is checked while the options are, before anything is installed.
        Engine engine = engineOptions.choice(lab.engines()).requireInstalled(lab.environment().path());
        Sweep sweepOption = sweep == null ? null : Sweep.parse(sweep);
        List<JdkRequest> jdks = jdkOptions.requests();
        DatabaseTarget database = database();
        return lab.run().run(new RunRequest(chosen, profile, out, sweepOption, repeat, engine, database, jdks,
                !noWatchdog, TypedCommand.of(spec, profile)));
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
