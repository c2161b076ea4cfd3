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
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.JdbcArmPlan;
import loomlab.core.arm.JdbcFigures;
import loomlab.lab.database.Database;
import loomlab.lab.database.DatabaseTarget;
import loomlab.lab.database.DatabaseUnavailable;
import loomlab.lab.load.Engine;
import loomlab.lab.process.ChildDied;
import loomlab.lab.servers.Loomcat;
import loomlab.lab.servers.Quarkus;
import loomlab.lab.servers.RunningServer;
import loomlab.lab.servers.ServerUnderTest;
import loomlab.lab.servers.Servers;

/**
 * Runs a JDBC arm: takes the database the user named, or starts a throwaway PostgreSQL for the arm
 * alone; starts the arm's server (Quarkus, or loomcat with {@code /db}) bound to it, and on that
 * server, before the warm-up, reads the size of one response and, for an endpoint that adds no
 * wait, times a few requests one after another as the arm's service time; then runs the arm as any
 * HTTP arm, with the database's CPU read around the measurement. Without a database the arm is
 * skipped with one line saying why and how to give it one, and so are the run's later JDBC arms.
 * A database that stops during the arm leaves the arm's figures, its errors among them.
 */
public final class JdbcArmRunner implements ArmRunner<JdbcArmPlan> {
    /** The least of a few sequential requests: the cost of one request with nothing queued. */
    private static final int SERVICE_PROBES = 3;
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(60);

    private final DatabaseTarget configured;
    private final HttpArmRunner httpRunner;
    private String unavailable;

    /** Each arm gets a throwaway PostgreSQL. */
    public JdbcArmRunner() {
        this(null);
    }

    /** @param configured the server the user named (its {@code blogposts} table is replaced), or null */
    public JdbcArmRunner(DatabaseTarget configured) {
        this(configured, Engine.LAB);
    }

    public JdbcArmRunner(DatabaseTarget configured, Engine engine) {
        this(configured, new HttpArmRunner(engine));
    }

    JdbcArmRunner(DatabaseTarget configured, HttpArmRunner httpRunner) {
        this.configured = configured;
        this.httpRunner = httpRunner;
    }

    @Override
    public ArmResult run(JdbcArmPlan plan, RunContext context) throws InterruptedException {
        if (unavailable != null) {
            return FailedArm.skipped(plan, plan.server(), unavailable);
        }
        try (Database database = Database.open(configured, context.outDir())) {
            context.console().println("    database: " + database.describe());
            RunContext onDatabase = context.withServers(new Servers(context.launcher(), context.processes(),
                    List.of(serverFor(plan, database))));
            OnTheServer hook = new OnTheServer(plan, database);
            ArmResult result = httpRunner.run(plan.http(), onDatabase, hook);
            if (!(result instanceof HttpArmResult http)) {
                return result;
            }
            boolean stopped = !database.isRunning();
            if (stopped) {
                context.console().println("    PostgreSQL stopped during the arm: its requests after that are errors ("
                        + http.errors() + ")");
            }
            return http.withJdbc(JdbcFigures.of(plan, hook.serviceSeconds, http, hook.responseBytes,
                    hook.databaseCpuSeconds(), Runtime.getRuntime().availableProcessors(), stopped));
        } catch (DatabaseUnavailable e) {
            unavailable = e.getMessage() + howToEnable();
            context.console().println("    database experiments skipped: " + unavailable);
            return FailedArm.skipped(plan, plan.server(), unavailable);
        }
    }

    private String howToEnable() {
        return configured != null
                ? "; check --db-url, --db-user and --db-password, or leave them out for a throwaway PostgreSQL"
                : "";
    }

    private static ServerUnderTest serverFor(JdbcArmPlan plan, Database database) {
        return switch (plan.server()) {
            case "quarkus" -> new Quarkus(database, plan.workerPool(), plan.jdbcMinPool(), plan.jdbcMaxPool());
            case "loomcat" -> Loomcat.onDatabase(database, plan.jdbcMinPool(), plan.jdbcMaxPool());
            default -> throw new IllegalArgumentException("no JDBC endpoint on " + plan.server());
        };
    }

    /** What the JDBC arm reads on its running server and around the measurement. */
    private static final class OnTheServer implements HttpArmRunner.ArmHook {
        private final JdbcArmPlan plan;
        private final Database database;
        private Long responseBytes;
        private double serviceSeconds;
        private OptionalDouble databaseCpuAtStart = OptionalDouble.empty();
        private OptionalDouble databaseCpuAtEnd = OptionalDouble.empty();

        OnTheServer(JdbcArmPlan plan, Database database) {
            this.plan = plan;
            this.database = database;
            this.serviceSeconds = plan.http().serviceSeconds();
        }

        /** The fast path answers first (its body is the response size), then the arm's path is timed. */
        @Override
        public HttpArmPlan ready(HttpArmPlan http, RunningServer server) throws InterruptedException {
            try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
                responseBytes = (long) get(client, server.url(http.warmupPath())).body().length;
                if (!plan.needsMeasuredServiceTime()) {
                    return http;
                }
                long fastest = Long.MAX_VALUE;
                for (int i = 0; i < SERVICE_PROBES; i++) {
                    long started = System.nanoTime();
                    get(client, server.url(http.path()));
                    fastest = Math.min(fastest, System.nanoTime() - started);
                }
                serviceSeconds = fastest / 1e9;
                return http.withServiceSeconds(serviceSeconds);
            } catch (IOException e) {
                throw new ChildDied("could not measure the unloaded latency: " + e.getMessage());
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

        Double databaseCpuSeconds() {
            return databaseCpuAtStart.isPresent() && databaseCpuAtEnd.isPresent()
                    ? databaseCpuAtEnd.getAsDouble() - databaseCpuAtStart.getAsDouble() : null;
        }

        private static HttpResponse<byte[]> get(HttpClient client, URI uri) throws IOException, InterruptedException {
            HttpResponse<byte[]> response = client.send(HttpRequest.newBuilder(uri).timeout(PROBE_TIMEOUT).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            if (response.statusCode() != 200) {
                throw new IOException(uri.getPath() + " answered " + response.statusCode());
            }
            return response;
        }
    }
}
