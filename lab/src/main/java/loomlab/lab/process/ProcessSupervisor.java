package loomlab.lab.process;

import java.io.File;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/**
 * Starts the lab's child processes and guarantees none outlives the lab: every live child is
 * stopped by a shutdown hook (normal exit, failure, Ctrl-C), and the servers themselves watch the
 * lab's pid, so even a lab killed by SIGKILL leaves nothing behind for long. Every process the lab
 * starts starts here (ArchitectureTest holds it): a server or a load engine as a {@link ChildProcess}
 * with its log, a short command the caller waits for (jcmd, psql, pip, git, a JDK's {@code -version})
 * through {@link #startCommand}.
 */
public final class ProcessSupervisor {
    private static final Set<ChildProcess> LIVE = ConcurrentHashMap.newKeySet();
    /** Short commands still running, each gone from here once it exits. */
    private static final Set<Process> COMMANDS = ConcurrentHashMap.newKeySet();
    /** Set once the lab stops: Ctrl-C runs the hooks while the run's own thread may still start its next arm. */
    private static volatile boolean stopping;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(ProcessSupervisor::stopAll, "loomlab-stop-children"));
    }

    /** The system property a child reads to watch the lab's pid. */
    public static String parentWatchFlag() {
        return "-Dloomlab.parent.pid=" + ProcessHandle.current().pid();
    }

    public ChildProcess start(String label, List<String> command, Path log) throws IOException {
        return start(label, command, log, Map.of());
    }

    /** The same with variables added to (or replacing those of) the lab's own environment. */
    public ChildProcess start(String label, List<String> command, Path log, Map<String, String> environment)
            throws IOException {
        return start(label, command, log, environment, null);
    }

    /**
     * The same with a scratch folder of the child's own (its {@code java.io.tmpdir}, named in
     * {@code command}), deleted once the child has stopped: what a framework writes to the temporary
     * folder (Tomcat's base directory, Vert.x's file cache) must not outlive the run. {@code null} for none.
     */
    public ChildProcess start(String label, List<String> command, Path log, Map<String, String> environment,
                              Path scratch) throws IOException {
        Files.createDirectories(log.toAbsolutePath().getParent());
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(nullDevice()));
        builder.environment().putAll(environment);
        if (stopping) {
            throw new InterruptedIOException("the lab is stopping: " + label + " is not started");
        }
        if (scratch != null) {
            Files.createDirectories(scratch);
        }
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            deleteScratch(scratch);
            throw e;
        }
        ChildProcess[] holder = new ChildProcess[1];
        holder[0] = new ChildProcess(label, process, log, () -> {
            LIVE.remove(holder[0]);
            deleteScratch(scratch);
        });
        LIVE.add(holder[0]);
        if (stopping) {
            // The hook may have stopped the children just before this one joined them: it goes too.
            holder[0].close();
            throw new InterruptedIOException("the lab is stopping: " + label + " was stopped at once");
        }
        return holder[0];
    }

    /**
     * A command the caller reads and waits for itself (a short one, or {@code serve}'s server, which
     * shares the terminal), set up by {@code settings} (its redirects, folder and variables) and started
     * here, so that a lab that stops while it runs stops it too.
     */
    public static Process startCommand(List<String> command, UnaryOperator<ProcessBuilder> settings)
            throws IOException {
        ProcessBuilder builder = settings.apply(new ProcessBuilder(command));
        if (stopping) {
            throw new InterruptedIOException("the lab is stopping: " + command.getFirst() + " is not started");
        }
        Process process = builder.start();
        COMMANDS.add(process);
        process.onExit().thenRun(() -> COMMANDS.remove(process));
        if (stopping) {
            process.destroy();
            throw new InterruptedIOException("the lab is stopping: " + command.getFirst() + " was stopped at once");
        }
        return process;
    }

    /**
     * A short command that undoes what the lab did to the machine or to a JVM it watches (removes its
     * network namespace, stops its JFR recording). Unlike {@link #startCommand} it runs while the lab
     * stops, since a shutdown hook is where it is most needed; its caller bounds it in time.
     */
    public static Process startUndo(List<String> command, UnaryOperator<ProcessBuilder> settings)
            throws IOException {
        Process process = settings.apply(new ProcessBuilder(command)).start();
        COMMANDS.add(process);
        process.onExit().thenRun(() -> COMMANDS.remove(process));
        return process;
    }

    private static void deleteScratch(Path scratch) {
        if (scratch != null) {
            Folders.deleteQuietly(scratch);
        }
    }

    /** Children still running: for tests that prove nothing is left behind. */
    public static int liveCount() {
        LIVE.removeIf(child -> !child.alive());
        return LIVE.size();
    }

    /** Short commands still running: for tests that prove a finished one is let go. */
    static int runningCommands() {
        COMMANDS.removeIf(command -> !command.isAlive());
        return COMMANDS.size();
    }

    static void stopAll() {
        stopping = true;
        for (ChildProcess child : List.copyOf(LIVE)) {
            child.close();
        }
        for (Process command : List.copyOf(COMMANDS)) {
            command.destroy();
        }
    }

    private static File nullDevice() {
        return ProcessBuilder.Redirect.DISCARD.file();
    }
}
