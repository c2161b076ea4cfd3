package loomlab.lab.servers;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import loomlab.core.BadInput;
import loomlab.core.arm.ServerId;
import loomlab.lab.jfr.PinningRecording;
import loomlab.lab.process.ChildProcess;
import loomlab.lab.process.JavaLauncher;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.core.arm.ServingModel;

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
        return flags;
    }

    private final Map<ServerId, ServerUnderTest> byId = new LinkedHashMap<>();
    private final JavaLauncher launcher;
    private final ProcessSupervisor processes;

    public Servers(JavaLauncher launcher, ProcessSupervisor processes, List<ServerUnderTest> servers) {
        this.launcher = launcher;
        this.processes = processes;
        servers.forEach(s -> byId.put(s.id(), s));
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
        List<String> flags = new ArrayList<>(COMMON_JVM_FLAGS);
        flags.add(ProcessSupervisor.parentWatchFlag());
        if (recording != null) {
            flags.add(PinningRecording.startFlag(recording));
        }
        return get(id).command(launcher, java.java(), flags, model, options);
    }

    /**
     * Starts a server and waits until it listens; {@link loomlab.lab.process.ChildDied} if it does not.
     * A server under test records pinned virtual threads into a flight recording beside its log,
     * written when it stops.
     */
    public RunningServer start(ServerId id, ServingModel model, ServerJava java, ServerOptions options, Path log)
            throws IOException, InterruptedException {
        Path recording = get(id).recordsPinning() ? recordingBeside(log) : null;
        if (recording != null) {
            Files.deleteIfExists(recording);
        }
        ChildProcess process = processes.start(id.id() + " (" + model + ")", command(id, model, java, options, recording),
                log);
        try {
            Matcher ready = process.awaitLine(LISTENING, READY_TIMEOUT);
            return new RunningServer(id, model.toString(), URI.create(ready.group(1) + "/"), process, recording, java);
        } catch (RuntimeException | InterruptedException e) {
            process.close();
            throw e;
        }
    }

    private static Path recordingBeside(Path log) {
        String file = log.getFileName().toString();
        String stem = file.endsWith(".log") ? file.substring(0, file.length() - ".log".length()) : file;
        return log.resolveSibling(stem + ".jfr");
    }
}
