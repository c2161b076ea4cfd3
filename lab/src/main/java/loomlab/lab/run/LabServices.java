package loomlab.lab.run;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import loomlab.core.experiment.Experiment;
import loomlab.core.experiment.Profile;
import loomlab.lab.database.PostgresHost;
import loomlab.lab.jdk.Jdk;
import loomlab.lab.jdk.JdkRequest;
import loomlab.lab.jdk.Jdks;
import loomlab.lab.load.Engine;
import loomlab.lab.load.Engines;
import loomlab.lab.process.JavaLauncher;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.report.files.ResultFiles;
import loomlab.lab.servers.RunJdks;
import loomlab.lab.servers.ServerJdks;
import loomlab.lab.servers.Servers;

/**
 * The lab's services, built once by the composition root, and the steps the measuring use cases
 * ({@link RunUseCase}, {@code AssessUseCase}) take alike: the engine installed, the JDKs named found, the
 * results folder made, every arm's context, the closing lines.
 *
 * @param java            the lab's own JDK, and its folder
 * @param processes       the supervisor of every child process
 * @param jdks            what {@code --jdk} finds and installs
 * @param servers         the servers' registry
 * @param reports         how results are written: every format, each file atomically
 * @param engines         the engines {@code --engine} offers
 * @param postgres        where a throwaway PostgreSQL runs
 * @param path            the folders programs are looked for in, as {@code PATH} lists them; null without one
 * @param temporaryFolder the JVM's temporary folder
 * @param interactive     output goes to a person at a terminal, so progress may be redrawn in place
 * @param console         where progress is said
 */
public record LabServices(JavaLauncher java, ProcessSupervisor processes, Jdks jdks, Servers servers,
                          ResultFiles reports, Engines engines, PostgresHost postgres, String path,
                          Path temporaryFolder, boolean interactive, PrintStream console) {
    /** The lab's own folder: where results go unless a command is told otherwise. */
    public Path labHome() {
        return java.home();
    }

    /** What the engine needs, installed now (its own install on first use): before any results folder exists. */
    public void prepare(Engine engine) throws InterruptedException {
        engine.prepare(path, console, processes);
    }

    /** The JDKs named with {@code --jdk}, found or installed; empty when none was named. */
    public List<Jdk> named(List<JdkRequest> requests) throws InterruptedException {
        return requests.isEmpty() ? List.of() : jdks.resolve(requests);
    }

    /** The folder given with {@code --out}, or a new one named after the run; checked and made. */
    public Path resultsFolder(Path given, List<Experiment> experiments, Profile profile) {
        return OutputFolder.prepare(given != null ? given
                : ExperimentRunner.defaultOutDir(labHome(), experiments, profile));
    }

    /** The JDKs the servers run on: those named with {@code --jdk}, and those the experiments need. */
    public ServerJdks serverJdks(List<Jdk> named, Collection<Integer> needed) throws InterruptedException {
        return RunJdks.resolve(jdks, named, needed);
    }

    /** Everything an arm runs with, the registry's servers among it. */
    public RunContext context(Profile profile, Path resultsFolder, ServerJdks chosen) {
        return new RunContext(profile, resultsFolder, java, processes, servers, console, interactive)
                .withJdks(chosen);
    }

    /** The last lines of every measuring command: where its results are. */
    public void finish(Path resultsFolder) {
        console.println();
        console.println("results: " + resultsFolder.resolve("results.json"));
        console.println("summary: " + resultsFolder.resolve("summary.md"));
        console.println("report:  " + resultsFolder.resolve("report.html"));
    }
}
