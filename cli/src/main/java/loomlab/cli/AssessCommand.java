package loomlab.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import loomlab.core.BadInput;
import loomlab.core.arm.Carriers;
import loomlab.core.arm.WeightedPath;
import loomlab.core.arm.WeightedRequest;
import loomlab.core.assess.AssessProfile;
import loomlab.core.experiment.Profile;
import loomlab.lab.assess.AssessArmRunner;
import loomlab.lab.assess.AssessRequest;
import loomlab.lab.assess.CommandLauncher;
import loomlab.lab.assess.RequestsFile;
import loomlab.lab.assess.ServiceLauncher;
import loomlab.lab.assess.SpringBootLauncher;
import loomlab.lab.jdk.JdkRequest;
import loomlab.lab.jdk.JdkSearch;
import loomlab.lab.load.Capability;
import loomlab.lab.load.Engine;
import loomlab.load.Arrivals;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

@Command(name = "assess", mixinStandardHelpOptions = true, description = "Measures what virtual threads buy your own "
        + "service: a closed-model curve, the capacity at a p99 target in the open model, CPU, memory, threads and GC"
        + " pauses, and where virtual threads pin, on its platform pool and on virtual threads (on each --jdk).")
final class AssessCommand implements Callable<Integer> {
    /** For the lab's own integration tests only: the shortest profile that still runs every part. */
    static final String TEST_PROFILE_PROPERTY = "loomlab.assess.testProfile";
    /** With the test profile: how many search steps, for a test that asserts a lead the ramp must reach. */
    static final String TEST_STEPS_PROPERTY = "loomlab.assess.testSteps";
    /** A framework may take long to start on a loaded machine; a service that needs longer is reported. */
    static final Duration READY_LIMIT = Duration.ofSeconds(120);

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Service service;

    static final class Service {
        @Option(names = "--jar", paramLabel = "FILE", required = true, description = "A Spring Boot jar, switched with "
                + "--spring.threads.virtual.enabled=true|false, --server.tomcat.threads.max={pool} and --server.port.")
        Path jar;

        @Option(names = "--cmd", paramLabel = "COMMAND", required = true, description = "Any other service, run without"
                + " a shell (split as a shell splits words), with the placeholders the lab fills in per arm: ${sys:"
                + HelpValues.CMD_PLACEHOLDERS + "}.")
        String command;
    }

    @Option(names = "--extracted", description = "With a --jar built by Spring Boot 3.3 or newer: each thread model"
            + " runs again from the extracted jar (java -Djarmode=tools -jar app.jar extract, into each such arm's"
            + " scratch folder, deleted when its service stops), side by side with the fat jar's arms, and the report"
            + " says what extracting bought: the workaround for Spring Boot's nested-jar loader, whose monitors every"
            + " class or resource lookup from a fat jar takes.")
    boolean extracted;

    @Option(names = "--jvm-arg", paramLabel = "ARG", description = "A JVM option for the --jar service, repeatable"
            + " (--jvm-arg=-Xmx4g), after the lab's own: ${sys:" + HelpValues.JVM_FLAGS + "}, as the lab's servers"
            + " get. A -Xmx or -Xms of yours replaces the lab's. With --cmd, write them into the command.")
    List<String> jvmArgs = new ArrayList<>();

    @Option(names = "--path", paramLabel = "PATH[@WEIGHT]", description = "A path to load with GET (the shorthand of"
            + " --request 'GET PATH'); repeat it to mix paths, PATH@WEIGHT by weight (default 1).")
    List<String> paths = new ArrayList<>();

    /** Each {@code --request} with the {@code --header}s and the {@code --body} that follow it. */
    @ArgGroup(exclusive = false, multiplicity = "0..*")
    List<RequestOptions> requestOptions = new ArrayList<>();

    static final class RequestOptions {
        @Option(names = "--request", required = true, paramLabel = "'METHOD PATH[@WEIGHT]'", description = "A request"
                + " to load: GET, HEAD, POST, PUT, PATCH, DELETE or OPTIONS and a path, weighted as --path; the"
                + " --header and --body options after it are its own. Sent as given: only a 2xx or 3xx answer counts"
                + " as a success.")
        String line;

        @Option(names = "--header", paramLabel = "'Name: value'", description = "A header of the --request before it;"
                + " repeatable. Host replaces the lab's; Content-Length, Transfer-Encoding and Connection are the"
                + " lab's own.")
        List<String> headers = new ArrayList<>();

        @Option(names = "--body", paramLabel = "@FILE|TEXT", description = "The body of the --request before it: a"
                + " file's bytes (@FILE) or the text as UTF-8; sent with its Content-Length.")
        String body;
    }

