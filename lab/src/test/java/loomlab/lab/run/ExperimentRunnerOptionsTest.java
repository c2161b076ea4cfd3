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
import loomlab.core.arm.Latency;
import loomlab.core.arm.LoadModel;
import loomlab.core.arm.ServerUsage;
import loomlab.core.arm.TaskArmPlan;
import loomlab.core.experiment.Experiment;
import loomlab.core.experiment.JdbcExperiment;
import loomlab.core.experiment.Profile;
import loomlab.core.experiment.ServiceToService;
import loomlab.core.experiment.ThreadLimit;
import loomlab.core.finding.Finding;
import loomlab.core.result.Environment;
import loomlab.core.result.RunResult;
import loomlab.core.sweep.Sweep;
import loomlab.lab.report.Json;
import loomlab.lab.report.files.ResultFiles;
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
        assertEquals(List.of(1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3), runs, "each run every arm, then the next run");
        HttpArmResult virtual5 = arms.get(3);
        assertEquals(52.0, virtual5.throughputRps(), 1e-9);
        assertEquals(List.of(51.0, 52.0, 53.0), virtual5.repeats().throughputRps().values());
        assertEquals(57.0, virtual5.latencyMs().p99(), 1e-9);
        assertEquals(out.resolve("arms").resolve("service-to-service-loomcat-virtual-5u-run2.hlog"), armFiles.get(4),
                "the second run starts with the arm the first ended with");
        String verdict = loomlab.lab.report.verdict.VerdictWriter.write(run.experiments().getFirst().verdict());
        assertTrue(verdict.contains("Sweep of users: "), verdict);

        JsonNode written = Json.mapper().readTree(out.resolve("results.json").toFile());
        JsonNode arm = written.at("/experiments/0/arms/3");
        assertEquals("users", arm.at("/sweep/parameter").asText());
        assertEquals(5, arm.at("/sweep/value").asInt());
        assertEquals(3, arm.at("/repeats/runs").asInt());
        assertEquals(53.0, arm.at("/repeats/throughput_rps/max").asDouble(), 1e-9);
        assertTrue(Files.size(out.resolve("report.html")) > 10_000);
    }

    /**
     * Issue 41 item 3 and issue 40 section 4: each run starts every arm afresh, in the planned order in odd
     * runs and the reverse in even ones, and results.json records each run's order. Before, an arm ran K
     * times in a row and the arms always in one order.
     */
    @Test
    void item3_repeatsRunEveryArmAfreshEachRunInTheOtherOrderEveryOtherRunAndRecordIt() throws Exception {
        List<String> ran = new ArrayList<>();
        ArmRunners runners = new ArmRunners().register(HttpArmPlan.class, (plan, context) -> {
            ran.add(plan.name() + " #" + context.arm().run());
            return fixedFigures(plan, context);
        });
        RunResult run = new ExperimentRunner(runners, ResultFiles.standard(), new RunOptions(null, 3), () -> 7L)
                .run(List.of(new ServiceToService()), LabFixture.context(out), ENVIRONMENT,
                        "loomlab run service-to-service --repeat 3");

        List<String> planned = new ServiceToService().plan(Profile.QUICK).stream().map(ArmPlan::name).toList();
        List<String> reversed = planned.reversed();
        List<String> expected = new ArrayList<>();
        planned.forEach(n -> expected.add(n + " #1"));
        reversed.forEach(n -> expected.add(n + " #2"));
        planned.forEach(n -> expected.add(n + " #3"));
        assertEquals(expected, ran);
        List<loomlab.core.repeat.RepeatRun> recorded = run.experiments().getFirst().runs();
        assertEquals(List.of(planned, reversed, planned), recorded.stream().map(loomlab.core.repeat.RepeatRun::order)
                .toList());
        assertEquals(List.of(1, 2, 3), recorded.stream().map(loomlab.core.repeat.RepeatRun::run).toList());
        assertEquals(planned, run.experiments().getFirst().arms().stream().map(ArmResult::name).toList(),
                "the results keep the planned order");
        JsonNode written = Json.mapper().readTree(out.resolve("results.json").toFile());
        assertEquals(reversed.getFirst(), written.at("/experiments/0/runs/1/order/0").asText());
        assertTrue(written.at("/experiments/0/runs/1/arrivals_seed").isNull(), "no arm searched a capacity");
    }

    /**
     * Issue 41 item 2: each run draws a seed of its own, every arm of the run gets that one (paired on one
     * schedule), and results.json records it beside the run's order.
     */
    @Test
    void item2_eachRunHasASeedOfItsOwnThatEveryArmOfTheRunGetsAndResultsJsonKeeps() throws Exception {
        List<String> seen = new ArrayList<>();
        ArmRunners runners = new ArmRunners().register(loomlab.core.assess.AssessArmPlan.class, (plan, context) -> {
            seen.add(plan.name() + " " + context.arm().arrivalsSeed());
            return assessed(plan, context.arm().arrivalsSeed());
        });
        java.util.Iterator<Long> seeds = List.of(11L, 22L).iterator();
        loomlab.core.assess.Assessment assessment = new loomlab.core.assess.Assessment("a service", 10, List.of());
        RunResult run = new ExperimentRunner(runners, ResultFiles.standard(), new RunOptions(null, 2), seeds::next)
                .run(List.of(assessment), LabFixture.context(out), ENVIRONMENT, "loomlab assess --repeat 2");

        List<String> arms = assessment.plan(Profile.QUICK).stream().map(ArmPlan::name).toList();
        assertEquals(List.of(arms.get(0) + " 11", arms.get(1) + " 11", arms.get(1) + " 22", arms.get(0) + " 22"), seen,
                "the two arms alternate, each run on its own seed");
        assertEquals(List.of(11L, 22L), run.experiments().getFirst().runs().stream()
                .map(loomlab.core.repeat.RepeatRun::arrivalsSeed).toList());
        JsonNode written = Json.mapper().readTree(out.resolve("results.json").toFile());
        assertEquals(22, written.at("/experiments/0/runs/1/arrivals_seed").asLong());
        assertEquals(List.of(11L, 22L), List.of(written.at("/experiments/0/arms/0/repeats/each_run/0/arrivals_seed")
                .asLong(), written.at("/experiments/0/arms/0/repeats/each_run/1/arrivals_seed").asLong()));
    }

    /** An assessed arm of fixed figures: a capacity of 100 req/s (confirmed), its run's seed in its setup. */
    private static loomlab.core.arm.AssessArmResult assessed(loomlab.core.assess.AssessArmPlan plan, long seed) {
        loomlab.core.assess.CapacityStep step = loomlab.core.assess.CapacityStep.of(100, 50.0, 0, 300, 3)
                .withArrivalsSeed(seed);
        loomlab.core.assess.Capacity capacity = new loomlab.core.assess.Capacity(loomlab.core.assess.Capacity.Kind.AT_LEAST,
                100.0, 100, null, loomlab.core.assess.Capacity.Limit.STEPS, List.of(
                new loomlab.core.assess.Capacity.TriedStep(step, loomlab.core.assess.Capacity.Outcome.PASSED)));
        loomlab.core.assess.ArmSetup setup = new loomlab.core.assess.ArmSetup(plan.pool(), "25",
                new loomlab.core.assess.ServiceSwitch(loomlab.core.assess.ServiceSwitch.COMMAND, List.of("x"),
                        List.of(), null), 200, 2, "lab", null, "poisson", null, seed);
        return new loomlab.core.arm.AssessArmResult(plan.key(), setup, List.of(), capacity,
                loomlab.core.assess.ServiceCosts.UNKNOWN, loomlab.core.assess.PinningFigures.UNREAD, null,
                loomlab.core.breakage.WatchReport.completed(List.of()), null);
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
        assertEquals(List.of(plans.get(0).name(), plans.get(1).name(), plans.get(0).name(), plans.get(0).name()), ran,
                "the task program in the first run alone");
        HttpArmResult jdbc = assertInstanceOf(HttpArmResult.class, run.experiments().getFirst().arms().getFirst());
        assertEquals(3, jdbc.repeats().runs());
        String printed = console.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains("  - " + plans.get(1).name() + " (runs once: this kind of arm has no"
                + " --repeat; run --help lists the experiments whose arms have)"), printed);
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

    /** Runs arms side by side: records each group it was handed, in the order handed. */
    private final class SideBySideRunner implements ArmRunner<HttpArmPlan> {
        final List<List<String>> groups = new ArrayList<>();

        @Override
        public ArmResult run(HttpArmPlan plan, RunContext context) {
            groups.add(List.of(plan.name()));
            return fixedFigures(plan, context);
        }

        @Override
        public boolean sideBySide() {
            return true;
        }

        @Override
        public List<ArmResult> runSideBySide(List<HttpArmPlan> plans, List<RunContext> contexts) {
            groups.add(plans.stream().map(ArmPlan::name).toList());
            List<ArmResult> results = new ArrayList<>();
            for (int i = 0; i < plans.size(); i++) {
                results.add(fixedFigures(plans.get(i), contexts.get(i)));
            }
            return results;
        }
    }

    /**
     * Issue 48 section 2: a runner that measures side by side gets the arms of one JDK together, in the run's
     * order (reversed in even runs), and each JDK's group after the other; an arm whose JDK could not be had
     * is skipped and never handed over. Reversed: a runner that does not is handed one arm at a time.
     */
    @Test
    void theArmsOfOneJdkGoSideBySideToARunnerThatMeasuresSoAndOneByOneToOneThatDoesNot() throws Exception {
        SideBySideRunner together = new SideBySideRunner();
        ServerJava jdk25 = new ServerJava(Path.of("/jdk-25/bin/java"), "25.0.3+9-LTS", 25, true);
        ServerJava jdk21 = new ServerJava(Path.of("/jdk-21/bin/java"), "21.0.8+9-LTS", 21, true);
        RunContext both = LabFixture.context(out).withJdks(new ServerJdks(java.util.Map.of(21, jdk21, 25, jdk25),
                java.util.Map.of()));
        RunResult run = new ExperimentRunner(new ArmRunners().register(HttpArmPlan.class, together),
                ResultFiles.standard(), new RunOptions(null, 2, List.of(21, 25)), () -> 7L)
                .run(List.of(new ServiceToService()), both, ENVIRONMENT, "loomlab run --jdk 21,25 --repeat 2");
        List<ArmPlan> planned = new ExperimentRunner(new ArmRunners(), ResultFiles.standard(),
                new RunOptions(null, 2, List.of(21, 25))).plan(List.of(new ServiceToService()), Profile.QUICK)
                .values().iterator().next();
        List<String> on21 = planned.stream().filter(p -> p.key().jdk() == 21).map(ArmPlan::name).toList();
        List<String> on25 = planned.stream().filter(p -> p.key().jdk() == 25).map(ArmPlan::name).toList();
        assertEquals(List.of(on21, on25, on25.reversed(), on21.reversed()), together.groups);
        assertEquals(planned.stream().map(ArmPlan::name).toList(), run.experiments().getFirst().arms().stream()
                .map(ArmResult::name).toList(), "the results keep the planned order");

        SideBySideRunner without21 = new SideBySideRunner();
        new ExperimentRunner(new ArmRunners().register(HttpArmPlan.class, without21), ResultFiles.standard(),
                new RunOptions(null, 1, List.of(21, 25))).run(List.of(new ServiceToService()),
                LabFixture.context(out).withJdks(new ServerJdks(java.util.Map.of(25, jdk25),
                        java.util.Map.of(21, "no JDK 21 found"))), ENVIRONMENT, "loomlab run --jdk 21,25");
        assertEquals(List.of(on25), without21.groups, "the JDK 21 arms were skipped, not handed over");

        List<String> alone = new ArrayList<>();
        new ExperimentRunner(new ArmRunners().register(HttpArmPlan.class, (plan, context) -> {
            alone.add(plan.name());
            return fixedFigures(plan, context);
        }), ResultFiles.standard(), new RunOptions(null, 1, List.of(21, 25))).run(List.of(new ServiceToService()),
                both, ENVIRONMENT, "loomlab run --jdk 21,25");
        assertEquals(planned.stream().map(ArmPlan::name).toList(), alone, "one arm at a time, in the planned order");
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
