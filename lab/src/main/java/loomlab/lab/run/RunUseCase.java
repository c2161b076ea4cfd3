package loomlab.lab.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ServerId;
import loomlab.core.experiment.Experiment;
import loomlab.core.experiment.Profile;
import loomlab.core.result.ExperimentResult;
import loomlab.core.result.RunResult;
import loomlab.lab.database.DatabaseTarget;
import loomlab.lab.env.EnvironmentProbe;
import loomlab.lab.jdk.Jdk;
import loomlab.lab.load.Engine;
import loomlab.lab.servers.ServerJdks;
import loomlab.lab.servers.Servers;

/**
 * {@code loomlab run}: the plans checked before anything is installed or looked for, the engine
 * installed, the JDKs named found, the results folder made, the class-data archives the servers lack
 * trained while the JDKs the experiments need are found, then every experiment.
 *
 * @param services   the lab's services
 * @param armRunners which runner runs which kind of plan, as the composition root registers them, so that
 *                   this package knows no experiment's runner (tasks, connections, reactive)
 */
public record RunUseCase(LabServices services, ArmRunnersFor armRunners) {
    /** The runners of a run's arms. */
    @FunctionalInterface
    public interface ArmRunnersFor {
        /**
         * @param database the PostgreSQL server the user named, or null for a throwaway one per experiment
         * @param engine   what measures the HTTP and JDBC arms
         */
        ArmRunners of(DatabaseTarget database, Engine engine);
    }

    /** Runs what {@code request} asks: 1 when an arm broke, else 0. */
    public int run(RunRequest request) throws InterruptedException, IOException {
        List<Experiment> chosen = request.experiments();
        Profile profile = request.profile();
        Engine engine = request.engine();
        var console = services.console();
        // Plans are checked before a JDK or Locust is looked for or installed: bad input costs nothing.
        new RunOptions(request.sweep(), request.repeat()).plan(chosen, profile);
        services.prepare(engine);
        // A JDK named that cannot be found is bad input too: said before any results folder exists.
        List<Jdk> named = services.named(request.jdks());
        Path outDir = services.resultsFolder(request.out(), chosen, profile);
        ExperimentRunner runner = new ExperimentRunner(armRunners.of(request.database(), engine), services.reports(),
                new RunOptions(request.sweep(), request.repeat(), named.stream().map(Jdk::feature).toList()));
        ServerJdks jdks;
        try (Servers.Trainings trainings = trainAhead(runner.plan(chosen, profile), outDir)) {
            jdks = services.serverJdks(named, runner.jdksNeeded(chosen));
            trainings.finish();
        }
        RunContext context = services.context(profile, outDir, jdks);
        if (!request.watchdog()) {
            context = context.withoutWatchdog();
        }
        var probed = EnvironmentProbe.probe(services.labHome(), Servers.recordedJvmFlags(), engine.description())
                .withServerJdks(jdks.described());
        console.println("Loom Lab: " + chosen.size() + " experiment(s), " + profile.id() + " profile, JDK "
                + probed.jdk() + ", " + probed.cores() + " cores; results in " + outDir);
        if (!probed.serverJdks().isEmpty()) {
            console.println("servers under test on JDK " + String.join(", JDK ", probed.serverJdks()));
        }
        jdks.missing().forEach((feature, why) -> console.println("no JDK " + feature + ": its arms are skipped (" + why
                + ")"));
        RunResult run = runner.run(chosen, context, probed, request.command());
        services.finish(outDir);
        // Skipped arms (no database, no tool) said why and how to enable them; only broken arms fail the run.
        boolean anyFailed = run.experiments().stream().anyMatch(ExperimentResult::anyFailed);
        if (anyFailed) {
            console.println("some arms failed; see above");
        } else if (!run.experiments().stream().allMatch(ExperimentResult::complete)) {
            console.println("some arms were skipped; see above for how to enable them");
        }
        return anyFailed ? 1 : 0;
    }

    /**
     * The class-data archives the planned arms' servers keep and lack, trained side by side from now
     * on, while the JDKs are looked for (and JDK 21 installed); {@link Servers.Trainings#finish} before
     * the first arm, so that nothing is measured beside them.
     */
    private Servers.Trainings trainAhead(Map<Experiment, List<ArmPlan>> plans, Path resultsFolder) throws IOException {
        List<ServerId> planned = plans.values().stream().flatMap(List::stream).map(plan -> plan.key().server())
                .filter(Objects::nonNull).distinct().toList();
        Servers.Trainings trainings = services.servers().trainAhead(planned,
                Files.createDirectories(resultsFolder.resolve("logs")));
        if (!trainings.servers().isEmpty()) {
            services.console().println("loomlab: making the class-data archives of " + String.join(", ",
                    trainings.servers().stream().map(ServerId::id).toList()) + " (once per build and JDK)");
        }
        return trainings;
    }
}
