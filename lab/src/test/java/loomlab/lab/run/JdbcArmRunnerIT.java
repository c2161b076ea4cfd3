package loomlab.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.JdbcArmPlan;
import loomlab.core.arm.LoadShape;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.Warmup;
import loomlab.core.bound.Pause;
import loomlab.core.bound.ProcessCpu;
import loomlab.core.bound.WaitTerm;
import loomlab.core.experiment.Experiment;
import loomlab.core.experiment.JdbcExperiment;
import loomlab.core.experiment.Profile;
import loomlab.core.finding.Finding;
import loomlab.core.finding.Floor;
import loomlab.core.result.Environment;
import loomlab.core.result.ExperimentResult;
import loomlab.core.result.RunResult;
import loomlab.lab.database.DatabaseTarget;
import loomlab.lab.database.ThrowawayPostgres;
import loomlab.lab.load.Engines;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.report.ResultsSchema;
import loomlab.lab.report.files.ResultFiles;
import loomlab.threads.ExecutorMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** JDBC arms on loomcat's /db against real throwaway PostgreSQL servers, or a named one that refuses. */
class JdbcArmRunnerIT {
    private static final double MIB = 1024 * 1024;

    @TempDir
    Path out;

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();

    @AfterEach
    void nothingIsLeftRunning() throws Exception {
        assertEquals(0, ProcessSupervisor.liveCount());
        assertEquals(List.of(), databaseFoldersOfThisJvm(), "throwaway database folders left behind");
    }

    @Test
    void aLoomcatArmReadsTheWholeTableAndReportsItsPoolsAndTheDatabase() throws Exception {
        Assumptions.assumeTrue(LabFixture.POSTGRES.binariesAvailable(), "no PostgreSQL binaries on this machine");
        HttpArmPlan http = db(ExecutorMode.virtual(), 4, 20, null);
        JdbcArmPlan plan = new JdbcArmPlan(http.withLoad(http.load().withPause(Pause.fixed(Duration.ofMillis(100)))),
                4, 2, 4, null);

        JdbcArmRunner runner = runner(null);
        HttpArmResult result = assertInstanceOf(HttpArmResult.class, runner.run(plan, context()), console());
        HttpArmResult second = assertInstanceOf(HttpArmResult.class, runner.run(new JdbcArmPlan(
                db(ExecutorMode.platform(4), 4, 20, null), 4, 2, 4, null), context()), console());
        runner.experimentDone();

        assertEquals(20, result.requests());
        assertEquals(0, result.errors());
        assertEquals(plan.key(), result.key());
        assertEquals(Pause.fixed(Duration.ofMillis(100)), result.load().pause());
        double mebibytes = result.jdbc().responseBytes() / MIB;
        assertTrue(mebibytes > 1.15 && mebibytes < 1.25, mebibytes + " MiB");
        assertEquals(WaitTerm.Source.UNLOADED_LATENCY, result.check().bound().waiting().source(),
                "the lone requests' latency after the warm-up is W");
        assertEquals(result.check().bound().waiting().waitS(), result.jdbc().serviceS());
        assertEquals(4, result.jdbc().pool());
        assertEquals(result.requests() / result.elapsedS(), result.jdbc().transactionRate(), 1e-9);
        // Counted over the measured window only: the warm-up's and the probes' acquisitions are left out.
        long acquisitions = result.serverProcess().connectionWait().acquisitions();
        assertTrue(acquisitions >= 20 && acquisitions < 30, result.serverProcess().toString());
        assertNotNull(result.jdbc().databaseCpuS());
        assertTrue(result.jdbc().databaseLocal());
        assertNotNull(result.check().bound().cpu().cpuOf(ProcessCpu.DATABASE));
        assertNotNull(result.server().pinnedEvents(), "the server's recording was read");
        assertTrue(console().contains("database: throwaway PostgreSQL"), console());
        assertEquals(1, console().lines().filter(line -> line.contains("database: ")).count(),
                "the experiment's second arm uses the first arm's database: " + console());
        assertEquals(20, second.requests());
        assertEquals(0, second.errors(), "the second arm's own pool on the shared database");
        assertNotNull(second.jdbc().databaseCpuS());
    }