    @Option(names = "--requests", paramLabel = "FILE", description = "Requests from a JSON file: an array of objects"
            + " with method (default GET), path, headers (an object), body (a string, or JSON sent as its text) or"
            + " body_file (relative to the file), and weight (default 1). Mixed with any --path and --request.")
    Path requestsFile;

    @Option(names = "--pool", paramLabel = "N", converter = Converters.PositiveInt.class, description = "The platform "
            + "arm's pool size (default: the framework's own, 200 for Tomcat).")
    Integer pool;

    /** The p99 target a service is held to unless --slo-p99 says otherwise, in milliseconds. */
    static final int DEFAULT_SLO_P99_MS = 200;

    @Option(names = "--slo-p99", paramLabel = "MS", converter = Converters.PositiveMillis.class, description = "The p99"
            + " latency target of the capacity search, in milliseconds (default " + DEFAULT_SLO_P99_MS + ").")
    double sloP99Ms = DEFAULT_SLO_P99_MS;

    @Option(names = "--ready", paramLabel = "PATH", description = "Polled with GET until it answers 2xx before "
            + "anything is measured (default: the first GET of the mix; needed when the mix has none); a service not"
            + " ready within ${sys:" + HelpValues.READY_LIMIT + "} is reported with its log's last lines.")
    String ready;

    @Option(names = "--carriers", paramLabel = "N[,M...]", description = "Adds a virtual arm per count, run with "
            + "-Djdk.virtualThreadScheduler.parallelism=N alone (maxPoolSize stays the JDK's default, as in the virtual"
            + " arm): the one scheduler setting that bears on stalls, measured rather than advised (1 to "
            + Carriers.MOST + ").")
    String carriers;

    @Option(names = "--arrivals", paramLabel = "poisson|even", description = "How the capacity search spaces its "
            + "arrivals: poisson (default; random gaps, as independent users arrive) or even (wrk2's fixed gaps,"
            + " kinder to p99).")
    String arrivals = "poisson";

    /** Where virtual threads pinned inside synchronized (21) and where they no longer do (25). */
    static final String DEFAULT_JDKS = "21,25";

    @Option(names = "--jdk", paramLabel = "LIST", description = "Every arm on each of these JDKs: feature versions"
            + " (21,25), looked for in " + JdkSearch.ORDER + ", or JDK homes"
            + " (/opt/jdk-21); JDK 21 is installed into the lab's own folder when none is found. Default: "
            + DEFAULT_JDKS + " (21 pins virtual threads inside synchronized, 25 does not). A --cmd takes it through"
            + " {java}; without {java}, --jdk is refused and the command's own java runs. A service whose classes"
            + " need a newer Java than 21 runs on 25 only, and the lab says so.")
    String jdk;

    @Option(names = "--repeat", paramLabel = "N", converter = Converters.PositiveInt.class, description = "Runs the "
            + "arms N times, each run afresh with Poisson arrivals of its own, in the other order every other run; each"
            + " capacity is then the median with its min-max, and a lead is named only where the runs' ranges do not"
            + " overlap (default 1: one run, spread not measured).")
    int repeat = 1;

    /** What drives the closed-model curve: lab (default) or locust; the capacity search is always the lab's. */
    @Option(names = "--engine", paramLabel = "lab|locust", converter = Converters.LoadEngineName.class,
            description = "What drives the closed-model curve: lab (default: the lab's generator) or locust (Locust's"
                    + " master and workers, installed on first use, placed by --workers, --worker-hosts and the options"
                    + " beside them). The capacity search"
                    + " needs arrivals at a fixed rate and always uses the lab's generator.")
    Engine engine;

    @Mixin
    WorkerOptions workers = new WorkerOptions();

    @ArgGroup(exclusive = true)
    Length length;

    static final class Length {
        @Option(names = "--quick", description = "Curve at 1, 16 and 64 users, short steps: two arms in a few minutes"
                + " (default).")
        boolean quick;

        @Option(names = "--full", description = "Curve at 1, 4, 16, 64 and 256 users, 10 s steps after 3 s warm-ups.")
        boolean full;
    }

    @Option(names = "--postgres", description = "Starts the lab's throwaway PostgreSQL for the service (as the jdbc"
            + " experiment does): every arm gets a fresh copy of one template database, so every arm starts from the"
            + " same rows. A --jar gets spring.datasource.url, .username and .password; a --cmd takes {db_url} (JDBC),"
            + " {db_user} and {db_password}. Its CPU and memory are charged to it, not to the service. Gone at the end,"
            + " also on Ctrl-C.")
    boolean postgres;

