package loomlab.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ServerId;
import loomlab.core.experiment.Experiment;
import loomlab.core.experiment.Profile;
import loomlab.lab.jdk.Jdk;
import loomlab.lab.jdk.Jdks;
import loomlab.lab.jdk.RunJdks;
import loomlab.lab.load.EngineChoice;
import loomlab.lab.process.JavaLauncher;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.run.ExperimentRunner;
import loomlab.lab.run.RunContext;
import loomlab.lab.servers.ServerJdks;
import loomlab.lab.servers.Servers;

/**
 * The composition root of a measuring command ({@code run}, {@code assess}): the lab's own JDK, the
 * supervisor of every child process, the console; then, in this order, the engine installed, the
 * results folder made, the JDKs found, the context built, and at the end where the results are.
 * Each command validates its own input first, so bad input costs nothing of this.
 */
final class LabSession {
    private final JavaLauncher java = CliEnvironment.javaLauncher();
    private final ProcessSupervisor processes = new ProcessSupervisor();
    private final PrintStream console = System.out;

    JavaLauncher java() {
        return java;
    }

    ProcessSupervisor processes() {
        return processes;
    }

    PrintStream console() {
        return console;
    }

    Path labHome() {
        return java.home();
    }

    /** What the engine needs, installed now (Locust on first use): before any results folder exists. */
    void prepare(EngineChoice engine) throws InterruptedException {
        engine.prepare(labHome(), CliEnvironment.path(), console, processes);
    }

    /** The folder given with {@code --out}, or a new one named after the run; checked and made. */
    Path resultsFolder(Path given, List<Experiment> experiments, Profile profile) {
        return OutputFolder.prepare(given != null ? given
                : ExperimentRunner.defaultOutDir(labHome(), experiments, profile));
    }

    /** The JDKs the servers run on: those named with {@code --jdk}, and those the experiments need. */
    ServerJdks jdks(List<Jdk> named, Collection<Integer> needed) throws InterruptedException {
        return RunJdks.resolve(Jdks.standard(CliEnvironment.jdkSearch(labHome()), console), named, needed);
    }

    List<Jdk> named(JdkOptions options) throws InterruptedException {
        return options.resolve(labHome(), console);
    }

    /**
     * The class-data archives the planned arms' servers keep and lack, trained side by side from now
     * on, while the JDKs are looked for (and JDK 21 installed); {@link Servers.Trainings#finish} before
     * the first arm, so that nothing is measured beside them.
     */
    Servers.Trainings trainAhead(Map<Experiment, List<ArmPlan>> plans, Path resultsFolder) throws IOException {
        List<ServerId> servers = plans.values().stream().flatMap(List::stream).map(plan -> plan.key().server())
                .filter(Objects::nonNull).distinct().toList();
        Servers.Trainings trainings = Servers.standard(java, processes).keepingClassData()
                .trainAhead(servers, Files.createDirectories(resultsFolder.resolve("logs")));
        if (!trainings.servers().isEmpty()) {
            console.println("loomlab: making the class-data archives of " + String.join(", ",
                    trainings.servers().stream().map(ServerId::id).toList()) + " (once per build and JDK)");
        }
        return trainings;
    }

    /** Everything an arm runs with, the registry's servers among it. */
    RunContext context(Profile profile, Path resultsFolder, ServerJdks jdks) {
        return new RunContext(profile, resultsFolder, java, processes,
                Servers.standard(java, processes).keepingClassData(), console, Terminal.isInteractive())
                .withJdks(jdks);
    }

    /** The last lines of every measuring command: where its results are. */
    void finish(Path resultsFolder) {
        console.println();
        console.println("results: " + resultsFolder.resolve("results.json"));
        console.println("summary: " + resultsFolder.resolve("summary.md"));
        console.println("report:  " + resultsFolder.resolve("report.html"));
    }
}
