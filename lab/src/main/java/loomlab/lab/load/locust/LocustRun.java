package loomlab.lab.load.locust;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import loomlab.lab.process.ChildDied;
import loomlab.lab.process.ChildProcess;
import loomlab.lab.process.ProcessSupervisor;

/**
 * One Locust run: writes the arm's locustfile, starts a headless master and the workers (local
 * ones, remote ones through their shell; external ones the user starts with the printed command),
 * waits a bounded time for every worker to join and names those that did not, waits for the master
 * to finish, and reads what it measured. Every process it starts is supervised, and all are stopped
 * when the run ends, fails or is interrupted.
 */
final class LocustRun {
    /** How long the master waits for its workers before it gives up (Locust's --expect-workers-max-wait). */
    public static final Duration JOIN_LIMIT = Duration.ofSeconds(60);
    private static final Pattern JOINED = Pattern.compile("loomlab: worker (\\S+) \\(host (.*)\\) joined as (\\S+)");
    private static final String GAVE_UP = "Gave up waiting for workers to connect";

    private final LocustInstall install;
    private final LocustWorkers workers;
    private final ProcessSupervisor processes;
    private final Path dir;
    private final PrintStream console;
    private final Duration joinLimit;
    private final Map<String, String> masterEnvironment;

    /**
     * @param dir where the run keeps its files: the locustfile, Locust's CSV statistics, the
     *            workers' figures ({@code summary.json}) and every process's log
     */
    public LocustRun(LocustInstall install, LocustWorkers workers, ProcessSupervisor processes, Path dir,
                     PrintStream console) {
        this(install, workers, processes, dir, console, JOIN_LIMIT, Map.of());
    }

    /** @param masterEnvironment variables for the master alone: a test's, to set Locust's own settings */
    LocustRun(LocustInstall install, LocustWorkers workers, ProcessSupervisor processes, Path dir,
              PrintStream console, Duration joinLimit, Map<String, String> masterEnvironment) {
        this.masterEnvironment = Map.copyOf(masterEnvironment);
        this.install = install;
        this.workers = workers;
        this.processes = processes;
        this.dir = dir;
        this.console = console;
        this.joinLimit = joinLimit;
    }

    /** Called once every worker has joined, just before the load starts, and once the master has ended. */
    public interface Window {
        Window NONE = new Window() {
        };

        default void starts() {
        }

        default void ended() {
        }
    }

    /**
     * Runs {@code arm}; {@code countLimit} bounds an arm that counts requests.
     *
     * @throws ChildDied when a worker did not join, a process died, or the run outlasted its limit
     */
    public LocustStatistics run(LocustArm arm, Duration countLimit, Window window) throws InterruptedException {
        Path locustfile = dir.resolve("locustfile.py");
        Path prefix = dir.resolve("locust");
        Path summary = dir.resolve("summary.json");
        int port;
        try {
            Files.createDirectories(dir);
            for (String old : List.of("locust_stats.csv", "locust_failures.csv", "summary.json")) {
                Files.deleteIfExists(dir.resolve(old));
            }
            Files.writeString(locustfile, Locustfile.render(arm));
            port = workers.masterPort() != 0 ? workers.masterPort() : freePort(workers.masterAddress());
        } catch (IOException e) {
            throw new ChildDied("cannot prepare Locust's run in " + dir + ": " + e.getMessage());
        }
        Duration runLimit = LocustCommands.runLimit(arm, countLimit);
        List<String> masterCommand = LocustCommands.master(install.locust(), arm, workers, port, locustfile, prefix,
                summary, joinLimit, runLimit);
        console.println("    locust: " + String.join(" ", masterCommand));
        List<ChildProcess> started = new ArrayList<>();
        try {
            ChildProcess master = start("locust master", masterCommand, dir.resolve("master.log"), masterEnvironment,
                    started);
            Map<String, ChildProcess> workerProcesses = startWorkers(dir, port, started);
            printExternalCommands(port);
            awaitWorkers(master, workerProcesses);
            window.starts();
            Duration wait = runLimit.plus(Duration.ofSeconds(30));
            if (!master.waitFor(wait)) {
                throw new ChildDied("locust's master did not finish within " + wait.toSeconds() + " s; last lines of "
                        + master.log() + ":\n" + master.logTail(15).indent(4).stripTrailing());
            }
            window.ended();
            return read(master, prefix, summary);
        } finally {
            for (ChildProcess child : started.reversed()) {
                child.close();
            }
        }
    }

    private Map<String, ChildProcess> startWorkers(Path dir, int port, List<ChildProcess> started) {
        Map<String, ChildProcess> byName = new LinkedHashMap<>();
        for (int i = 1; i <= workers.local(); i++) {
            String name = LocustWorkers.localName(i);
            // Its temporary folder sits beside the run's files, not in /tmp, so nothing of it can be lost there.
            String script = LocustCommands.localWorkerScript(name, install.locust(), workers.masterAddress(), port,
                    dir);
            byName.put(name, start("locust worker " + name, RemoteShell.local().command(script),
                    dir.resolve("worker-" + safe(name) + ".log"), Map.of(), started));
        }
        for (LocustWorkers.RemoteWorker remote : workers.remote()) {
            String script = LocustCommands.workerScript(remote.name(), workers.workerLocust(), workers.masterAddress(),
                    port);
            byName.put(remote.name(), start("locust worker " + remote.name(), remote.shell().command(script),
                    dir.resolve("worker-" + safe(remote.name()) + ".log"), Map.of(), started));
        }
        return byName;
    }