    @Option(names = "--db-init", paramLabel = "FILE.sql", description = "With --postgres: an SQL script (psql's, so a"
            + " pg_dump's will do) loaded once into the template before the first arm; its first error stops the"
            + " assessment.")
    Path dbInit;

    @Option(names = "--out", paramLabel = "DIR", description = "Where to write results (default "
            + "results/<timestamp>-assess-<profile>).")
    Path out;

    private final Lab lab;

    AssessCommand(Lab lab) {
        this.lab = lab;
    }

    @Override
    public Integer call() throws Exception {
        if (extracted && service.jar == null) {
            throw new BadInput("--extracted is for --jar: the lab extracts a Spring Boot fat jar itself; with --cmd,"
                    + " run the extracted jar in the command (java -Djarmode=tools -jar app.jar extract)");
        }
        List<WeightedRequest> mix = requests();
        List<Carriers> carrierArms = carriers == null ? List.of() : Carriers.parseList(carriers);
        Arrivals spacing = arrivals(arrivals);
        String readyPath = readyPath(mix);
        List<String> javaOptions = jvmArgs();
        ServiceLauncher launcher = service.jar != null ? extractable(SpringBootLauncher.recognise(service.jar, pool)
                .withJvmArgs(javaOptions))
                : CommandLauncher.of(service.command, pool, lab.environment().variables());
        requireDatabaseFor(launcher);
        Engine engine = workers.placed(this.engine != null ? this.engine : lab.engines().defaultEngine(),
                lab.engines());
        JdkOptions jdkOptions = new JdkOptions();
        jdkOptions.list = jdkList(launcher);
        List<JdkRequest> jdks = jdkOptions.requests();
        Profile profile = length != null && length.full ? Profile.FULL : Profile.QUICK;
        AssessProfile timing = Boolean.getBoolean(TEST_PROFILE_PROPERTY)
                ? AssessProfile.TEST.withMaxSteps(Integer.getInteger(TEST_STEPS_PROPERTY, AssessProfile.TEST.maxSteps()))
                : AssessProfile.of(profile);
        // An engine that cannot assess is bad input before anything is installed or started.
        lab.engines().require(engine, Capability.PATH_MIX, "assess");
        AssessRequest request = new AssessRequest(
                new AssessRequest.Service(launcher, readyPath, READY_LIMIT, notes(launcher)),
                new AssessRequest.Load(mix, sloP99Ms, spacing, engine),
                new AssessRequest.Arms(pool, carrierArms, jdks, repeat, extracted),
                new AssessRequest.Database(postgres, dbInit),
                new AssessRequest.Output(profile, timing, out, TypedCommand.of(spec, profile)));
        return lab.assess().assess(request, spec.commandLine().getErr());
    }

    /** With {@code --extracted}, the jar checked for a fat jar Spring Boot's tool can extract. */
    private SpringBootLauncher extractable(SpringBootLauncher jar) {
        return extracted ? jar.extractable() : jar;
    }

    /** The {@code --jvm-arg}s, each a JVM option, for a {@code --jar}: a {@code --cmd} holds its own. */
    List<String> jvmArgs() {
        if (!jvmArgs.isEmpty() && service.jar == null) {
            throw new BadInput("--jvm-arg is for --jar; with --cmd, write the JVM options into the command, e.g."
                    + " --cmd '{java} " + jvmArgs.get(0) + " -jar app.jar --port {port}'");
        }
        for (String arg : jvmArgs) {
            if (!arg.startsWith("-") || arg.equals("-jar") || arg.equals("-cp") || arg.equals("-classpath")) {
                throw new BadInput("--jvm-arg '" + arg + "' is not a JVM option: give one that starts with '-' and"
                        + " takes no separate value, e.g. --jvm-arg=-Xmx4g");
            }
        }
        return jvmArgs;
    }

    /** A command that names the database needs --postgres to have one; checked before anything starts. */
    void requireDatabaseFor(ServiceLauncher launcher) {
        if (dbInit != null && !postgres) {
            throw new BadInput("--db-init needs --postgres: the script is loaded into the lab's own database");
        }
        if (!postgres && launcher instanceof CommandLauncher command && command.template().usesDatabase()) {
            throw new BadInput("--cmd uses {db_url}, {db_user} or {db_password}: give --postgres for a database of"
                    + " the lab's (or write your own database's address into the command)");
        }
        if (dbInit != null && !postgres) {
            throw new BadInput("--db-init needs --postgres: the script is loaded into the lab's own database");
        }
        if (dbInit != null && !Files.isRegularFile(dbInit)) {
            throw new BadInput("--db-init " + dbInit + ": no such file");
        }
    }

