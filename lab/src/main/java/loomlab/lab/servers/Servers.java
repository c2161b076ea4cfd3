package loomlab.lab.servers;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import loomlab.core.BadInput;
import loomlab.lab.process.ChildProcess;
import loomlab.lab.process.JavaLauncher;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.threads.ExecutorMode;

/** The servers the lab can start, each in its own JVM, and the flags every one of them gets. */
public final class Servers {
    /** Frameworks need longer than loomcat to start, and a loaded CI machine longer still. */
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);
    private static final Pattern LISTENING = Pattern.compile("listening on (http://127\\.0\\.0\\.1:(\\d+))");

    /** Heap sized so that no arm is limited by GC pressure; identical for every mode. */
    public static final List<String> COMMON_JVM_FLAGS = List.of("-Xms256m", "-Xmx2g", "-XX:+ExitOnOutOfMemoryError");

    private final Map<String, ServerUnderTest> byName = new LinkedHashMap<>();
    private final JavaLauncher launcher;
    private final ProcessSupervisor processes;

    public Servers(JavaLauncher launcher, ProcessSupervisor processes, List<ServerUnderTest> servers) {
        this.launcher = launcher;
        this.processes = processes;
        servers.forEach(s -> byName.put(s.name(), s));
    }

    public static Servers standard(JavaLauncher launcher, ProcessSupervisor processes) {
        return new Servers(launcher, processes, List.of(new Loomcat(), new Downstream(), new SpringBoot()));
    }

    public List<String> names() {
        return List.copyOf(byName.keySet());
    }

    public ServerUnderTest get(String name) {
        ServerUnderTest server = byName.get(name);
        if (server == null) {
            throw new BadInput("unknown server '" + name + "'; choose from: " + String.join(", ", names()));
        }
        return server;
    }

    /** The full command line, with the flags the lab adds, for the record and for {@code serve}. */
    public List<String> command(String name, ExecutorMode mode, ServerOptions options) {
        List<String> flags = new ArrayList<>(COMMON_JVM_FLAGS);
        flags.add(ProcessSupervisor.parentWatchFlag());
        return get(name).command(launcher, flags, mode, options);
    }

    /** Starts a server and waits until it listens; {@link loomlab.lab.process.ChildDied} if it does not. */
    public RunningServer start(String name, ExecutorMode mode, ServerOptions options, Path log)
            throws IOException, InterruptedException {
        ChildProcess process = processes.start(name + " (" + mode + ")", command(name, mode, options), log);
        try {
            Matcher ready = process.awaitLine(LISTENING, READY_TIMEOUT);
            return new RunningServer(name, mode.toString(), URI.create(ready.group(1) + "/"), process);
        } catch (RuntimeException | InterruptedException e) {
            process.close();
            throw e;
        }
    }
}