    @Test
    void aNamedDatabaseThatRefusesConnectionsSkipsEveryJdbcArmWithOneLine() throws Exception {
        DatabaseTarget refusing = new DatabaseTarget("jdbc:postgresql://127.0.0.1:" + closedPort() + "/lab", "lab",
                "secret");
        JdbcArmRunner runner = runner(refusing);
        RunContext context = context();
        JdbcArmPlan first = new JdbcArmPlan(db(ExecutorMode.platform(4), 2, 4, null), 4, 1, 4, null);
        JdbcArmPlan second = new JdbcArmPlan(db(ExecutorMode.virtual(), 2, 4, null), 4, 1, 4, null);

        FailedArm skippedFirst = assertInstanceOf(FailedArm.class, runner.run(first, context));
        FailedArm skippedSecond = assertInstanceOf(FailedArm.class, runner.run(second, context));

        assertEquals(FailedArm.Status.SKIPPED, skippedFirst.status());
        assertTrue(skippedFirst.failure().startsWith("cannot connect to " + refusing.jdbcUrl() + " as lab"),
                skippedFirst.failure());
        assertTrue(skippedFirst.failure().endsWith("; check --db-url, --db-user and --db-password, or leave them out"
                + " for a throwaway PostgreSQL"), skippedFirst.failure());
        assertEquals(1, skippedFirst.failure().lines().count());
        assertEquals(skippedFirst.failure(), skippedSecond.failure());
        assertEquals(1, console().lines().filter(line -> line.contains("database experiments skipped")).count(),
                console());
    }

    @Test
    void withoutADatabaseTheJdbcExperimentIsSkippedAndTheRunGoesOn() throws Exception {
        DatabaseTarget refusing = new DatabaseTarget("jdbc:postgresql://127.0.0.1:" + closedPort() + "/lab", "lab",
                "");
        ArmRunners runners = new ArmRunners().register(HttpArmPlan.class, new HttpArmRunner(Engines.LAB))
                .register(JdbcArmPlan.class, new JdbcArmRunner(refusing, LabFixture.POSTGRES, Engines.LAB));
        Experiment afterwards = new Experiment() {
            @Override
            public String name() {
                return "hello";
            }

            @Override

            public String question() {

                return "a stand-in's question";

            }


            @Override
            public String summary() {
                return "one small arm after the database experiment";
            }

            @Override
            public List<ArmPlan> plan(Profile profile) {
                return List.of(HttpArmPlan.forRequests(ServerId.LOOMCAT, ExecutorMode.virtual(), new Endpoint.Hello(),
                        2, 20, Warmup.none(new Endpoint.Hello())));
            }

            @Override
            public List<Finding> findings(List<ArmResult> arms) {
                return List.of(new Floor(arms.getFirst().key(), arms.getFirst().ran() ? 1 : 0, 1));
            }
        };
        Environment environment = new Environment("25", "vendor", "vm", 2, 1024, "Linux", "amd64", "host", List.of(),
                List.of(), List.of(), "abc", false, "lab");

        RunResult run = new ExperimentRunner(runners, ResultFiles.standard()).run(
                List.of(new JdbcExperiment(), afterwards), context(), environment, "loomlab run jdbc hello");

        ExperimentResult jdbc = run.experiments().get(0);
        assertTrue(jdbc.arms().stream().allMatch(arm -> arm instanceof FailedArm skipped
                && skipped.status() == FailedArm.Status.SKIPPED), jdbc.arms().toString());
        String verdict = loomlab.lab.report.verdict.VerdictWriter.write(jdbc.verdict());
        assertTrue(verdict.startsWith("No verdict: it needs a pool arm and a virtual arm"), verdict);
        assertTrue(verdict.contains("(skipped: cannot connect to "), verdict);
        assertTrue(run.experiments().get(1).arms().getFirst().ran());
        assertEquals(1, console().lines().filter(line -> line.contains("database experiments skipped")).count(),
                console());
        assertTrue(Files.readString(out.resolve("results.json")).contains("\"status\" : \"skipped\""));
        ResultsSchema.assertValid(out.resolve("results.json"));
    }

