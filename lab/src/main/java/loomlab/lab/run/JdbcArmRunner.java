package loomlab.lab.run;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.JdbcArmPlan;
import loomlab.lab.database.Database;
import loomlab.lab.database.DatabaseTarget;
import loomlab.lab.database.DatabaseUnavailable;
import loomlab.lab.process.ChildDied;
import loomlab.lab.servers.Quarkus;
import loomlab.lab.servers.RunningServer;
import loomlab.lab.servers.ServerOptions;
import loomlab.lab.servers.Servers;

/**
 * Runs a JDBC arm: takes the database the user named, or starts a throwaway PostgreSQL for the arm
 * alone; for an endpoint that adds no wait, measures its unloaded latency on Quarkus as the arm's
 * service time; then runs the arm as any HTTP arm against a fresh Quarkus bound to that database.
 * Without a database the arm is skipped with the one-line reason.
 */
public final class JdbcArmRunner implements ArmRunner<JdbcArmPlan> {
    static final String SERVER = "quarkus";
    /** The least of a few sequential requests: the cost of one request with nothing queued. */
    private static final int SERVICE_PROBES = 3;
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(60);

    private final DatabaseTarget configured;
    private final ArmRunner<HttpArmPlan> httpRunner;

    /** Each arm gets a throwaway PostgreSQL. */
    public JdbcArmRunner() {
        this(null);
    }

    /** @param configured the server the user named (its {@code blogposts} table is replaced), or null */
    public JdbcArmRunner(DatabaseTarget configured) {
        this(configured, new HttpArmRunner());
    }

    JdbcArmRunner(DatabaseTarget configured, ArmRunner<HttpArmPlan> httpRunner) {
        this.configured = configured;
        this.httpRunner = httpRunner;
    }

    @Override
    public ArmResult run(JdbcArmPlan plan, RunContext context) throws InterruptedException {
        try (Database database = Database.open(configured, context.outDir())) {
            context.console().println("    database: " + database.describe());
            RunContext onQuarkus = withServers(context, new Servers(context.launcher(), context.processes(),
                    List.of(new Quarkus(database, plan.workerPool(), plan.jdbcMinPool(), plan.jdbcMaxPool()))));
            HttpArmPlan http = plan.needsMeasuredServiceTime()
                    ? plan.httpWithServiceSeconds(unloadedServiceSeconds(plan, onQuarkus)) : plan.http();
            ArmResult result = httpRunner.run(http, onQuarkus);
            if (result.ran() && !database.isRunning()) {
                return FailedArm.failed(plan, SERVER, "PostgreSQL stopped during the arm");
            }
            return result;
        } catch (DatabaseUnavailable e) {
            return FailedArm.skipped(plan, SERVER, e.getMessage());
        } catch (ChildDied e) {
            return FailedArm.failed(plan, SERVER, e.getMessage());
        } catch (IOException e) {
            return FailedArm.failed(plan, SERVER, "could not measure the unloaded latency: " + e.getMessage());
        }
    }

    /** Starts the server, warms the path's code once, and times a few requests one after another. */
    private static double unloadedServiceSeconds(JdbcArmPlan plan, RunContext context)
            throws IOException, InterruptedException {
        HttpArmPlan http = plan.http();
        try (RunningServer server = context.servers().start(SERVER, http.executorMode(), ServerOptions.NONE,
                context.logFile("jdbc-" + plan.name(), SERVER + "-unloaded"));
             HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            timedGet(client, server.url(http.warmupPath()));
            long fastest = Long.MAX_VALUE;
            for (int i = 0; i < SERVICE_PROBES; i++) {
                fastest = Math.min(fastest, timedGet(client, server.url(http.path())));
            }
            return fastest / 1e9;
        }
    }

    private static long timedGet(HttpClient client, URI uri) throws IOException, InterruptedException {
        long started = System.nanoTime();
        HttpResponse<Void> response = client.send(HttpRequest.newBuilder(uri).timeout(PROBE_TIMEOUT).build(),
                HttpResponse.BodyHandlers.discarding());
        if (response.statusCode() != 200) {
            throw new IOException(uri.getPath() + " answered " + response.statusCode());
        }
        return System.nanoTime() - started;
    }

    private static RunContext withServers(RunContext context, Servers servers) {
        return new RunContext(context.profile(), context.outDir(), context.launcher(), context.processes(), servers,
                context.console(), context.live());
    }
}
