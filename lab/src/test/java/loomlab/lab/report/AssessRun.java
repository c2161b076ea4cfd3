package loomlab.lab.report;

import static loomlab.core.assess.AssessFixtures.NONE_PINNED;
import static loomlab.core.assess.AssessFixtures.arm;
import static loomlab.core.assess.AssessFixtures.bracketed;
import static loomlab.core.assess.AssessFixtures.costs;
import static loomlab.core.assess.AssessFixtures.curve;
import static loomlab.core.assess.AssessFixtures.pinned;

import java.util.List;
import loomlab.core.arm.ArmResult;
import loomlab.core.assess.AssessFixtures;
import loomlab.core.assess.Assessment;
import loomlab.core.assess.Capacity;
import loomlab.core.assess.CapacityStep;
import loomlab.core.assess.ServiceCosts;
import loomlab.core.assess.SteadyRule;
import loomlab.core.assess.WarmupEvidence;
import loomlab.core.assess.WarmupWindow;
import loomlab.core.finding.Finding;
import loomlab.core.result.ExperimentResult;
import loomlab.core.result.RunResult;

/** An assessment made of fixed numbers: the input of the golden files of every report format for assess. */
final class AssessRun {
    private AssessRun() {
    }

    static RunResult run() {
        return run(settled());
    }

    /** The same run, its virtual arm's warm-up ended at its cap unsettled: no lead, and the finding says why. */
    static RunResult notSteady() {
        return run(WarmupEvidence.of(SteadyRule.QUICK, List.of(new WarmupWindow(3.01, 400, 1.2, 1.5),
                new WarmupWindow(3.0, 570, 0.9, 0.9), new WarmupWindow(2.99, 575, 0.9, 0.8))));
    }

    /** The same costs with the machine's other work, and the hypervisor's steal of it, at capacity. */
    private static ServiceCosts withOtherWork(ServiceCosts c, double otherCores, double stealCores) {
        return new ServiceCosts(c.cpuPerRequestMs(), c.serviceCores(), c.labCores(), c.peakRssMb(), c.peakThreads(),
                c.gcPauseMs(), c.gcPauses(), c.atCommonRate(), c.database(), otherCores, stealCores);
    }

    /**
     * Both arms warmed, searched side by side, and offered the pool's failed rate in four windows each: every
     * window of the virtual arm had the lower p99, so the one run names its lead (1 in 35).
     */
    private static RunResult run(WarmupEvidence virtualWarmup) {
        Assessment assessment = new Assessment("spring.jar (Spring Boot 4.1.1, com.example.Shop)", 10, List.of());
        List<Integer> users = List.of(1, 16, 64);
        List<ArmResult> arms = List.of(
                arm(AssessFixtures.PLATFORM, 10, null, recorded(bracketed(190, 199), 3.0), curve(10, users),
                        withOtherWork(costs(0.9, 0.3, 0.1, 275.5, 39, 82.25), 0.05, 0.01),
                        NONE_PINNED).withWarmup(settled())
                        .withDeciding(AssessFixtures.windows(199, 240.0, 310.5, 228.0, 275.0)),
                arm(AssessFixtures.VIRTUAL, 10, null, recorded(bracketed(950, 990), 5.2), curve(null, users),
                        withOtherWork(costs(0.25, 0.6, 0.3, 352, 33, 148), 0.12, 0.02),
                        pinned("com.example.Orders.reserve:42", 7)).withWarmup(virtualWarmup)
                        .withDeciding(AssessFixtures.windows(199, 52.5, 55.0, 51.25, 60.0)));
        List<Finding> findings = assessment.findings(arms);
        ExperimentResult result = new ExperimentResult(assessment.name(), assessment.summary(), assessment.question(),
                "quick", arms, findings, assessment);
        return new RunResult(RunResult.SCHEMA, "2026-01-02T03:04:05Z", 98.5, "loomlab assess --jar spring.jar --path"
                + " /orders@3 --path /stock --pool 10 --slo-p99 200 --quick", "quick", FixedRun.run().environment(),
                List.of(result));
    }

    /** A quick warm-up that settled in its fourth window: the JIT busy in the first, quiet after. */
    private static WarmupEvidence settled() {
        return WarmupEvidence.of(SteadyRule.QUICK, List.of(new WarmupWindow(3.01, 400, 1.2, 1.5),
                new WarmupWindow(3.0, 570, 0.9, 0.1), new WarmupWindow(2.99, 575, 0.9, 0.05),
                new WarmupWindow(3.0, 572, 0.88, 0.04)));
    }

    /**
     * The capacity with each step's window on the wall clock (3 s each, one after another), what its CPU
     * served, what the recording held inside it (one collection pausing {@code gcMs}) and the JIT's CPU, as a run reads
     * them: results.json writes them on the step and in every finding that carries the step.
     */
    private static Capacity recorded(Capacity capacity, double gcMs) {
        List<Capacity.TriedStep> steps = new java.util.ArrayList<>();
        java.time.Instant opened = java.time.Instant.parse("2026-01-02T03:04:10.250Z");
        for (Capacity.TriedStep tried : capacity.steps()) {
            CapacityStep step = tried.step();
            CapacityStep.StepUsage usage = step.usage();
            steps.add(new Capacity.TriedStep(step.withUsage(new CapacityStep.StepUsage(usage.serviceCpuS(),
                    usage.labCpuS(), usage.rssMb(), new CapacityStep.Served(step.requests(), 0, 2, 0),
                    new CapacityStep.Window(opened, opened.plusMillis(3_000)), new CapacityStep.Recorded(1, gcMs,
                    40 / (steps.size() + 1)), null, 0.310 / (steps.size() + 1))), tried.outcome()));
            opened = opened.plusMillis(5_000);
        }
        return new Capacity(capacity.kind(), capacity.rps(), capacity.low(), capacity.high(), capacity.limit(), steps);
    }
}
