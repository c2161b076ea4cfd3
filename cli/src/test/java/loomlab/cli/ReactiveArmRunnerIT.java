package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.AssessArmResult;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.core.assess.AssessArmPlan;
import loomlab.core.assess.AssessProfile;
import loomlab.core.assess.Capacity;
import loomlab.core.assess.CapacityStep;
import loomlab.core.assess.StepSeeds;
import loomlab.core.assess.ThreadsSeen;
import loomlab.core.breakage.Outcome;
import loomlab.core.experiment.Profile;
import loomlab.core.experiment.Reactive;
import loomlab.core.finding.Finding;
import loomlab.core.finding.VirtualVersusReactive;
import loomlab.core.finding.WinnersMatrix;
import loomlab.core.reactive.ReactiveArmPlan;
import loomlab.core.reactive.ReactiveWorkload;
import loomlab.lab.process.JavaLauncher;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.reactive.ReactiveArmRunner;
import loomlab.lab.run.RunContext;
import loomlab.lab.servers.Servers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reactive experiment's arms end to end on the real servers, in small bounded steps: Spring MVC
 * on virtual threads and WebFlux, sharing one downstream service, measured by
 * {@code assess}'s runner, with the common rate measured by both and their endpoint code counted.
 */
class ReactiveArmRunnerIT {
    /** Three short steps from the common rate up: enough to exercise every part, not to find a capacity. */
    private static final AssessProfile SHORT = new AssessProfile("quick", List.of(1, 16), Duration.ofMillis(500),
            Duration.ofSeconds(1), Duration.ofMillis(500), Duration.ofSeconds(1), 10, 20_000, 0, 3, Duration.ofSeconds(1));
    private static final double COMMON = 50;
    /**
     * The quick profile's warm-up, in which the switch probe dumps the threads: on a loaded machine a
     * dump asked for at a 1 s warm-up's start once landed after its last request and saw no thread
     * serving.
     */
    private static final Duration WARMUP = Duration.ofSeconds(2);
    private static final Path HOME = Path.of("..").toAbsolutePath().normalize();
    /** The run's seed: both arms' first steps at the common rate draw their arrivals from it. */
    private static final long SEED = 4242L;

    @TempDir
    Path out;

    @Test
    void springOnVirtualThreadsAndWebFluxAreMeasuredAtOneCommonRateAndLeaveNothingBehind() throws Exception {
        ReactiveWorkload workload = ReactiveWorkload.DOWNSTREAM_CALL;
        List<ReactiveArmPlan> plans = List.of(plan(ServerId.SPRING, "virtual", workload),
                plan(ServerId.WEBFLUX, "reactive", workload));
        ReactiveArmRunner runner = new ReactiveArmRunner();
        ProcessSupervisor processes = new ProcessSupervisor();
        JavaLauncher launcher = new JavaLauncher(HOME, Path.of(System.getProperty("java.home"), "bin", "java"));
        RunContext context = new RunContext(Profile.QUICK, out, launcher, processes, Servers.standard(launcher,
                processes), new PrintStream(OutputStream.nullOutputStream()), false).forArm(Reactive.NAME, 1, 1, SEED);
        List<ArmResult> results = new ArrayList<>();
        for (ReactiveArmPlan plan : plans) {
            results.add(runner.run(plan, context));
            assertEquals(1, ProcessSupervisor.liveCount(), "only the shared downstream service outlives an arm");
        }
        runner.experimentDone();
        assertEquals(0, ProcessSupervisor.liveCount(), "the downstream service outlived the experiment");
        try (var logs = java.nio.file.Files.list(out.resolve("logs"))) {
            assertEquals(1, logs.filter(p -> p.getFileName().toString().contains("-downstream-")).count(),
                    "one downstream service for both arms");
        }
        List<Integer> lines = new ArrayList<>();
        for (ArmResult result : results) {
            AssessArmResult arm = assertInstanceOf(AssessArmResult.class, result, result.toString());
            assertTrue(arm.complete(), arm.failure());
            assertEquals(Outcome.COMPLETED, arm.watch().outcome(), arm.name());
            assertEquals(0, arm.errors(), arm.name());
            assertNotEquals(Capacity.Kind.NOT_MEASURED, arm.capacity().kind(), arm.name());
            assertEquals(COMMON, arm.capacity().steps().getFirst().step().rateRps(), "the search starts at it");
            // Issue 41 item 2: the arms are paired on one schedule at the common rate, and a rate measured
            // again within an arm draws arrivals of its own.
            assertEquals(SEED, arm.setup().arrivalsSeed(), arm.name());
            assertEquals(SEED, arm.capacity().steps().getFirst().step().arrivalsSeed(), arm.name());
            List<CapacityStep> steps = arm.capacity().steps().stream().map(Capacity.TriedStep::step).toList();
            for (int i = 0; i < steps.size(); i++) {
                CapacityStep step = steps.get(i);
                assertEquals(StepSeeds.of(SEED, StepSeeds.occurrence(steps.subList(0, i), step.rateRps())),
                        step.arrivalsSeed(), arm.name() + " step " + (i + 1));
            }
            assertNotNull(arm.costs().atCommonRate(), arm.name());
            assertTrue(arm.costs().atCommonRate().cpuPerRequestMs() > 0, arm.name());
            assertTrue(arm.setup().endpointLines() > 10, arm.name() + ": " + arm.setup().endpointLines());
            lines.add(arm.setup().endpointLines());
        }
        assertNotEquals(lines.get(0), lines.get(1), "MVC and WebFlux endpoints are different code");
        AssessArmResult virtual = (AssessArmResult) results.getFirst();
        assertEquals(Boolean.TRUE, virtual.switched().ranVirtual(), "a dump showed virtual threads serving");
        assertTrue(((AssessArmResult) results.get(1)).key().mode().onEventLoop(), "WebFlux serves on its event loop");
        ThreadsSeen webflux = ((AssessArmResult) results.get(1)).switched();
        // The warm-up is dumped first, on every arm; a further look, when those dumps saw no thread serving,
        // comes after the search (issue 41 item 4), and never on WebFlux's event loop.
        assertTrue(webflux.dumps().stream().noneMatch(d -> d.contains(".curve-") || d.contains(".probe-")),
                "nothing but the warm-up dumped on WebFlux: " + webflux);
        assertTrue(virtual.switched().dumps().stream().noneMatch(d -> d.contains(".curve-")),
                "no curve step dumped on a warmed arm: " + virtual.switched());
        assertTrue(webflux != null && webflux.dumps().getFirst().contains(".warmup-"),
                "the first dump was taken in the arm's warm-up: " + webflux);
        assertEquals(0, webflux.virtualServing(), "WebFlux serves on its event loop, no virtual thread: " + webflux);
        List<Finding> findings = new Reactive().findings(results);
        assertEquals(1, findings.stream().filter(WinnersMatrix.class::isInstance).count(), findings.toString());
        assertEquals(1, findings.stream().filter(VirtualVersusReactive.class::isInstance).count(), findings.toString());
    }

    private static ReactiveArmPlan plan(ServerId server, String mode, ReactiveWorkload workload) {
        ArmKey key = ArmKey.of(server, ServingModel.parse(mode)).withParam(Reactive.WORKLOAD,
                loomlab.core.arm.ParamValue.named(workload.label()));
        return new ReactiveArmPlan(new AssessArmPlan(key, null, null, null), workload, SHORT,
                Reactive.SLO_P99_MS, COMMON, WARMUP, 16);
    }
}
