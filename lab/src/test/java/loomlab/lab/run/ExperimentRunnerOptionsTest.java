package loomlab.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import loomlab.core.BadInput;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.BoundReadings;
import loomlab.core.arm.ErrorCounts;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.GeneratorUsage;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.HttpMeasurement;
import loomlab.core.arm.JdbcArmPlan;
import loomlab.core.arm.TaskArmPlan;
import loomlab.core.arm.Latency;
import loomlab.core.arm.LoadModel;
import loomlab.core.arm.ServerUsage;
import loomlab.core.experiment.Experiment;
import loomlab.core.experiment.JdbcExperiment;
import loomlab.core.experiment.ThreadLimit;
import loomlab.core.experiment.Profile;
import loomlab.core.experiment.ServiceToService;
import loomlab.core.finding.Finding;
import loomlab.core.result.Environment;
import loomlab.core.result.RunResult;
import loomlab.core.sweep.Sweep;
import loomlab.lab.report.Json;
import loomlab.lab.report.ResultFiles;
import loomlab.lab.servers.ServerJava;
import loomlab.lab.servers.ServerJdks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sweeps and repeats through the runner, with a runner of fixed figures in place of real servers. */
class ExperimentRunnerOptionsTest {
    @TempDir
    Path out;

    private static final Environment ENVIRONMENT = new Environment("25", "vendor", "vm", 2, 1024, "Linux", "amd64",
            "host", List.of(), List.of(), List.of(), "abc", false, "fixed figures");

    private final List<Path> armFiles = new ArrayList<>();
    private final List<Integer> runs = new ArrayList<>();

    /** Throughput 10 x users, a little more on each run, so the median run is the second. */
    private HttpArmResult fixedFigures(HttpArmPlan plan, RunContext context) {
        armFiles.add(context.armFile(plan.key(), "hlog"));
        int run = context.arm().run();
        runs.add(run);
        double throughput = 10.0 * plan.users() + run;
        Latency latency = new Latency(50.0, 50.0, 51.0, 55.0 + run, 60.0, 70.0);
        return HttpArmResult.of(plan, new HttpMeasurement((long) (throughput * 5), 5, throughput, latency, latency,
                ErrorCounts.NONE, 10, 0, GeneratorUsage.UNKNOWN, List.of(), HttpMeasurement.LAB_ENGINE,
                LoadModel.CLOSED), ServerUsage.UNKNOWN, BoundReadings.none(2));
    }

    /** Counts the experiments it was told were done; its second arm is interrupted. */
    private final class KeepingRunner implements ArmRunner<HttpArmPlan> {
        int armsRun;
        int experimentsDone;

        @Override
        public ArmResult run(HttpArmPlan plan, RunContext context) throws InterruptedException {
            if (++armsRun == 2) {
                throw new InterruptedException("stopped by the user");
            }
            return fixedFigures(plan, context);
        }

        @Override
        public void experimentDone() {
            experimentsDone++;
        }
    }

    @Test
    void aRunnerReleasesWhatItKeptForAnExperimentOnceItsArmsAreDoneEvenWhenOneWasInterrupted() throws Exception {
        KeepingRunner keeping = new KeepingRunner();
        ExperimentRunner runner = new ExperimentRunner(new ArmRunners().register(HttpArmPlan.class, keeping),
                ResultFiles.standard());

        assertThrows(InterruptedException.class, () -> runner.run(List.of(new ServiceToService()),
                LabFixture.context(out), ENVIRONMENT, "loomlab run service-to-service"));

        assertEquals(2, keeping.armsRun, "the run stopped at the second arm");
        assertEquals(1, keeping.experimentsDone);
    }

    @Test
    void aSweepWithRepeatsRunsEveryArmKTimesAndKeepsTheMedianRun() throws Exception {
        ArmRunners runners = new ArmRunners().register(HttpArmPlan.class, this::fixedFigures);
        ExperimentRunner runner = new ExperimentRunner(runners, ResultFiles.standard(),
                new RunOptions(Sweep.parse("users=1,5"), 3));
        RunResult run = runner.run(List.of(new ServiceToService()), LabFixture.context(out),
                ENVIRONMENT, "loomlab run service-to-service --sweep users=1,5 --repeat 3");

        List<HttpArmResult> arms = run.experiments().getFirst().arms().stream()
                .map(a -> assertInstanceOf(HttpArmResult.class, a)).toList();
        assertEquals(List.of("loomcat platform:1, 1 user", "loomcat platform:1, 5 users", "loomcat virtual, 1 user",
                "loomcat virtual, 5 users"), arms.stream().map(HttpArmResult::name).toList());
        assertEquals(12, runs.size());
        assertEquals(List.of(1, 2, 3), runs.subList(0, 3));
        HttpArmResult virtual5 = arms.get(3);
        assertEquals(52.0, virtual5.throughputRps(), 1e-9);
        assertEquals(List.of(51.0, 52.0, 53.0), virtual5.repeats().throughputRps().values());
        assertEquals(57.0, virtual5.latencyMs().p99(), 1e-9);
        assertEquals(out.resolve("arms").resolve("service-to-service-loomcat-virtual-5u-run2.hlog"), armFiles.get(10));
        assertTrue(run.experiments().getFirst().verdict().contains("Sweep of users: "),
                run.experiments().getFirst().verdict());

        JsonNode written = Json.mapper().readTree(out.resolve("results.json").toFile());
        JsonNode arm = written.at("/experiments/0/arms/3");
        assertEquals("users", arm.at("/sweep/parameter").asText());
        assertEquals(5, arm.at("/sweep/value").asInt());
        assertEquals(3, arm.at("/repeats/runs").asInt());
        assertEquals(53.0, arm.at("/repeats/throughput_rps/max").asDouble(), 1e-9);
        assertTrue(Files.size(out.resolve("report.html")) > 10_000);
    }

