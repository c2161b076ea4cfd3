package loomlab.lab.servers;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import loomlab.core.BadInput;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.lab.jfr.PinningRecording;
import loomlab.lab.process.ChildDied;
import loomlab.lab.process.ChildProcess;
import loomlab.lab.process.JavaLauncher;
import loomlab.lab.process.ProcessSupervisor;

/** The servers the lab can start, each in its own JVM, and the flags every one of them gets. */
public final class Servers {
    /** Frameworks need longer than loomcat to start, and a loaded CI machine longer still. */
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);
    private static final Pattern LISTENING = Pattern.compile("listening on (http://([^\\s/:]+):(\\d+))");

    /** Heap sized so that no arm is limited by GC pressure; identical for every mode. */
    public static final List<String> COMMON_JVM_FLAGS = List.of("-Xms256m", "-Xmx2g", "-XX:+ExitOnOutOfMemoryError");

    /** The flags as results.json records them: the common ones, and the recording every server under test adds. */
    public static List<String> recordedJvmFlags() {
        List<String> flags = new ArrayList<>(COMMON_JVM_FLAGS);
        flags.add("-XX:StartFlightRecording:filename=logs/<arm>-<server>.jfr,settings=logs/pinning.jfc,"
                + "dumponexit=true (servers under test, not the downstream service)");
        flags.add("-XX:SharedArchiveFile=servers/<server>/target/class-data/<server>-<JDK>-<build>.jsa (Spring MVC,"
                + " WebFlux and Quarkus: their classes archived by one training start per JDK and build; start-up"
                + " only)");
        flags.add("-Djava.io.tmpdir=logs/<arm>-tmp (a folder of the server's own, deleted when it stops: Tomcat's"
                + " and Vert.x's temporary files do not outlive the run)");
        return flags;
    }

    private final Map<ServerId, ServerUnderTest> byId = new LinkedHashMap<>();
    private final JavaLauncher launcher;
    private final ProcessSupervisor processes;
    private final boolean keepsClassData;

    /** Servers started from their jars as they are, with no class-data archive (the tests' servers). */
    public Servers(JavaLauncher launcher, ProcessSupervisor processes, List<ServerUnderTest> servers) {
        this(launcher, processes, servers, false);
    }

    private Servers(JavaLauncher launcher, ProcessSupervisor processes, List<ServerUnderTest> servers,
                    boolean keepsClassData) {
        this.launcher = launcher;
        this.processes = processes;
        this.keepsClassData = keepsClassData;
        servers.forEach(s -> byId.put(s.id(), s));
    }

    /**
     * The same servers, each that can keep a {@link ClassDataArchive} on the lab's JDK: what the
     * commands choose, whose runs start the same servers again and again. A test that starts a server
     * once would pay a training start for nothing.
     */
    public Servers keepingClassData() {
        return new Servers(launcher, processes, List.copyOf(byId.values()), true);
    }

    /**
     * Every server the lab can start: the one list a new server joins. A server that needs a database
     * ({@link ServerUnderTest#needsDatabase()}, Quarkus) is given one in its options.
     */
    private static List<ServerUnderTest> standardServers() {
        return List.of(new Loomcat(), new SpringBoot(), new Webflux(), new Quarkus(), new Downstream());
    }

    public static Servers standard(JavaLauncher launcher, ProcessSupervisor processes) {
        return new Servers(launcher, processes, standardServers());
    }

    /** What {@link #standard} can start, in its order. */
    public static List<ServerId> standardIds() {
        return standardServers().stream().map(ServerUnderTest::id).toList();
    }

    /** The server spelled so on the command line; bad input naming the choices otherwise. */
    public ServerUnderTest named(String spelling) {
        return byId.values().stream().filter(s -> s.id().id().equals(spelling)).findFirst()
                .orElseThrow(() -> new BadInput("unknown server '" + spelling + "'; choose from: " + choices()));
    }

    private String choices() {
        return String.join(", ", byId.keySet().stream().map(ServerId::id).toList());
    }

    public ServerUnderTest get(ServerId id) {
        ServerUnderTest server = byId.get(id);
        if (server == null) {
            throw new BadInput(id.id() + " cannot be started here; choose from: " + choices());
        }
        return server;
    }

    /** The lab's own java, for servers that run on no chosen JDK. */
    public ServerJava labJava() {
        return ServerJava.lab(launcher.java());
    }

    /** The full command line, with the flags the lab adds, for the record and for {@code serve}. */
    public List<String> command(ServerId id, ServingModel model, ServerJava java, ServerOptions options) {
        return command(id, model, java, options, null);
    }

    private List<String> command(ServerId id, ServingModel model, ServerJava java, ServerOptions options,
                                 Path recording) {
        return command(id, model, java, options, recording, classDataFlags(id, java));
    }

    private List<String> classDataFlags(ServerId id, ServerJava java) {
        return classData(id, java).map(ClassDataArchive::flags).orElse(List.of());
    }

    private List<String> command(ServerId id, ServingModel model, ServerJava java, ServerOptions options,
                                 Path recording, List<String> startFlags) {
        List<String> flags = new ArrayList<>(COMMON_JVM_FLAGS);
        flags.addAll(startFlags);
        flags.add(ProcessSupervisor.parentWatchFlag());
        if (recording != null) {
            flags.add(PinningRecording.startFlag(recording));
        }
        return get(id).command(launcher, java.java(), flags, model, options);
    }

    /**
     * The class-data archive of a server that keeps one ({@link ServerUnderTest#sharesClassData()}), on
     * the lab's own JDK: the one every run starts its servers on again and again. A server on another
     * JDK (JDK 21 beside it) starts a few times at most, fewer than a training start would repay.
     */
    private Optional<ClassDataArchive> classData(ServerId id, ServerJava java) {
        ServerUnderTest server = get(id);
        if (!keepsClassData || !server.sharesClassData()
                || !java.runtimeVersion().equals(labJava().runtimeVersion())) {
            return Optional.empty();
        }
        try {
            return Optional.of(ClassDataArchive.of(launcher.jar(server.artefact()), id.id(), java.runtimeVersion()));
        } catch (IOException e) {
            return Optional.empty(); // the start then runs without one, and fails on the jar if it is missing
        }
    }

    /**
     * Makes the server's class-data archive for this JDK when it keeps one and it is not made yet: one
     * start of the server as the arm asks for it, stopped once it listens, its log beside the arm's
     * ({@code log}). A training that fails leaves no archive, and the arm's own start says why.
     * {@link #start} calls it; a caller that starts the {@link #command} itself calls it first.
     */
    public void prepare(ServerId id, ServingModel model, ServerJava java, ServerOptions options, Path log)
            throws IOException, InterruptedException {
        Optional<Training> training = train(id, model, java, options, log.resolveSibling(stem(log) + "-class-data.log"));
        if (training.isPresent()) {
            training.get().finish();
        }
    }

    /**
     * Starts, side by side, the training of every server of {@code ids} that keeps an archive on the lab's
     * JDK, has none yet and needs no database (that one trains at its first arm, where its database is),
     * each in its default model with its log in {@code logs}; {@link Trainings#finish} waits for them. A
     * run starts them before anything is measured, while its JDKs are looked for: side by side they end
     * sooner than one after the other (docs/measurements.md, "Start-up: what an arm's start and stop cost").
     */
    public Trainings trainAhead(Collection<ServerId> ids, Path logs) throws IOException {
        Trainings trainings = new Trainings();
        try {
            for (ServerId id : new LinkedHashSet<>(ids)) {
                ServerUnderTest server = byId.get(id);
                if (server != null && !server.needsDatabase()) {
                    train(id, server.defaultModel(), labJava(), ServerOptions.NONE,
                            logs.resolve(id.id() + "-class-data.log")).ifPresent(trainings.started::add);
                }
            }
        } catch (IOException | RuntimeException e) {
            trainings.close();
            throw e;
        }
        return trainings;
    }

    /** A training start under way: kept as the archive once the server listens and exits in order. */
    private record Training(ServerId id, ClassDataArchive archive, Path file, ChildProcess process) {
        void finish() throws IOException, InterruptedException {
            try {
                process.awaitLine(LISTENING, READY_TIMEOUT);
            } catch (ChildDied e) {
                // Nothing to keep; the arm's own start will fail the same way and say so.
            } finally {
                process.close();
            }
            archive.keep(file, process.exitCode());
        }
    }

    /**
     * Trainings started side by side: {@link #finish} ends each as it listens, all at once; closing them
     * stops any not finished (a run that fails before its first arm leaves none behind).
     */
    public static final class Trainings implements AutoCloseable {
        private final List<Training> started = new ArrayList<>();

        /** The servers being trained, as started. */
        public List<ServerId> servers() {
            return started.stream().map(Training::id).toList();
        }

        /** Waits for every training, each on a thread of its own, and keeps the archives they made. */
        public void finish() throws IOException, InterruptedException {
            List<Future<Void>> done = new ArrayList<>();
            try (var each = Executors.newVirtualThreadPerTaskExecutor()) {
                for (Training training : started) {
                    done.add(each.submit(() -> {
                        training.finish();
                        return null;
                    }));
                }
            }
            for (Future<Void> one : done) {
                try {
                    one.get();
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof IOException io) {
                        throw io;
                    }
                    throw new IllegalStateException(e.getCause());
                }
            }
        }

        /** Stops what is still training, and deletes what it may have written of its archive. */
        @Override
        public void close() throws IOException {
            for (Training training : started) {
                training.process().close();
                Files.deleteIfExists(training.file()); // moved into place already when it finished
            }
        }
    }

    /** The training start of the server's archive when it keeps one and has none yet, under way; else empty. */
    private Optional<Training> train(ServerId id, ServingModel model, ServerJava java, ServerOptions options,
                                     Path trainingLog) throws IOException {
        Optional<ClassDataArchive> archive = classData(id, java);
        if (archive.isEmpty() || archive.get().exists()) {
            return Optional.empty();
        }
        Path training = archive.get().trainingFile();
        Path scratch = scratchBeside(trainingLog);
        List<String> flags = new ArrayList<>(ClassDataArchive.trainingFlags(training));
        flags.add(temporaryFolderFlag(scratch));
        ChildProcess process = processes.start(id.id() + " (class-data training)",
                command(id, model, java, options, null, flags), trainingLog, Map.of(), scratch);
        return Optional.of(new Training(id, archive.get(), training, process));
    }

    /**
     * Starts a server and waits until it listens; {@link loomlab.lab.process.ChildDied} if it does not.
     * A server under test records pinned virtual threads into a flight recording beside its log,
     * written when it stops.
     */
    public RunningServer start(ServerId id, ServingModel model, ServerJava java, ServerOptions options, Path log)
            throws IOException, InterruptedException {
        prepare(id, model, java, options, log);
        Path recording = get(id).recordsPinning() ? recordingBeside(log) : null;
        if (recording != null) {
            Files.deleteIfExists(recording);
        }
        Path scratch = scratchBeside(log);
        List<String> flags = new ArrayList<>(classDataFlags(id, java));
        flags.add(temporaryFolderFlag(scratch));
        ChildProcess process = processes.start(id.id() + " (" + model + ")",
                command(id, model, java, options, recording, flags), log, Map.of(), scratch);
        try {
            Matcher ready = process.awaitLine(LISTENING, READY_TIMEOUT);
            return new RunningServer(id, model.toString(), URI.create(ready.group(1) + "/"), process, recording, java);
        } catch (RuntimeException | InterruptedException e) {
            process.close();
            throw e;
        }
    }

    /**
     * The started server's temporary folder, beside its log and deleted once it stops: Spring's Tomcat
     * makes its base and document folders there, Quarkus's Vert.x its file cache, and a server stopped by
     * force (or a lab killed outright) would otherwise leave them in the machine's {@code /tmp}.
     */
    private static Path scratchBeside(Path log) {
        return log.toAbsolutePath().resolveSibling(stem(log) + "-tmp");
    }

    /** The flag that gives a JVM {@code folder} as its temporary folder. */
    public static String temporaryFolderFlag(Path scratch) {
        return "-Djava.io.tmpdir=" + scratch;
    }

    private static Path recordingBeside(Path log) {
        return log.resolveSibling(stem(log) + ".jfr");
    }

    private static String stem(Path log) {
        String file = log.getFileName().toString();
        return file.endsWith(".log") ? file.substring(0, file.length() - ".log".length()) : file;
    }
}
