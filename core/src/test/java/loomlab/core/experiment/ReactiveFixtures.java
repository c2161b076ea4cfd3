package loomlab.core.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.AssessArmResult;
import loomlab.core.arm.ParamValue;
import loomlab.core.arm.PathFigures;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.core.assess.ArmSetup;
import loomlab.core.assess.AssessFixtures;
import loomlab.core.assess.Capacity;
import loomlab.core.assess.CapacityStep;
import loomlab.core.assess.RateCosts;
import loomlab.core.assess.ServiceCosts;
import loomlab.core.assess.ServiceSwitch;
import loomlab.core.breakage.WatchReport;
import loomlab.core.reactive.ReactiveWorkload;

/** Reactive arms made of fixed numbers, for findings and reports checked without running anything. */
public final class ReactiveFixtures {
    public static final String WORKLOAD = ReactiveWorkload.DOWNSTREAM_CALL.label();
    static final double COMMON = Reactive.COMMON_RATE_RPS;

    private ReactiveFixtures() {
    }

    /**
     * An arm bracketed at [low, high] (its low end confirmed), with its costs and its tail at the common rate
     * ({@code p999Ms}: the path's p99, p99.9 and slowest request alike, over 400 requests).
     */
    public static AssessArmResult arm(ServerId server, String mode, double low, double high,
                                      double cpuMs, double rssMb, double p999Ms, long errorsAtCommon) {
        ArmKey key = new ArmKey(server, ServingModel.parse(mode), null, null, null, Map.of(Reactive.WORKLOAD, ParamValue.named(WORKLOAD)));
        List<Capacity.TriedStep> steps = new ArrayList<>();
        CapacityStep common = new CapacityStep(COMMON, 70.0, p999Ms, null, errorsAtCommon, 400, 2, null, null,
                new CapacityStep.StepUsage(cpuMs * 400 / 1000, 0.1, rssMb),
                List.of(new PathFigures("/downstream?delay=50", 1_200, 55.0, p999Ms, p999Ms, p999Ms, errorsAtCommon)));
        steps.add(new Capacity.TriedStep(common, errorsAtCommon == 0 ? Capacity.Outcome.PASSED
                : Capacity.Outcome.FAILED));
        steps.add(new Capacity.TriedStep(CapacityStep.of(low, 80.0, 0, Math.round(low * 2), 2),
                Capacity.Outcome.PASSED));
        steps.add(new Capacity.TriedStep(CapacityStep.of(high, 400.0, 0, Math.round(high * 2), 2),
                Capacity.Outcome.FAILED));
        // The final rate measured again, as the search confirms it.
        steps.add(new Capacity.TriedStep(CapacityStep.of(low, 80.0, 0, Math.round(low * 2), 2),
                Capacity.Outcome.PASSED));
        Capacity capacity = new Capacity(Capacity.Kind.BRACKETED, low, low, high, null, steps);
        RateCosts atCommon = new RateCosts(COMMON, cpuMs, cpuMs * COMMON / 1000, rssMb, errorsAtCommon == 0);
        ServiceCosts costs = new ServiceCosts(cpuMs, 1.0, 0.1, rssMb, 40L, null, null, atCommon);
        ArmSetup setup = new ArmSetup(key.mode().onPlatformThreads() ? 20 : null, "25.0.3+9-LTS",
                new ServiceSwitch(ServiceSwitch.LAB_SERVER, List.of(), List.of(), null), Reactive.SLO_P99_MS, 2,
                "lab", null, "poisson", ServerId.WEBFLUX.equals(server) ? 48 : 36);
        return new AssessArmResult(key, setup, List.of(), capacity, costs, AssessFixtures.NONE_PINNED, null,
                WatchReport.completed(List.of()), null);
    }

    /**
     * The same arm whose failure at its bracket's upper end cost {@code failedCpuMs} a request, followed by
     * a pass at {@code laterRps} (below it) that cost {@code laterCpuMs}.
     */
    public static AssessArmResult failedThenPassedLower(AssessArmResult arm, double failedCpuMs, double laterRps,
                                                        double laterCpuMs) {
        List<Capacity.TriedStep> steps = new ArrayList<>();
        for (Capacity.TriedStep tried : arm.capacity().steps()) {
            CapacityStep step = tried.step();
            // The JIT's CPU inside the failed step: as much as its whole CPU, so it accounts for any extra it cost.
            steps.add(tried.outcome() == Capacity.Outcome.FAILED && step.rateRps() == arm.capacity().high()
                    ? new Capacity.TriedStep(withCpu(step, failedCpuMs, failedCpuMs * step.requests() / 1000),
                    tried.outcome()) : tried);
        }
        steps.add(new Capacity.TriedStep(withCpu(CapacityStep.of(laterRps, 60.0, 0, Math.round(laterRps * 2), 2),
                laterCpuMs, null), Capacity.Outcome.PASSED));
        Capacity c = arm.capacity();
        return new AssessArmResult(arm.key(), arm.setup(), arm.curve(), new Capacity(c.kind(), c.rps(), c.low(),
                c.high(), c.limit(), steps), arm.costs(), arm.pinning(), arm.failure(), arm.watch(), arm.switched());
    }

    private static CapacityStep withCpu(CapacityStep step, double cpuMs, Double jitCpuS) {
        return new CapacityStep(step.rateRps(), step.p99Ms(), step.maxMs(), step.p50RiseMs(), step.errors(),
                step.requests(), step.elapsedS(), step.stoppedEarly(), step.generator(),
                new CapacityStep.StepUsage(cpuMs * step.requests() / 1000, 0.1, 280.0,
                        new CapacityStep.Served(step.requests(), 0, 0, 0), null, null, null, jitCpuS), step.paths(),
                step.windowRps());
    }

    /** The same arm with the service's and the lab's cores in its capacity step. */
    public static AssessArmResult atCores(AssessArmResult arm, double service, double lab) {
        ServiceCosts c = arm.costs();
        return new AssessArmResult(arm.key(), arm.setup(), arm.curve(), arm.capacity(), new ServiceCosts(
                c.cpuPerRequestMs(), service, lab, c.peakRssMb(), c.peakThreads(), c.gcPauseMs(), c.gcPauses(),
                c.atCommonRate()), arm.pinning(), arm.failure(), arm.watch(), arm.switched());
    }
}