    private void printExternalCommands(int port) {
        for (int i = 1; i <= workers.external(); i++) {
            String name = LocustWorkers.externalName(i);
            console.println("    locust: start worker " + name + " on its host (python3 with locust==" + LocustInstall.VERSION
                    + "; it must reach " + workers.masterAddress() + ":" + port + ") with:");
            console.println("      " + LocustCommands.workerScript(name, workers.workerLocust(), workers.masterAddress(),
                    port));
        }
        if (workers.external() > 0) {
            console.flush();
        }
    }

    /**
     * Waits until every worker has joined the master; names the ones that did not when a worker
     * ends before joining, when the master gives up, or at the limit.
     */
    private void awaitWorkers(ChildProcess master, Map<String, ChildProcess> started) throws InterruptedException {
        List<String> expected = workers.names();
        long deadline = System.nanoTime() + joinLimit.plusSeconds(10).toNanos();
        long announce = System.nanoTime() + Duration.ofSeconds(3).toNanos();
        boolean announced = false;
        while (true) {
            Set<String> joined = joined(master.readLog());
            if (joined.containsAll(expected)) {
                console.println("    locust: " + expected.size() + " worker(s) joined (" + workers.describe() + ")");
                return;
            }
            List<String> missing = expected.stream().filter(name -> !joined.contains(name)).toList();
            for (Map.Entry<String, ChildProcess> worker : started.entrySet()) {
                if (!joined.contains(worker.getKey()) && !worker.getValue().alive()) {
                    throw new ChildDied("locust worker " + worker.getKey() + " ended (exit code "
                            + worker.getValue().exitCode() + ") before it joined the master; last lines of "
                            + worker.getValue().log() + ":\n" + worker.getValue().logTail(10).indent(4).stripTrailing());
                }
            }
            if (!master.alive() || System.nanoTime() > deadline) {
                boolean gaveUp = master.readLog().contains(GAVE_UP) || master.alive();
                throw new ChildDied(gaveUp ? notJoined(missing, expected.size(), started)
                        : "locust's master exited (code " + master.exitCode() + ") before its workers joined; last"
                        + " lines of " + master.log() + ":\n" + master.logTail(15).indent(4).stripTrailing());
            }
            if (!announced && System.nanoTime() > announce) {
                announced = true;
                console.println("    locust: waiting up to " + joinLimit.toSeconds() + " s for " + String.join(", ",
                        missing) + " to join");
            }
            Thread.sleep(100);
        }
    }

    private String notJoined(List<String> missing, int expected, Map<String, ChildProcess> started) {
        StringBuilder message = new StringBuilder("locust: " + missing.size() + " of " + expected
                + " workers did not join the master within " + joinLimit.toSeconds() + " s: "
                + String.join(", ", missing));
        for (String name : missing) {
            ChildProcess worker = started.get(name);
            if (worker != null) {
                message.append("\n  last lines of ").append(worker.log()).append(":\n")
                        .append(worker.logTail(5).indent(4).stripTrailing());
            }
        }
        return message.toString();
    }

    /** The names the master's log says joined. */
    static Set<String> joined(String masterLog) {
        Set<String> names = new LinkedHashSet<>();
        Matcher matcher = JOINED.matcher(masterLog);
        while (matcher.find()) {
            names.add(matcher.group(1));
        }
        return names;
    }

    private LocustStatistics read(ChildProcess master, Path prefix, Path summary) {
        Path stats = prefix.resolveSibling(prefix.getFileName() + "_stats.csv");
        Path failures = prefix.resolveSibling(prefix.getFileName() + "_failures.csv");
        if (!Files.isRegularFile(stats) || !Files.isRegularFile(summary)) {
            throw new ChildDied("locust's master (exit code " + master.exitCode() + ") wrote no statistics; last lines of "
                    + master.log() + ":\n" + master.logTail(15).indent(4).stripTrailing());
        }
        try {
            return LocustStatistics.read(readQuietly(stats), readQuietly(failures),
                    readQuietly(summary), localNames());
        } catch (IllegalStateException | IllegalArgumentException e) {
            throw new ChildDied("locust (exit code " + master.exitCode() + "): " + e.getMessage() + "; last lines of "
                    + master.log() + ":\n" + master.logTail(10).indent(4).stripTrailing());
        }
    }

    private Set<String> localNames() {
        Set<String> names = new LinkedHashSet<>();
        for (int i = 1; i <= workers.local(); i++) {
            names.add(LocustWorkers.localName(i));
        }
        return names;
    }

    private ChildProcess start(String label, List<String> command, Path log, Map<String, String> environment,
                               List<ChildProcess> started) {
        try {
            ChildProcess child = processes.start(label, command, log, environment);
            started.add(child);
            return child;
        } catch (IOException e) {
            throw new ChildDied("cannot start " + label + ": " + e.getMessage());
        }
    }

    private static int freePort(String address) throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(address))) {
            return socket.getLocalPort();
        }
    }

    static String safe(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]+", "_");
    }

    /** The text of a file, empty when it cannot be read (a run that wrote no failures). */
    private static String readQuietly(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
