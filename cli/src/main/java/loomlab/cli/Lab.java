package loomlab.cli;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import loomlab.core.arm.ConnectionsArmPlan;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.JdbcArmPlan;
import loomlab.core.arm.NoisyServerArmPlan;
import loomlab.core.arm.PinningArmPlan;
import loomlab.core.arm.TaskArmPlan;
import loomlab.core.experiment.Experiments;
import loomlab.core.reactive.ReactiveArmPlan;
import loomlab.lab.assess.AssessUseCase;
import loomlab.lab.connections.ConnectionsArmRunner;
import loomlab.lab.database.DatabaseTarget;
import loomlab.lab.database.PostgresHost;
import loomlab.lab.jdk.JdkSearch;
import loomlab.lab.jdk.Jdks;
import loomlab.lab.load.Engine;
import loomlab.lab.load.Engines;
import loomlab.lab.load.InstallUseCase;
import loomlab.lab.load.LoadUseCase;
import loomlab.lab.load.engines.StandardEngines;
import loomlab.lab.process.JavaLauncher;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.reactive.ReactiveArmRunner;
import loomlab.lab.report.files.ResultFiles;
import loomlab.lab.run.ArmRunners;
import loomlab.lab.run.HttpArmRunner;
import loomlab.lab.run.JdbcArmRunner;
import loomlab.lab.run.LabServices;
import loomlab.lab.run.NoisyServerArmRunner;
import loomlab.lab.run.PinningArmRunner;
import loomlab.lab.run.RunUseCase;
import loomlab.lab.servers.ServeUseCase;
import loomlab.lab.servers.Servers;
import loomlab.lab.tasks.TaskArmRunner;

/**
 * The lab as the command line assembles it, once, in {@link LoomLab#main}: the composition root, and
 * nothing else. The environment is read once ({@link CliEnvironment}), and from it the lab's own JDK, the
 * supervisor of every child process, the JDKs, the servers' registry, the engines, the report formats,
 * where a throwaway PostgreSQL runs and the console are built here and nowhere else (ArchitectureTest holds
 * every other class to it), and with them each use case: run, assess, serve, load, install. Picocli's factory
 * ({@link LabFactory}) hands this one object to every command that takes it; a command turns its options
 * into a request and hands it to its use case. Building it starts nothing and writes nothing, so bad input
 * still costs nothing; it does no use case's work (ArchitectureTest).
 */
final class Lab {
    private final CliEnvironment environment;
    private final Engines engines;
    private final Jdks jdks;
    private final ResultFiles reports;
    private final PostgresHost postgres;
    private final RunUseCase run;
    private final AssessUseCase assess;
    private final ServeUseCase serve;
    private final LoadUseCase load;
    private final InstallUseCase install;

    private Lab(CliEnvironment environment, PrintStream console) {
        this.environment = environment;
        JavaLauncher java = new JavaLauncher(environment.labHome(), environment.java());
        ProcessSupervisor processes = new ProcessSupervisor();
        this.jdks = Jdks.standard(JdkSearch.standard(environment.labHome(), environment.variables(),
                environment.userHome()), console);
        // The commands keep class-data archives: their runs start the same servers again and again.
        Servers servers = Servers.standard(java, processes).keepingClassData();
        this.engines = StandardEngines.of(environment.labHome());
        this.reports = ResultFiles.standard();
        this.postgres = new PostgresHost(environment.path(), environment.temporaryFolder());
        LabServices services = new LabServices(java, processes, jdks, servers, reports, engines, postgres,
                environment.path(), environment.temporaryFolder(), environment.interactive(), console);
        this.run = new RunUseCase(services, this::armRunners);
        this.assess = new AssessUseCase(services);
        this.serve = new ServeUseCase(servers, postgres, environment.temporaryFolder(), console);
        this.load = new LoadUseCase(engines, processes, environment.path(), environment.temporaryFolder(),
                environment.interactive(), new PrintStream(System.err, true, StandardCharsets.UTF_8));
        this.install = new InstallUseCase(engines, jdks, processes, console);
    }

    /** The lab of this process, from its environment. */
    static Lab fromEnvironment() {
        return of(CliEnvironment.read());
    }

    /** The lab on {@code environment}, printing its progress on standard output. */
    static Lab of(CliEnvironment environment) {
        return new Lab(environment, System.out);
    }

    /**
     * Which runner runs which kind of plan: registered here, in the composition root, so that the run
     * package knows no experiment's runner (tasks, connections, reactive) and none of theirs knows it back.
     *
     * @param database the PostgreSQL server the user named, or null for a throwaway one per experiment
     * @param engine   what measures the HTTP and JDBC arms
     */
    private ArmRunners armRunners(DatabaseTarget database, Engine engine) {
        return new ArmRunners().register(HttpArmPlan.class, new HttpArmRunner(engine))
                .register(JdbcArmPlan.class, new JdbcArmRunner(database, postgres, engine))
                .register(TaskArmPlan.class, new TaskArmRunner())
                .register(NoisyServerArmPlan.class, new NoisyServerArmRunner())
                .register(PinningArmPlan.class, new PinningArmRunner())
                .register(ConnectionsArmPlan.class, new ConnectionsArmRunner())
                .register(ReactiveArmPlan.class, new ReactiveArmRunner());
    }

    // ---- what the commands are handed -----------------------------------------------------------

    CliEnvironment environment() {
        return environment;
    }

    /** The lab's own folder: where results go unless a command is told otherwise. */
    Path home() {
        return environment.labHome();
    }

    /** The engines {@code --engine} offers. */
    Engines engines() {
        return engines;
    }

    /** What {@code --jdk} finds, for {@code loomlab jdks}. */
    Jdks jdks() {
        return jdks;
    }

    /** How a command writes its results: every format, each file atomically. */
    ResultFiles resultFiles() {
        return reports;
    }

    /** Where a throwaway PostgreSQL runs: for the tests that need one. */
    PostgresHost postgres() {
        return postgres;
    }

    /** The experiments this machine runs, for its cores. */
    Experiments experiments() {
        return Experiments.standard(environment.cores());
    }

    RunUseCase run() {
        return run;
    }

    AssessUseCase assess() {
        return assess;
    }

    ServeUseCase serve() {
        return serve;
    }

    LoadUseCase load() {
        return load;
    }

    InstallUseCase install() {
        return install;
    }
}
