package loomlab.lab.report;

import java.util.List;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.ConnectionWait;
import loomlab.core.arm.ErrorCounts;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.GeneratorUsage;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.HttpMeasurement;
import loomlab.core.arm.JdbcArmPlan;
import loomlab.core.arm.JdbcFigures;
import loomlab.core.arm.Latency;
import loomlab.core.arm.ServerUsage;
import loomlab.core.arm.TimelinePoint;
import loomlab.core.experiment.BlockingEndpoint;
import loomlab.core.experiment.Experiment;
import loomlab.core.experiment.JdbcExperiment;
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
                environment, List.of(serviceToService(), blockingEndpoint(), jdbc()));
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

    /** Two JDBC arms with their pools, seed columns, connection waits and pinning; one measured by wrk. */
    private static ExperimentResult jdbc() {
        Experiment experiment = new JdbcExperiment();
        List<JdbcArmPlan> plans = experiment.plan(Profile.QUICK).stream().map(p -> (JdbcArmPlan) p).toList();
        HttpArmResult worker = jdbcArm(plans.get(0), 200, 3.5, 1.62, new ConnectionWait(240L, 0.25, 3.5, 60.0), "lab")
                .withPinning(0L, 0.0);
        HttpArmResult virtual = jdbcArm(plans.get(1), 200, 3.25, 1.7, new ConnectionWait(240L, 0.5, 9.0, 120.0),
                "wrk").withPinning(2L, 41.5);
        List<ArmResult> arms = List.of(worker, virtual, FailedArm.skipped(plans.get(2), "loomcat",
                "no PostgreSQL server binaries (initdb, pg_ctl, postgres) in /usr/lib/postgresql/*/bin or on the PATH;"
                        + " install PostgreSQL or name a server with --db-url"));
        return new ExperimentResult(experiment.name(), experiment.summary(), "quick", arms, experiment.verdict(arms));
    }

    private static HttpArmResult jdbcArm(JdbcArmPlan plan, long requests, double elapsed, double serverCpuS,
                                         ConnectionWait wait, String engine) {
        HttpArmPlan http = plan.httpWithServiceSeconds(0.025);
        Latency latency = new Latency(1500.0, 1400.0, 2500.0, 3100.0, 3300.0, 3350.0);
        HttpMeasurement measured = new HttpMeasurement(requests, elapsed, requests / elapsed, latency, latency,
                ErrorCounts.NONE, 300, 0, new ServerUsage(serverCpuS * elapsed, 620.5, 40L, requests + 300, wait),
                new GeneratorUsage(0.3, 0.09, false), List.of(), engine);
        HttpArmResult result = HttpArmResult.of(http, measured);
        return result.withJdbc(JdbcFigures.of(plan, 0.025, result, 1_258_360L, 0.2 * elapsed, 2, false));
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
