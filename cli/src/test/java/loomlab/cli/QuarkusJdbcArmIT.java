package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.JdbcArmPlan;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.Warmup;
import loomlab.core.bound.WaitTerm;
import loomlab.core.experiment.Profile;
import loomlab.lab.database.DatabaseTarget;
import loomlab.lab.load.Engines;
import loomlab.lab.process.JavaLauncher;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.run.JdbcArmRunner;
import loomlab.lab.run.RunContext;
import loomlab.lab.servers.Servers;
import loomlab.threads.ExecutorMode;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lab's JDBC arm end to end: throwaway PostgreSQL, the packaged Quarkus application, the lab's load.
 * Here rather than beside the server: no module under servers/ depends on the lab (ArchitectureTest).
 */
class QuarkusJdbcArmIT {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    @TempDir
    Path out;

    @Test
    void aSmallVirtualThreadArmRunsAgainstAThrowawayDatabaseAndLeavesNothing() throws Exception {
        Assumptions.assumeTrue(Lab.fromEnvironment().postgres().binariesAvailable(), "no PostgreSQL binaries on this machine");
        HttpArmPlan http = HttpArmPlan.forRequests(ServerId.QUARKUS, ExecutorMode.virtual(), new Endpoint.DatabaseRead(0),
                4, 20, new Warmup(Duration.ofSeconds(1), new Endpoint.DatabaseRead(0)));

        JdbcArmRunner runner = new JdbcArmRunner(null, Lab.fromEnvironment().postgres(), Engines.LAB);
        ArmResult result = runner.run(new JdbcArmPlan(http, 10, 2, 10, null), context());
        runner.experimentDone();

        HttpArmResult measured = assertInstanceOf(HttpArmResult.class, result, result.toString());
        assertEquals(20, measured.requests());
        assertEquals(0, measured.errors());
        assertTrue(measured.boundElapsedS() > 0, measured.toString());
        assertEquals(WaitTerm.Source.UNLOADED_LATENCY, measured.check().bound().waiting().source(),
                "W is the unloaded latency measured after the warm-up");
        assertEquals(0, ProcessSupervisor.liveCount(), "a server outlived its arm");
        for (Path parent : List.of(out, Path.of(System.getProperty("java.io.tmpdir")))) {
            assertEquals(List.of(), databaseFoldersOfThisJvm(parent), "throwaway database folders left behind");
        }
    }

    /** The database lands in the temp folder when the server's account cannot reach {@code out}. */
    private static List<Path> databaseFoldersOfThisJvm(Path parent) throws Exception {
        String ourPid = Long.toString(ProcessHandle.current().pid());
        try (var children = Files.list(parent)) {
            return children.filter(path -> path.getFileName().toString().startsWith("loomlab-pg-"))
                    .filter(path -> ourPid.equals(readOrEmpty(path.resolve("lab.pid")))).toList();
        }
    }

    private static String readOrEmpty(Path file) {
        try {
            return Files.readString(file).strip();
        } catch (java.io.IOException e) {
            return "";
        }
    }

    @Test
    void anUnreachableNamedDatabaseSkipsTheArmWithTheReason() throws Exception {
        HttpArmPlan http = HttpArmPlan.forRequests(ServerId.QUARKUS, ExecutorMode.platform(10),
                new Endpoint.DatabaseRead(0), 4, 20, new Warmup(Duration.ofSeconds(1), new Endpoint.DatabaseRead(0)));
        DatabaseTarget nowhere = new DatabaseTarget("jdbc:postgresql://127.0.0.1:1/none", "lab", "secret");

        ArmResult result = new JdbcArmRunner(nowhere, Lab.fromEnvironment().postgres(), Engines.LAB).run(new JdbcArmPlan(http, 10, 2, 10, null),
                context());

        FailedArm skipped = assertInstanceOf(FailedArm.class, result);
        assertEquals(loomlab.core.arm.FailedArm.Status.SKIPPED, skipped.status());
        assertTrue(skipped.failure().startsWith("cannot connect to jdbc:postgresql://127.0.0.1:1/none"),
                skipped.failure());
    }

    private RunContext context() {
        JavaLauncher launcher = new JavaLauncher(CliProcess.HOME, Path.of(System.getProperty("java.home"), "bin", "java"));
        ProcessSupervisor processes = new ProcessSupervisor();
        return new RunContext(Profile.QUICK, out, launcher, processes, Servers.standard(launcher, processes), QUIET,
                false);
    }
}