    @Test
    void aDatabaseThatDiesDuringTheArmBecomesErrorsAndLeavesNothingBehind() throws Exception {
        Assumptions.assumeTrue(LabFixture.POSTGRES.binariesAvailable(), "no PostgreSQL binaries on this machine");
        HttpArmPlan http = db(ExecutorMode.platform(2), 2, 0, Duration.ofSeconds(5));
        JdbcArmPlan plan = new JdbcArmPlan(http.withLoad(http.load().withPause(Pause.fixed(Duration.ofMillis(20)))),
                2, 2, 2, null);
        CompletableFuture<List<ProcessHandle>> killed = CompletableFuture.supplyAsync(this::killPostgresOnceServing);

        ArmResult result = runner(null).run(plan, context());

        List<ProcessHandle> database = killed.get();
        HttpArmResult measured = assertInstanceOf(HttpArmResult.class, result, () -> result + "\n" + console());
        assertTrue(measured.errors() > 0, "no errors after the database died: " + measured.measured().errorsByKind());
        assertTrue(measured.requests() > 0, "nothing was answered before it died");
        assertTrue(measured.jdbc().databaseStopped());
        assertTrue(console().contains("PostgreSQL stopped during the arm"), console());
        for (ProcessHandle process : database) {
            assertTrue(gone(process), "database process " + process.pid() + " outlived the arm");
        }
    }

    /**
     * A second into the measured window (the arm's latency log exists from its start, after the
     * warm-up), kills the postmaster: the database disappears. Timed from the window, not from the
     * server's start, so a slow machine cannot move the kill into the warm-up.
     */
    private List<ProcessHandle> killPostgresOnceServing() {
        try {
            long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
            while (System.nanoTime() < deadline) {
                Optional<ProcessHandle> postmaster = postmasterOfThisJvm();
                if (postmaster.isPresent() && loomcatListening() && measuring()) {
                    Thread.sleep(1000);
                    List<ProcessHandle> family = Stream.concat(Stream.of(postmaster.get()),
                            postmaster.get().descendants()).toList();
                    postmaster.get().destroyForcibly();
                    return family;
                }
                Thread.sleep(50);
            }
            throw new AssertionError("the arm never started serving from its database");
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    private boolean measuring() {
        try (Stream<Path> arms = Files.list(out.resolve("arms"))) {
            return arms.anyMatch(p -> p.getFileName().toString().endsWith(".hlog"));
        } catch (IOException e) {
            return false;
        }
    }

    private boolean loomcatListening() {
        try (Stream<Path> logs = Files.list(out.resolve("logs"))) {
            return logs.filter(p -> p.getFileName().toString().endsWith("-loomcat.log"))
                    .anyMatch(p -> read(p).contains("listening on"));
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean gone(ProcessHandle process) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (process.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        return !process.isAlive();
    }

    private static HttpArmPlan db(ExecutorMode mode, int users, long requests, Duration duration) {
        Endpoint read = new Endpoint.DatabaseRead(0);
        return HttpArmPlan.of(ServerId.LOOMCAT, mode, read, new LoadShape(users, requests, duration, Pause.NONE,
                new Warmup(Duration.ofMillis(300), read)));
    }

    private static JdbcArmRunner runner(DatabaseTarget database) {
        return new JdbcArmRunner(database, LabFixture.POSTGRES, Engines.LAB);
    }

    private RunContext context() {
        return LabFixture.context(out, new PrintStream(console, true, StandardCharsets.UTF_8));
    }

    private String console() {
        return console.toString(StandardCharsets.UTF_8);
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return socket.getLocalPort();
        }
    }

    private Optional<ProcessHandle> postmasterOfThisJvm() {
        return databaseFoldersOfThisJvm().stream()
                .map(folder -> read(folder.resolve("data").resolve("postmaster.pid")).lines().findFirst().orElse(""))
                .filter(line -> line.matches("\\d+")).map(Long::parseLong).map(ProcessHandle::of)
                .flatMap(Optional::stream).filter(ProcessHandle::isAlive).findFirst();
    }

    /** The database lands in the temp folder when the server's account cannot reach {@code out}. */
    private List<Path> databaseFoldersOfThisJvm() {
        String ourPid = Long.toString(ProcessHandle.current().pid());
        return Stream.of(out, Path.of(System.getProperty("java.io.tmpdir"))).filter(Files::isDirectory)
                .flatMap(JdbcArmRunnerIT::children)
                .filter(path -> path.getFileName().toString().startsWith("loomlab-pg-"))
                .filter(path -> ourPid.equals(read(path.resolve("lab.pid")).strip())).toList();
    }

    private static Stream<Path> children(Path parent) {
        try (Stream<Path> children = Files.list(parent)) {
            return children.toList().stream();
        } catch (IOException e) {
            return Stream.empty();
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "";
        }
    }
}
