package loomlab.lab.run;

import java.io.PrintStream;
import java.nio.file.Path;
import loomlab.core.experiment.Profile;
import loomlab.lab.process.JavaLauncher;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.servers.Servers;

/**
 * What an arm runner may use: where to put logs, how to start processes and servers, and where
 * to print progress.
 *
 * @param console  progress and tables; {@code live} says whether it is a terminal (in-place lines)
 * @param arm      which experiment and which run of it the arm being run belongs to, or null
 */
public record RunContext(Profile profile, Path outDir, JavaLauncher launcher, ProcessSupervisor processes,
                         Servers servers, PrintStream console, boolean live, ArmOrigin arm) {

    /**
     * Names an arm's own files (its histogram log and time series) after its experiment and, when
     * the arm runs several times, after the run.
     *
     * @param run  1-based; {@code runs} is how many runs the arm has
     */
    public record ArmOrigin(String experiment, int run, int runs) {
    }

    public RunContext(Profile profile, Path outDir, JavaLauncher launcher, ProcessSupervisor processes,
                      Servers servers, PrintStream console, boolean live) {
        this(profile, outDir, launcher, processes, servers, console, live, null);
    }

    /** This context for one run of an arm of {@code experiment}. */
    public RunContext forArm(String experiment, int run, int runs) {
        return new RunContext(profile, outDir, launcher, processes, servers, console, live,
                new ArmOrigin(experiment, run, runs));
    }

    /** This context with other servers to start, e.g. ones bound to a database. */
    public RunContext withServers(Servers others) {
        return new RunContext(profile, outDir, launcher, processes, others, console, live, arm);
    }

    /** {@code DIR/arms/<experiment>-<arm>[-run<N>].<extension>}, safe on every file system. */
    public Path armFile(String armName, String extension) {
        String stem = (arm == null ? "" : arm.experiment() + "-") + armName
                + (arm != null && arm.runs() > 1 ? "-run" + arm.run() : "");
        return outDir.resolve("arms").resolve(safe(stem) + "." + extension);
    }

    public Path logsDir() {
        return outDir.resolve("logs");
    }

    /** A log file name that is safe on every file system, from an arm or process label. */
    public Path logFile(String experiment, String label) {
        return logsDir().resolve(safe(experiment + "-" + label) + ".log");
    }

    private static String safe(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]+", "_");
    }
}
