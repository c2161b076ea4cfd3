package loomlab.lab.report;

import java.util.ArrayList;
import java.util.List;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.BoundReadings;
import loomlab.core.arm.DelayMs;
import loomlab.core.arm.ErrorCounts;
import loomlab.core.arm.FairnessArmResult;
import loomlab.core.arm.GeneratorUsage;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.HttpMeasurement;
import loomlab.core.arm.Latency;
import loomlab.core.arm.LoadModel;
import loomlab.core.arm.ParamValue;
import loomlab.core.arm.ServerUsage;
import loomlab.core.arm.TimelinePoint;
import loomlab.core.experiment.Experiment;
import loomlab.core.experiment.Profile;
import loomlab.core.experiment.ServiceToService;
import loomlab.core.finding.Finding;
import loomlab.core.finding.Lead;
import loomlab.core.finding.Measure;
import loomlab.core.finding.Ranking;
import loomlab.core.repeat.RepeatedRuns;
import loomlab.core.result.ExperimentResult;
import loomlab.core.result.RunResult;
import loomlab.core.sweep.Sweep;
import loomlab.core.sweep.SweepSummary;
import loomlab.threads.Threads;

/**
 * A run made of fixed numbers that uses what {@link FixedRun} does not: a sweep of users with three
 * repeats per arm, a saturated generator, and an experiment whose arms are not HTTP arms.
 */
final class SweptRun {
    private SweptRun() {
    }

    static RunResult run() {
        return new RunResult(RunResult.SCHEMA, "2026-01-02T03:04:05Z", 180.25,
                "loomlab run service-to-service --quick --sweep users=1,20,100 --repeat 3", "quick",
                FixedRun.run().environment(), List.of(sweptServiceToService(), tasks()));
    }

    private static ExperimentResult sweptServiceToService() {
        Experiment experiment = new ServiceToService();
        List<ArmPlan> plans = Sweep.parse("users=1,20,100").apply(experiment.name(), experiment.plan(Profile.QUICK));
        double[] perSecond = {19.6, 19.8, 19.9, 19.5, 380, 1850};
        List<ArmResult> arms = new ArrayList<>();
        for (int i = 0; i < plans.size(); i++) {
            HttpArmPlan plan = (HttpArmPlan) plans.get(i);
            List<ArmResult> runs = new ArrayList<>();
            for (int run = 0; run < 3; run++) {
                double wobble = 1 + (run - 1) * 0.02;
                runs.add(arm(plan, perSecond[i] * wobble, i == 5 && run == 1));
            }
            arms.add(RepeatedRuns.combine(runs));
        }
        List<Finding> findings = new ArrayList<>(experiment.findings(arms));
        findings.addAll(SweepSummary.findings(arms));
        return new ExperimentResult(experiment.name(), experiment.summary(), experiment.question(),
                "quick", arms, findings, experiment);
    }

    private static HttpArmResult arm(HttpArmPlan plan, double perSecond, boolean saturated) {
        double queueMs = plan.users() / perSecond * 1000;
        Latency latency = new Latency(queueMs, queueMs * 0.98, queueMs * 1.1, queueMs * 1.4, queueMs * 2,
                queueMs * 2.5);
        List<TimelinePoint> timeline = new ArrayList<>();
        for (int second = 1; second <= 5; second++) {
            timeline.add(new TimelinePoint(second, perSecond * (0.96 + second * 0.01), queueMs * 1.4, 0,
                    10 + perSecond / 40, 110 + second * 2.5, 20L + plan.users() / 10));
        }
        long requests = Math.round(perSecond * 5);
        return HttpArmResult.of(plan, new HttpMeasurement(requests, 5.0, requests / 5.0, latency, latency,
                ErrorCounts.NONE, 30, 0, new GeneratorUsage(saturated ? 4.7 : 0.5, saturated ? 0.94 : 0.1, saturated,
                1.0), timeline, HttpMeasurement.LAB_ENGINE, LoadModel.CLOSED),
                new ServerUsage(1.5, 140.0, 30L, requests + 30), BoundReadings.none(FixedRun.CORES));
    }

    private static ExperimentResult tasks() {
        List<ArmResult> arms = List.of(
                fairness(ArmKey.program("platform:2", Threads.PLATFORM), new DelayMs(5200, 480, 1900, 2010), 12.5, 95.5),
                fairness(ArmKey.program(Threads.VIRTUAL), new DelayMs(310, 12, 95, 140), 8.25, 120.0),
                fairness(ArmKey.program("virtual:1", Threads.VIRTUAL).withParam("case", ParamValue.named("<no carrier> & \"quotes\"")),
                        new DelayMs(900, 60, 400, 650), 9.0, null));
        List<Finding> findings = List.of(new Lead(Measure.LIGHT_DELAY_P99, arms.get(1).key(), 95, arms.get(0).key(),
                1900));
        return new ExperimentResult("light-tasks", "an experiment whose arms are records of their own, not HTTP arms",
                "Do light tasks wait less on virtual threads?", "quick",
                arms, findings, Ranking.COMPARISONS);
    }

    /** A record of its own, flattened into a generic table and charted from its figures named with a unit. */
    private static FairnessArmResult fairness(ArmKey key, DelayMs lightDelay, double heavyDoneMs, Double heavyTaskMs) {
        return new FairnessArmResult(key, 5, 1_000, 1_000, 5_000, lightDelay, heavyDoneMs, 2, 1_000, heavyTaskMs,
                null, null, null);
    }
}
