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
 */
public record RunContext(Profile profile, Path outDir, JavaLauncher launcher, ProcessSupervisor processes,
                         Servers servers, PrintStream console, boolean live) {
    public Path logsDir() {
        return outDir.resolve("logs");
    }

    /** A log file name that is safe on every file system, from an arm or process label. */
    public Path logFile(String experiment, String label) {
        String safe = (experiment + "-" + label).replaceAll("[^A-Za-z0-9._-]+", "_");
        return logsDir().resolve(safe + ".log");
    }
}