    /** One JDBC arm and one task program's arm, from the real experiments' plans. */
    private static final class MixedArms implements Experiment {
        @Override
        public String name() {
            return "mixed";
        }

        @Override
        public String summary() {
            return "a JDBC arm and a task program's";
        }

        @Override
        public String question() {
            return "Which arms does --repeat repeat?";
        }

        @Override
        public List<ArmPlan> plan(Profile profile) {
            return List.of(new JdbcExperiment().plan(profile).getFirst(), new ThreadLimit().plan(profile).getFirst());
        }

        @Override
        public List<Finding> findings(List<ArmResult> arms) {
            return List.of();
        }
    }

    @Test
    void repeatsRunAJdbcArmKTimesAndATaskProgramOnceSayingSo() throws Exception {
        List<String> ran = new ArrayList<>();
        ArmRunners runners = new ArmRunners()
                .register(JdbcArmPlan.class, (plan, context) -> {
                    ran.add(plan.name());
                    return fixedFigures(plan.http(), context);
                })
                .register(TaskArmPlan.class, (plan, context) -> {
                    ran.add(plan.name());
                    return FailedArm.skipped(plan, "a fixed runner");
                });
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        RunResult run = new ExperimentRunner(runners, ResultFiles.standard(), new RunOptions(null, 3))
                .run(List.of(new MixedArms()), LabFixture.context(out, new PrintStream(console, true,
                        StandardCharsets.UTF_8)), ENVIRONMENT, "loomlab run --repeat 3");

        List<ArmPlan> plans = new MixedArms().plan(Profile.QUICK);
        assertEquals(List.of(plans.get(0).name(), plans.get(0).name(), plans.get(0).name(), plans.get(1).name()), ran);
        HttpArmResult jdbc = assertInstanceOf(HttpArmResult.class, run.experiments().getFirst().arms().getFirst());
        assertEquals(3, jdbc.repeats().runs());
        String printed = console.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains("  - " + plans.get(1).name() + " (runs once: --repeat applies to arms measured"
                + " over HTTP)"), printed);
        assertTrue(printed.contains("  - " + plans.get(0).name() + " (run 3 of 3)"), printed);
    }

    @Test
    void everyServerArmRunsOnEachJdkAndArmsOnAJdkThatCouldNotBeHadAreSkippedWithTheReason() throws Exception {
        ArmRunners runners = new ArmRunners().register(HttpArmPlan.class, this::fixedFigures);
        ExperimentRunner runner = new ExperimentRunner(runners, ResultFiles.standard(),
                new RunOptions(null, 1, List.of(21, 25)));
        assertEquals(java.util.Set.of(21, 25), runner.jdksNeeded(List.of(new ServiceToService())));
        ServerJava jdk25 = new ServerJava(Path.of("/jdk-25/bin/java"), "25.0.3+9-LTS", 25, true);
        RunContext context = LabFixture.context(out).withJdks(new ServerJdks(java.util.Map.of(25, jdk25),
                java.util.Map.of(21, "no JDK 21 found")));
        RunResult run = runner.run(List.of(new ServiceToService()), context, ENVIRONMENT, "loomlab run --jdk 21,25");

        List<ArmResult> arms = run.experiments().getFirst().arms();
        assertEquals(8, arms.size(), "four arms on two JDKs");
        assertEquals(List.of(21, 25), arms.subList(0, 2).stream().map(a -> a.key().jdk()).toList(),
                "one arm's JDKs side by side");
        List<FailedArm> skipped = arms.stream().filter(FailedArm.class::isInstance).map(FailedArm.class::cast).toList();
        assertEquals(4, skipped.size());
        assertTrue(skipped.stream().allMatch(f -> f.wasSkipped() && f.key().jdk() == 21
                && f.failure().equals("no JDK 21 found")));
        assertEquals(4, runs.size(), "only the arms on JDK 25 ran");
    }

    @Test
    void aSweepThatFitsNoArmIsBadInputBeforeAnythingRuns() {
        ArmRunners runners = new ArmRunners().register(HttpArmPlan.class, this::fixedFigures);
        ServiceToService seed = new ServiceToService();
        Experiment onlyUnboundedModes = new Experiment() {
            @Override
            public String name() {
                return "virtual-only";
            }

            @Override

            public String question() {

                return "a stand-in's question";

            }


            @Override
            public String summary() {
                return "the virtual arms of service-to-service";
            }

            @Override
            public List<ArmPlan> plan(Profile profile) {
                return seed.plan(profile).subList(2, 4);
            }

            @Override
            public List<Finding> findings(List<ArmResult> arms) {
                return seed.findings(arms);
            }
        };
        ExperimentRunner runner = new ExperimentRunner(runners, ResultFiles.standard(),
                new RunOptions(Sweep.parse("pool=1,2"), 1));
        assertThrows(BadInput.class, () -> runner.plan(List.of(onlyUnboundedModes), Profile.QUICK));
        assertTrue(runs.isEmpty());
    }
}
