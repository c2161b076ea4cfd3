package loomlab.lab.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmMode;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.FairnessArmResult;
import loomlab.core.arm.HandleOrderArmResult;
import loomlab.core.arm.ParamValue;
import loomlab.core.arm.TaskArmPlan;
import loomlab.core.arm.TaskProgram;
import loomlab.core.arm.ThreadLimitArmResult;
import loomlab.core.experiment.Profile;
import loomlab.lab.process.JavaLauncher;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.run.RunContext;
import loomlab.lab.servers.Servers;
import loomlab.threads.Threads;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The task programs as the lab runs them: child JVMs from the jars this build made, tiny counts. */
class TaskArmRunnerIT {
    /** Surefire runs in the module folder; the repository root is its parent. */
    private static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path out;

    private final TaskArmRunner runner = new TaskArmRunner();

    @AfterEach
    void nothingIsLeftRunning() {
        assertEquals(0, ProcessSupervisor.liveCount());
    }

    private RunContext context() {
        JavaLauncher launcher = new JavaLauncher(HOME, Path.of(System.getProperty("java.home"), "bin", "java"));
        ProcessSupervisor processes = new ProcessSupervisor();
        return new RunContext(Profile.QUICK, out, launcher, processes, Servers.standard(launcher, processes),
                new PrintStream(OutputStream.nullOutputStream()), false);
    }

    private static TaskArmPlan plan(TaskProgram program, ArmMode mode, List<String> jvmArgs, String... args) {
        return new TaskArmPlan(ArmKey.program(mode).withParam("case", ParamValue.named("arm")), program, jvmArgs, List.of(args), Duration.ofMinutes(1),
                null);
    }

    @Test
    void fairnessRecordsEveryLightTask() throws Exception {
        FairnessArmResult result = assertInstanceOf(FairnessArmResult.class, runner.run(plan(TaskProgram.FAIRNESS, ArmMode.named("virtual", Threads.VIRTUAL),
                List.of(), "--mode", "virtual", "--heavy-tasks", "50", "--light-tasks", "50", "--rounds", "2"), context()));
        assertEquals(100, result.lightDelaysRecorded());
        assertEquals("virtual, arm", result.name());
        assertTrue(result.lightDelayMs().max() >= result.lightDelayMs().p50());
    }

    @Test
    void threadLimitStopsAtItsCapInASmallHeap() throws Exception {
        ThreadLimitArmResult result = assertInstanceOf(ThreadLimitArmResult.class, runner.run(plan(TaskProgram.THREAD_LIMIT,
                ArmMode.named("platform", Threads.PLATFORM), List.of("-Xmx64m"), "--threads", "platform", "--cap", "300"), context()));
        assertEquals(300, result.threadsStarted());
        assertEquals("cap", result.stoppedBy());
    }

    @Test
    void structuredConcurrencyRunsWithThePreviewEnabled() throws Exception {
        HandleOrderArmResult result = assertInstanceOf(HandleOrderArmResult.class, runner.run(plan(
                TaskProgram.STRUCTURED_CONCURRENCY, ArmMode.named("scope", Threads.VIRTUAL), List.of(), "--cases", "inventory-fails", "--styles", "scope",
                "--slow-ms", "1000", "--fail-ms", "10"), context()));
        assertEquals("failure", result.outcome());
        assertTrue(result.siblingCancelled());
        assertEquals("cancelled", result.order());
    }

    @Test
    void aProgramThatRejectsItsArgumentsIsAFailedArmWithItsMessage() throws Exception {
        FailedArm failed = assertInstanceOf(FailedArm.class, runner.run(plan(TaskProgram.FAIRNESS, ArmMode.named("virtual", Threads.VIRTUAL), List.of(),
                "--mode", "green"), context()));
        assertTrue(failed.failure().startsWith("exited with code 2"), failed.failure());
        assertTrue(failed.failure().contains("unknown mode 'green'"), failed.failure());
    }
}
