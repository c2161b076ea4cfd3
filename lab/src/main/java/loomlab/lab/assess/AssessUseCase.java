package loomlab.lab.assess;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import loomlab.core.BadInput;
import loomlab.core.Figures;
import loomlab.core.arm.AssessArmResult;
import loomlab.core.arm.WeightedRequest;
import loomlab.core.assess.AssessArmPlan;
import loomlab.core.assess.Assessment;
import loomlab.core.result.ExperimentResult;
import loomlab.core.result.RunResult;
import loomlab.lab.database.ArmDatabases;
import loomlab.lab.database.DatabaseUnavailable;
import loomlab.lab.env.EnvironmentProbe;
import loomlab.lab.jdk.Jdk;
import loomlab.lab.load.ClosedModelEngine;
import loomlab.lab.run.ArmRunners;
import loomlab.lab.run.ExperimentRunner;
import loomlab.lab.run.LabServices;
import loomlab.lab.run.RunContext;
import loomlab.lab.run.RunOptions;
import loomlab.lab.servers.ServerJdks;

/**
 * {@code loomlab assess}: the engine installed, the JDKs named found, the database started (its script
 * loaded), the results folder made, then the assessment's arms.
 *
 * @param services the lab's services
 */
public record AssessUseCase(LabServices services) {
    /**
     * Assesses what {@code request} names: 1 when an arm broke or stopped partway, or the service was refused
     * (said on {@code err}); else 0.
     */
    public int assess(AssessRequest request, PrintWriter err) throws InterruptedException, IOException {
        AssessRequest.Service service = request.service();
        AssessRequest.Load load = request.load();
        AssessRequest.Output output = request.output();
        services.prepare(load.engine());
        // A JDK named that cannot be found is bad input: said before any results folder exists.
        List<Jdk> named = services.named(request.arms().jdks());
        // The database before the results folder: an init script that fails is bad input, and leaves nothing.
        try (ArmDatabases databases = armDatabases(request.database())) {
            String described = service.launcher().description();
            Integer pool = request.arms().pool();
            Path outDir = services.resultsFolder(output.out(), List.of(new Assessment(described, pool, List.of())),
                    output.profile());
            ServerJdks jdks = services.serverJdks(named, List.of());
            Assessment assessment = new Assessment(described, pool, List.copyOf(jdks.available().keySet()),
                    request.arms().carriers()).withExtracted(request.arms().extracted());
            ClosedModelEngine curve = AssessEngines.curveEngine(services.engines(), load.engine(),
                    services.processes(), outDir.resolve("arms").resolve("assess-" + load.engine().label()),
                    services.console());
            RunContext context = services.context(output.profile(), outDir, jdks);
            AssessArmRunner arms = arms(request, curve, databases);
            ExperimentRunner runner = new ExperimentRunner(new ArmRunners().register(AssessArmPlan.class, arms),
                    services.reports(), new RunOptions(null, request.arms().repeat()));
            var probed = EnvironmentProbe.probe(services.labHome(), service.launcher().recordedJvmFlags(),
                    AssessEngines.description(curve)).withServerJdks(jdks.described());
            services.console().println("Loom Lab: assessing " + described + " on " + String.join(" ", load.mix()
                    .stream().map(WeightedRequest::toString).toList()) + ", p99 target "
                    + Figures.plain(load.sloP99Ms()) + " ms, " + output.profile().id() + " profile, "
                    + probed.cores() + " cores; results in " + outDir);
            notes(service, curve).forEach(note -> services.console().println("loomlab: note: " + note));
            if (databases != null) {
                services.console().println("loomlab: database: " + databases.describe()
                        + (request.database().init() == null ? "" : ", loaded from " + request.database().init()));
            }
            RunResult run = runner.run(List.of(assessment), context, probed, output.command());
            services.finish(outDir);
            return outcome(run, arms, err);
        }
    }

    /** What measures each arm: the service, its load, its database. */
    private static AssessArmRunner arms(AssessRequest request, ClosedModelEngine curve, ArmDatabases databases) {
        AssessRequest.Service service = request.service();
        AssessRequest.Load load = request.load();
        return new AssessArmRunner(service.launcher(), load.mix(), service.readyPath(), load.sloP99Ms(),
                request.output().timing(), curve, service.readyLimit(), load.arrivals())
                .withDatabases(databases).withSideBySide();
    }

    /** What the user should know before the figures: the request's notes, and what caps the curve. */
    private static List<String> notes(AssessRequest.Service service, ClosedModelEngine curve) {
        List<String> notes = new ArrayList<>(service.notes());
        String capacity = AssessEngines.capacityNote(curve);
        if (capacity != null) {
            notes.add(capacity);
        }
        return notes;
    }

    /** 1 when the service was refused (said on {@code err}), or an arm broke or stopped partway; else 0. */
    private int outcome(RunResult run, AssessArmRunner arms, PrintWriter err) {
        if (arms.refused() != null) {
            err.println("loomlab: " + arms.refused());
            err.flush();
            return 1;
        }
        boolean failed = run.experiments().stream().anyMatch(ExperimentResult::anyFailed)
                || run.experiments().stream().flatMap(e -> e.arms().stream())
                .anyMatch(a -> a instanceof AssessArmResult r && !r.complete());
        if (failed) {
            services.console().println("some arms failed or stopped partway; see above");
        }
        return failed ? 1 : 0;
    }

    /**
     * The database every arm gets a copy of ({@code --postgres}), its script loaded; null without one, bad
     * input when it cannot start.
     */
    private ArmDatabases armDatabases(AssessRequest.Database database) throws InterruptedException {
        if (!database.postgres()) {
            return null;
        }
        try {
            return ArmDatabases.start(services.postgres(), services.temporaryFolder(), database.init());
        } catch (DatabaseUnavailable e) {
            throw new BadInput("--postgres: " + e.getMessage());
        }
    }
}