    /**
     * The JDKs the arms run on: {@code --jdk}, or 21 and 25; none for a command without {@code {java}}, which
     * runs its own java (and refuses {@code --jdk}, which could not reach it); and without the JDKs too old
     * for a jar's classes, said in one line.
     */
    String jdkList(ServiceLauncher launcher) {
        if (launcher instanceof CommandLauncher command && !command.takesJava()) {
            if (jdk != null) {
                throw new BadInput("--jdk " + jdk + " cannot reach the command: --cmd has no {java}; write {java}"
                        + " where it runs java, e.g. --cmd '{java} -jar app.jar --port {port}'");
            }
            return null;
        }
        String list = jdk != null ? jdk : DEFAULT_JDKS;
        if (!(launcher instanceof SpringBootLauncher jar)) {
            return list;
        }
        Integer needs = jar.releaseNeeded();
        if (needs == null) {
            return list;
        }
        List<JdkRequest> requested = JdkRequest.parse(list);
        List<JdkRequest> kept = requested.stream().filter(r -> !(r instanceof JdkRequest.Feature f)
                || f.feature() >= needs).toList();
        List<Integer> dropped = requested.stream().filter(r -> r instanceof JdkRequest.Feature f && f.feature() < needs)
                .map(r -> ((JdkRequest.Feature) r).feature()).toList();
        if (kept.isEmpty()) {
            throw new BadInput("--jar " + jar.jar().getFileName() + ": its classes need Java " + needs + " or newer,"
                    + " and --jdk " + list + " names none; give --jdk " + Math.max(needs, 25));
        }
        if (!dropped.isEmpty()) {
            spec.commandLine().getOut().println("loomlab: note: " + jar.jar().getFileName() + "'s classes need Java "
                    + needs + " (class-file version " + (needs + 44) + "), newer than " + dropped.stream()
                    .map(String::valueOf).collect(Collectors.joining(" and ")) + ": the assessment"
                    + " runs on JDK " + kept.stream().map(r -> r instanceof JdkRequest.Feature f
                    ? Integer.toString(f.feature()) : ((JdkRequest.Home) r).home().toString())
                    .collect(Collectors.joining(", ")) + " only");
        }
        return kept.stream().map(r -> r instanceof JdkRequest.Feature f ? Integer.toString(f.feature())
                : ((JdkRequest.Home) r).home().toString()).collect(Collectors.joining(","));
    }

    /**
     * Poisson arrivals are drawn for each capacity step from the arrivals seed of its run, a new one each run and
     * recorded in results.json ({@code StepSeeds}): two assessments, or two repeats, do not replay one schedule.
     */
    static Arrivals arrivals(String text) {
        return switch (text == null ? "" : text.trim()) {
            case "poisson" -> AssessArmRunner.POISSON;
            case "even" -> Arrivals.EVEN;
            default -> throw new BadInput("unknown --arrivals '" + text + "'; choose from: poisson, even");
        };
    }

    /** The mix in the order given: each --path, each --request, then the requests file's. */
    List<WeightedRequest> requests() {
        List<WeightedRequest> mix = new ArrayList<>(paths.stream().map(WeightedPath::parse).map(WeightedRequest::get)
                .toList());
        for (RequestOptions request : requestOptions) {
            mix.add(WeightedRequest.parse(request.line, request.headers, body(request)));
        }
        if (requestsFile != null) {
            mix.addAll(RequestsFile.read(requestsFile));
        }
        if (mix.isEmpty()) {
            throw new BadInput("give what to load: --path PATH (a GET), --request 'METHOD PATH' or --requests FILE");
        }
        return mix;
    }

    private static byte[] body(RequestOptions request) {
        if (request.body == null) {
            return null;
        }
        return request.body.startsWith("@") ? RequestsFile.bodyFile(Path.of(request.body.substring(1)), "--body @")
                : WeightedRequest.text(request.body);
    }

    private String readyPath(List<WeightedRequest> mix) {
        if (ready == null) {
            return mix.stream().filter(WeightedRequest::isGet).map(WeightedRequest::path).findFirst()
                    .orElseThrow(() -> new BadInput("--ready PATH is needed: the readiness probe is a GET, and the mix"
                            + " has no GET to take it from"));
        }
        if (!ready.startsWith("/")) {
            throw new BadInput("--ready takes a path that starts with '/', got '" + ready + "'");
        }
        return ready;
    }

    /** What the user should know before the figures, from the options: a command that cannot switch threads. */
    private static List<String> notes(ServiceLauncher launcher) {
        List<String> notes = new ArrayList<>();
        if (launcher instanceof CommandLauncher command && !command.switchesThreads()) {
            notes.add("--cmd has neither {threads} nor {virtual}, so both arms run the same command; only --pool ({pool}) or what the"
                    + " service decides for itself tells them apart");
        }
        return notes;
    }

}
