package loomlab.core.experiment;

import static loomlab.core.experiment.Figures.num;

import java.util.Locale;
import loomlab.core.arm.ConnectionWait;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.JdbcFigures;
import loomlab.threads.ExecutorMode;

/**
 * Where a JDBC arm's limit sat, judged from its own figures. With a pause after every answer, the
 * users come back in rounds: all of them at first, and, since the pause is the same for all, in
 * bunches after that. What decides the response time is how long the server needs for the users
 * that arrive together: the CPU they need (the CPU each request cost, server, database and load
 * generator together, times their number, over the cores), or the waves a pool of platform threads
 * passes them in (each wave one unloaded service time). Before both, a long wait for a JDBC
 * connection, which the pool counts itself, names the JDBC pool; after both, a round that takes
 * hardly longer than one request alone means the users' own pace was the limit.
 *
 * @param kind     a short name for tables: {@code cpu}, {@code jdbc pool}, {@code thread pool},
 *                 {@code users' pace} or {@code unknown}
 * @param sentence the figures behind it, as a noun phrase ("the CPU: ...")
 */
public record JdbcLimit(String kind, String sentence) {
    /** The wait for a connection is the limit when it is this share of the response time or more. */
    static final double POOL_WAIT_SHARE = 0.25;
    /** A round that drains within this many unloaded service times has not queued behind anything. */
    static final double UNQUEUED_FACTOR = 1.5;

    public static JdbcLimit of(HttpArmResult arm) {
        JdbcFigures jdbc = arm.jdbc();
        Double serverCpu = arm.serverProcess() == null ? null : arm.serverProcess().cpuS();
        if (jdbc == null || jdbc.serviceS() == null || serverCpu == null || arm.requests() == 0
                || arm.latencyMs() == null || arm.latencyMs().mean() == null) {
            return new JdbcLimit("unknown", "something the lab could not tell (no CPU or latency figures)");
        }
        double meanMs = arm.latencyMs().mean();
        ConnectionWait wait = arm.serverProcess().connectionWait();
        if (wait != null && wait.averageMs() != null && wait.averageMs() >= POOL_WAIT_SHARE * meanMs) {
            return new JdbcLimit("jdbc pool", "the JDBC pool: a request waited " + num(wait.averageMs())
                    + " ms on average (at most " + num(wait.maxMs()) + " ms) for one of " + jdbc.jdbcMaxPool()
                    + " connections, against a mean response of " + num(meanMs) + " ms");
        }
        double databaseCpu = jdbc.databaseCpuS() == null ? 0 : jdbc.databaseCpuS();
        double generatorCpu = arm.generator() == null || arm.generator().cpuS() == null ? 0 : arm.generator().cpuS();
        double perRequest = (serverCpu + databaseCpu + generatorCpu) / arm.requests();
        long together = Math.min(arm.users(), arm.requests());
        double cpuDrain = together * perRequest / jdbc.machineCores();
        int threads = ExecutorMode.parse(arm.mode()).concurrencyLimit();
        long waves = threads < together ? (together + threads - 1) / threads : 0;
        double poolQueue = waves * jdbc.serviceS();
        String alone = ms(jdbc.serviceS()) + " for one request alone";
        if (Math.max(cpuDrain, poolQueue) <= UNQUEUED_FACTOR * jdbc.serviceS()) {
            return new JdbcLimit("users' pace", "the users' own pace: the " + together + " users that arrive together"
                    + " needed " + seconds(Math.max(cpuDrain, poolQueue)) + " of CPU and threads, close to the "
                    + alone + ", so each user spent most of its cycle in its pause");
        }
        if (cpuDrain >= poolQueue) {
            boolean serverMost = serverCpu >= databaseCpu;
            return new JdbcLimit("cpu", "the CPU: a request cost " + ms(perRequest) + " of CPU (server "
                    + ms(serverCpu / arm.requests()) + ", database " + ms(databaseCpu / arm.requests())
                    + (jdbc.databaseCpuS() == null ? " unknown" : "") + ", load generator "
                    + ms(generatorCpu / arm.requests()) + "), so the " + together + " users that arrive together"
                    + " needed " + seconds(cpuDrain) + " of the " + jdbc.machineCores() + " cores, against the "
                    + alone + (serverMost ? "; most of it in the server, which encodes " + size(jdbc.responseBytes())
                    + " of JSON per request" : "; most of it in the database, which reads and sends every row"));
        }
        return new JdbcLimit("thread pool", "the thread pool: " + threads + " threads for the " + together
                + " users that arrive together, each held for a whole request, so they passed in " + waves
                + " waves of " + ms(jdbc.serviceS()) + " (" + seconds(poolQueue) + "), more than the "
                + seconds(cpuDrain) + " of CPU they needed");
    }

    private static String ms(double seconds) {
        return num(seconds * 1000) + " ms";
    }

    private static String seconds(double seconds) {
        return num(seconds) + " s";
    }

    private static String size(Long bytes) {
        return bytes == null ? "its rows" : String.format(Locale.ROOT, "%.1f MiB", bytes / (1024.0 * 1024.0));
    }
}
