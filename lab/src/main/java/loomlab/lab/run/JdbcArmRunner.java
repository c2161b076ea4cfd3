package loomlab.lab.run;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.JdbcArmPlan;
import loomlab.core.arm.JdbcFigures;
import loomlab.core.bound.ProcessCpu;
import loomlab.lab.database.Database;
import loomlab.lab.database.DatabaseTarget;
import loomlab.lab.database.DatabaseUnavailable;
import loomlab.lab.database.PostgresHost;
import loomlab.lab.load.Engine;
import loomlab.lab.process.ChildDied;
import loomlab.lab.servers.DatabaseBinding;
import loomlab.lab.servers.RunningServer;

/**
 * Runs a JDBC arm: takes the database the user named, or starts a throwaway PostgreSQL that the
 * experiment's arms share (one start instead of one per arm; released by {@link #experimentDone()});
 * starts the arm's server (Quarkus, or loomcat with {@code /db}) bound to it through its options, reads the size
 * of one response on it, then runs the arm as any HTTP arm (which times lone requests after the
 * warm-up for an endpoint with no wait of its own), with the database's CPU read around the
 * measurement. Without a database the arm is skipped with one line saying why and how to give it
 * one, and so are the run's later JDBC arms. A database that stops during the arm leaves the arm's
 * figures, its errors among them.
 */
public final class JdbcArmRunner implements ArmRunner<JdbcArmPlan> {
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(60);

    private final DatabaseTarget configured;
    private final PostgresHost host;
    private final HttpArmRunner httpRunner;
    private String unavailable;
    private Database database;

    /**
     * @param configured the server the user named (its {@code blogposts} table is replaced), or null
     * @param host       where a throwaway server starts when none is named
     */
    public JdbcArmRunner(DatabaseTarget configured, PostgresHost host, Engine engine) {
        this.configured = configured;
        this.host = host;
        this.httpRunner = new HttpArmRunner(engine);
    }

    @Override
    public ArmResult run(JdbcArmPlan plan, RunContext context) throws InterruptedException {
        if (unavailable != null) {
            return FailedArm.skipped(plan, unavailable);
        }
        try {
            Database database = database(context);
            OnTheServer hook = new OnTheServer(new DatabaseBinding(database, plan.jdbcMinPool(), plan.jdbcMaxPool(),
                    plan.workerPool()));
            ArmResult result = httpRunner.run(plan.http(), context, hook);
            if (!(result instanceof HttpArmResult http)) {
                return result;
            }
            boolean stopped = !database.isRunning();
            if (stopped) {
                context.console().println("    PostgreSQL stopped during the arm: its requests after that are errors ("
                        + http.errors() + ")");
                closeDatabase();
            }
            return http.withJdbc(plan.key(), JdbcFigures.of(plan, http, hook.responseBytes, hook.databaseCpuSeconds(),
                    database.cpuSeconds().isPresent(), context.cores(), stopped));
        } catch (DatabaseUnavailable e) {
            unavailable = e.getMessage() + howToEnable();
            context.console().println("    database experiments skipped: " + unavailable);
            return FailedArm.skipped(plan, unavailable);
        }
    }

    /**
     * The experiment's database, opened for its first arm and kept for the rest: each arm's server
     * opens its own pool on it, and the database's CPU is read around each arm's own window. A
     * throwaway server that died is replaced, so one arm's failure is not the next arm's.
     */
    private Database database(RunContext context) throws DatabaseUnavailable {
        if (database != null && !database.isRunning()) {
            closeDatabase();
        }
        if (database == null) {
            database = Database.open(configured, host, context.outDir());
            context.console().println("    database: " + database.describe() + " (kept for the experiment's arms)");
        }
        return database;
    }

    @Override
    public void experimentDone() {
        httpRunner.experimentDone();
        closeDatabase();
    }

    /** Stops the experiment's database (a dead one included); the next arm opens another. */
    private void closeDatabase() {
        if (database != null) {
            database.close();
            database = null;
        }
    }

    private String howToEnable() {
        return configured != null
                ? "; check --db-url, --db-user and --db-password, or leave them out for a throwaway PostgreSQL"
                : "";
    }

    /** What the JDBC arm reads on its running server and around the measurement. */
    private static final class OnTheServer implements HttpArmRunner.ArmHook {
        private final DatabaseBinding binding;
        private final Database database;
        private Long responseBytes;
        private volatile OptionalDouble databaseCpuAtStart = OptionalDouble.empty();
        private volatile OptionalDouble databaseCpuAtEnd = OptionalDouble.empty();

        OnTheServer(DatabaseBinding binding) {
            this.binding = binding;
            this.database = binding.database();
        }

        @Override
        public DatabaseBinding database() {
            return binding;
        }

        /** The warm-up's request reads the same rows without the wait: its body is the response size. */
        @Override
        public void ready(RunningServer server, URI target, URI warmupTarget) throws InterruptedException {
            try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
                HttpResponse<byte[]> response = client.send(HttpRequest.newBuilder(warmupTarget)
                        .timeout(PROBE_TIMEOUT).build(), HttpResponse.BodyHandlers.ofByteArray());
                if (response.statusCode() != 200) {
                    throw new ChildDied(warmupTarget.getPath() + " answered " + response.statusCode());
                }
                responseBytes = (long) response.body().length;
            } catch (IOException e) {
                throw new ChildDied("could not read a response: " + e.getMessage());
            }
        }

        @Override
        public void measurementStarts() {
            databaseCpuAtStart = database.cpuSeconds();
        }

        @Override
        public void measurementEnded() {
            databaseCpuAtEnd = database.cpuSeconds();
        }

        /** The database's CPU over the window; unknown (not zero) for a database the lab does not run. */
        @Override
        public List<ProcessCpu> processes() {
            return List.of(new ProcessCpu(ProcessCpu.DATABASE, databaseCpuSeconds()));
        }

        Double databaseCpuSeconds() {
            return databaseCpuAtStart.isPresent() && databaseCpuAtEnd.isPresent()
                    ? databaseCpuAtEnd.getAsDouble() - databaseCpuAtStart.getAsDouble() : null;
        }
    }
}
