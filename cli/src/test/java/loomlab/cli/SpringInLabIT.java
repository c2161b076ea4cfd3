package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.Warmup;
import loomlab.core.experiment.Profile;
import loomlab.lab.process.JavaLauncher;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.run.HttpArmRunner;
import loomlab.lab.run.RunContext;
import loomlab.lab.servers.Servers;
import loomlab.threads.ExecutorMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged Spring Boot jar as an arm of the lab: started by the lab's server list, loaded by its
 * generator. Here rather than beside the server: no module under servers/ depends on the lab (ArchitectureTest).
 */
class SpringInLabIT {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());
    private static final int WAIT_MILLIS = 200;

    @TempDir
    Path out;

    @Test
    void aPoolOfTenArmNeedsAtLeastAWavePerTenRequests() throws Exception {
        HttpArmResult pool = run(ExecutorMode.platform(10));
        assertEquals(40, pool.requests());
        assertEquals(0, pool.errors());
        // 40 requests through 10 threads are 4 waves of 200 ms at the very least.
        assertTrue(pool.elapsedS() >= 4 * WAIT_MILLIS / 1000.0, pool.toString());
        // The wait's bound is exact; the whole bound may be the CPU's instead on a loaded machine.
        assertEquals(0.8, pool.check().bound().waiting().elapsedS(), 1e-9);
        assertTrue(pool.boundElapsedS() >= 0.8 - 1e-9, pool.toString());
    }

    @Test
    void aVirtualArmIsBoundedByTheUsersAlone() throws Exception {
        HttpArmResult virtual = run(ExecutorMode.virtual());
        assertEquals(40, virtual.requests());
        assertEquals(0, virtual.errors());
        assertEquals(0.4, virtual.check().bound().waiting().elapsedS(), 1e-9);
        assertTrue(virtual.boundElapsedS() >= 0.4 - 1e-9, virtual.toString());
        assertTrue(virtual.elapsedS() >= 0.4, virtual.toString());
    }

    private HttpArmResult run(ExecutorMode mode) throws Exception {
        HttpArmPlan plan = HttpArmPlan.forRequests(ServerId.SPRING, mode, new Endpoint.Sleep(WAIT_MILLIS), 20, 40,
                new Warmup(Duration.ofSeconds(1), new Endpoint.Sleep(1)));
        ArmResult result = new HttpArmRunner().run(plan, context());
        assertEquals(0, ProcessSupervisor.liveCount(), "the server outlived its arm");
        return assertInstanceOf(HttpArmResult.class, result, result.toString());
    }

    private RunContext context() {
        JavaLauncher launcher = new JavaLauncher(CliProcess.HOME, Path.of(System.getProperty("java.home"), "bin", "java"));
        ProcessSupervisor processes = new ProcessSupervisor();
        return new RunContext(Profile.QUICK, out, launcher, processes, Servers.standard(launcher, processes), QUIET,
                false);
    }
}
