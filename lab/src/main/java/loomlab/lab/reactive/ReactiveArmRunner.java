package loomlab.lab.reactive;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.AssessArmResult;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.ServingModel;
import loomlab.core.arm.WeightedPath;
import loomlab.core.arm.WeightedRequest;
import loomlab.core.reactive.ReactiveArmPlan;
import loomlab.core.reactive.ReactiveWorkload;
import loomlab.core.reactive.SourceLines;
import loomlab.lab.assess.AssessArmRunner;
import loomlab.lab.assess.LabServerLauncher;
import loomlab.lab.load.LabClosedModel;
import loomlab.lab.process.ChildDied;
import loomlab.lab.run.ArmRunner;
import loomlab.lab.run.RunContext;
import loomlab.lab.run.SharedDownstream;
import loomlab.lab.servers.RunningServer;
import loomlab.lab.servers.ServerUnderTest;

/**
 * Runs the reactive experiment's arms with {@code assess}'s own runner, each arm measuring its costs
 * at the plan's common rate as well as its capacity, and the lines of its endpoint code counted from
 * the lab's sources. The arms share one downstream service, started for the first that needs it and
 * stopped when the experiment ends (replaced if it died): every arm calls the same warm service, and
 * the run starts one JVM fewer per arm.
 */
public final class ReactiveArmRunner implements ArmRunner<ReactiveArmPlan> {
    static final Duration READY_LIMIT = Duration.ofSeconds(120);

    private final SharedDownstream downstream = new SharedDownstream();

    @Override
    public ArmResult run(ReactiveArmPlan plan, RunContext context) throws InterruptedException {
        ServerUnderTest adapter = context.servers().get(plan.server());
        ServingModel model = LabServerLauncher.model(plan.arm());
        List<WeightedRequest> paths = plan.workload().paths().stream()
                .map(p -> WeightedRequest.get(new WeightedPath(adapter.path(p.endpoint(), model), p.weight()))).toList();
        ArmResult result;
        try {
            RunningServer called = plan.workload().needsDownstream()
                    ? downstream.get(context, (int) ReactiveWorkload.DOWNSTREAM_MILLIS) : null;
            LabServerLauncher launcher = new LabServerLauncher(context.servers(),
                    called == null ? null : called.baseUrl());
            // A runner per arm: the common rate is fixed in the plan, so arms share nothing but it.
            result = new AssessArmRunner(launcher, paths, paths.getFirst().path(), plan.sloP99Ms(), plan.profile(),
                    new LabClosedModel(), READY_LIMIT, AssessArmRunner.POISSON)
                    .withCommonRate(plan.commonRateRps())
                    .withWarmup(new AssessArmRunner.Warmup(plan.warmup(), plan.warmupUsers()))
                    .run(plan.arm(), context);
        } catch (ChildDied e) {
            return FailedArm.failed(plan, "the downstream service stopped: " + e.getMessage());
        } catch (IOException e) {
            return FailedArm.failed(plan, "could not start the downstream service: " + e.getMessage());
        }
        if (result instanceof AssessArmResult assessed) {
            Integer lines = endpointLines(context.launcher().home(), adapter, plan.workload());
            return assessed.withSetup(assessed.setup().withEndpointLines(lines));
        }
        return result;
    }

    @Override
    public void experimentDone() {
        downstream.close();
    }

    /** The non-blank, non-comment lines of the files that serve the workload, or null when one is missing. */
    static Integer endpointLines(Path home, ServerUnderTest adapter, ReactiveWorkload workload) {
        Set<String> files = new LinkedHashSet<>();
        for (ReactiveWorkload.Weighted path : workload.paths()) {
            List<String> sources = adapter.sources(path.endpoint());
            if (sources.isEmpty()) {
                return null;
            }
            files.addAll(sources);
        }
        int lines = 0;
        for (String file : files) {
            Path source = home.resolve(file);
            if (!Files.isRegularFile(source)) {
                return null;
            }
            try {
                lines += SourceLines.count(Files.readString(source));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + source, e);
            }
        }
        return lines;
    }
}
