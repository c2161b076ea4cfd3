package loomlab.lab.report;

import java.util.List;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.ErrorCounts;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.GeneratorUsage;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.HttpMeasurement;
import loomlab.core.arm.Latency;
import loomlab.core.arm.ServerUsage;
import loomlab.core.arm.TimelinePoint;
import loomlab.core.experiment.BlockingEndpoint;
import loomlab.core.experiment.Experiment;
import loomlab.core.experiment.Profile;
import loomlab.core.experiment.ServiceToService;
import loomlab.core.result.Environment;
import loomlab.core.result.ExperimentResult;
import loomlab.core.result.RunResult;

/** A run made of fixed numbers: the input of the golden-file tests of every report format. */
final class FixedRun {
    private FixedRun() {
    }

    static RunResult run() {
        Environment environment = new Environment("25.0.3+9-LTS", "Eclipse Adoptium", "OpenJDK 64-Bit Server VM 25",
                2, 24000, "Linux 6.1", "amd64", "lab-host", List.of("-Dloomlab.home=/lab"),
                List.of("-Xms256m", "-Xmx2g"), "0123456789abcdef", false, "loomlab");
        return new RunResult(RunResult.SCHEMA, "2026-01-02T03:04:05Z", 42.5, "loomlab run --quick", "quick",
                environment, List.of(serviceToService(), blockingEndpoint()));
    }

    private static ExperimentResult serviceToService() {
        Experiment experiment = new ServiceToService();
        List<HttpArmPlan> plans = experiment.plan(Profile.QUICK).stream().map(p -> (HttpArmPlan) p).toList();
        List<ArmResult> arms = List.of(arm(plans.get(0), 98, 5.0, 0), arm(plans.get(1), 99, 5.0, 0),
                arm(plans.get(2), 97, 5.0, 0), arm(plans.get(3), 1955, 5.0, 2));
        return new ExperimentResult(experiment.name(), experiment.summary(), "quick", arms, experiment.verdict(arms));
    }

    private static ExperimentResult blockingEndpoint() {
        Experiment experiment = new BlockingEndpoint();
        List<HttpArmPlan> plans = experiment.plan(Profile.QUICK).stream().map(p -> (HttpArmPlan) p).toList();
        List<ArmResult> arms = List.of(arm(plans.get(0), 60, 6.1, 0), arm(plans.get(1), 60, 3.05, 0),
                arm(plans.get(2), 600, 3.2, 0), FailedArm.failed(plans.get(3), "loomcat",
                        "loomcat (virtual) died (exit code 137); last lines of x.log:\n    Killed"));
        return new ExperimentResult(experiment.name(), experiment.summary(), "quick", arms, experiment.verdict(arms));
    }

    static HttpArmResult arm(HttpArmPlan plan, long requests, double elapsed, long timeouts) {
        double perRequestMs = plan.serviceSeconds() * 1000;
        Latency latency = new Latency(perRequestMs + 1.5, perRequestMs + 1, perRequestMs + 2, perRequestMs + 4,
                perRequestMs + 8, perRequestMs + 12.25);
        List<TimelinePoint> timeline = List.of(new TimelinePoint(1.0, requests / elapsed, perRequestMs + 4, 0, 35.5,
                120.25, 25L), new TimelinePoint(2.0, requests / elapsed, perRequestMs + 3, timeouts, 36.0, 121.0, 26L));
        HttpMeasurement measured = new HttpMeasurement(requests, elapsed, requests / elapsed, latency, latency,
                new ErrorCounts(0, timeouts, 0, 0), 40, 0, new ServerUsage(1.25, 130.5, 26L, requests + 40),
                new GeneratorUsage(0.4, 0.08, false), timeline);
        return HttpArmResult.of(plan, measured);
    }
}
