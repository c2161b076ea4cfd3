package loomlab.lab.run;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ServingModel;
import loomlab.core.experiment.Profile;
import loomlab.lab.process.JavaLauncher;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.servers.RunningServer;
import loomlab.lab.servers.ServerJava;
import loomlab.lab.servers.ServerJdks;
import loomlab.lab.servers.Servers;
import loomlab.lab.watch.WatchLimits;
import loomlab.lab.watch.Watchdog;
import loomlab.lab.watch.WatchedJvm;
import loomlab.threads.ExecutorMode;
import loomlab.threads.ThreadModel;

/**
 * What an arm runner may use: where to put logs, how to start processes and servers, which JDKs
 * the run chose, and where to print progress.
 *
 * @param console  progress and tables; {@code live} says whether it is a terminal (in-place lines)
 * @param jdks     the JDKs the run chose ({@code --jdk}) or its experiments asked for, by feature version
 * @param arm      which experiment and which run of it the arm being run belongs to, or null
 * @param watching false only to measure what the watchdog costs: arms then report that they were not watched
 */
public record RunContext(Profile profile, Path outDir, JavaLauncher launcher, ProcessSupervisor processes,
                         Servers servers, PrintStream console, boolean live, ServerJdks jdks,
                         ArmOrigin arm, boolean watching) {

    /**
     * Names an arm's own files (its histogram log and time series) after its experiment and, when
     * the arm runs several times, after the run.
     *
     * @param run          1-based; {@code runs} is how many runs the arm has
     * @param arrivalsSeed   the run's seed, from which a capacity search draws each step's Poisson arrivals
     *                       ({@link loomlab.core.assess.StepSeeds}): the same for every arm of the run
     */
    public record ArmOrigin(String experiment, int run, int runs, long arrivalsSeed) {
    }

    public RunContext(Profile profile, Path outDir, JavaLauncher launcher, ProcessSupervisor processes,
                      Servers servers, PrintStream console, boolean live) {
        this(profile, outDir, launcher, processes, servers, console, live, ServerJdks.NONE, null, true);
    }

    /** This context for one run of an arm of {@code experiment}, in a run whose seed is {@code arrivalsSeed}. */
    public RunContext forArm(String experiment, int run, int runs, long arrivalsSeed) {
        return new RunContext(profile, outDir, launcher, processes, servers, console, live, jdks,
                new ArmOrigin(experiment, run, runs, arrivalsSeed), watching);
    }

    /** This context with the JDKs the run chose. */
    public RunContext withJdks(ServerJdks chosen) {
        return new RunContext(profile, outDir, launcher, processes, servers, console, live, chosen, arm, watching);
    }

    /** This context with no watchdog: for measuring what watching costs, never for a verdict on what broke. */
    public RunContext withoutWatchdog() {
        return new RunContext(profile, outDir, launcher, processes, servers, console, live, jdks, arm, false);
    }

    /** The java a server runs on: the chosen JDK of that feature version, or the lab's own. */
    public ServerJava javaFor(Integer feature) {
        if (feature == null) {
            return servers.labJava();
        }
        return jdks.of(feature);
    }

    /** The machine's cores, against which the CPU term of a bound is read. */
    public int cores() {
        return Runtime.getRuntime().availableProcessors();
    }

    /**
     * {@code DIR/arms/<experiment>-<key>[-run<N>].<extension>}, safe on every file system; named
     * from the key's parts, so rewording an arm's display name does not rename its files.
     */
    public Path armFile(ArmKey key, String extension) {
        String stem = (arm == null ? "" : arm.experiment() + "-") + stem(key)
                + (arm != null && arm.runs() > 1 ? "-run" + arm.run() : "");
        return outDir.resolve("arms").resolve(safe(stem) + "." + extension);
    }

    /**
     * A watchdog for one arm of this run, on the server's JVM (dumped with its own JDK's jcmd), its
     * dumps kept beside the arm's other files; the caller closes it when the arm's runs are over.
     */
    public Watchdog watchdog(ArmKey key, RunningServer server, Set<String> userPackages) {
        WatchedJvm jvm = WatchedJvm.jcmd(server.java().jcmd(), server.process().pid(), server.java().feature());
        return watchdog(key, jvm, userPackages);
    }

    public Watchdog watchdog(ArmKey key, WatchedJvm jvm, Set<String> userPackages) {
        Path stem = armFile(key, "threads");
        if (!watching) {
            return Watchdog.off(console);
        }
        Path dumpStem = stem.resolveSibling(stem.getFileName().toString().replaceFirst("\\.threads$", ""));
        return new Watchdog(WatchLimits.of(profile), jvm, dumpStem, outDir, userPackages, console).inPool(platformPool(key));
    }

    /** The platform pool's size an arm runs on ({@code platform:N}), or null for any other thread model. */
    static Integer platformPool(ArmKey key) {
        return key.mode() instanceof ServingModel.OnThreads(ExecutorMode mode)
                && mode.model() == ThreadModel.PLATFORM ? mode.limit() : null;
    }

    /** e.g. {@code loomcat-virtual-20u}, {@code quarkus-platform_10-100u-pool10-wait_1_s-jdk21}. */
    static String stem(ArmKey key) {
        List<String> parts = new ArrayList<>();
        if (key.server() != null) {
            parts.add(key.server().id());
        }
        parts.add(key.mode().toString());
        if (key.users() != null) {
            parts.add(key.users() + "u");
        }
        if (key.pool() != null) {
            parts.add("pool" + key.pool());
        }
        key.params().forEach((name, value) -> parts.add(value.shown(name)));
        if (key.jdk() != null) {
            parts.add("jdk" + key.jdk());
        }
        return String.join("-", parts.stream().map(RunContext::safe).toList());
    }

    public Path logsDir() {
        return outDir.resolve("logs");
    }

    /**
     * A log file name that is safe on every file system, from an arm or process label: one per run of
     * an arm that runs several times, so that no run's log (nor the flight recording named beside it)
     * replaces another's.
     */
    public Path logFile(String arm, String process) {
        String run = this.arm != null && this.arm.runs() > 1 ? "-run" + this.arm.run() : "";
        return logsDir().resolve(safe(experimentPrefix() + arm + run + "-" + process) + ".log");
    }

    /** The log of a process that the experiment's arms share (the reactive arms' downstream service). */
    public Path sharedLogFile(String process) {
        return logsDir().resolve(safe(experimentPrefix() + "shared-" + process) + ".log");
    }

    private String experimentPrefix() {
        return arm == null ? "" : arm.experiment() + "-";
    }

    private static String safe(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]+", "_");
    }
}
