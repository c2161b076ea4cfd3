package loomlab.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import loomlab.core.arm.ConnectionWait;
import loomlab.core.arm.ErrorCounts;
import loomlab.core.arm.GeneratorUsage;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.HttpMeasurement;
import loomlab.core.arm.JdbcArmPlan;
import loomlab.core.arm.JdbcFigures;
import loomlab.core.arm.Latency;
import loomlab.core.arm.ServerUsage;
import org.junit.jupiter.api.Test;

class JdbcLimitTest {
    private static final List<JdbcArmPlan> QUICK = new JdbcExperiment().plan(Profile.QUICK).stream()
            .map(p -> (JdbcArmPlan) p).toList();
    /** 100 users on virtual threads, 200 requests. */
    private static final JdbcArmPlan VIRTUAL = QUICK.get(1);
    /** 100 users on a worker pool of 10, 200 requests. */
    private static final JdbcArmPlan POOL = QUICK.get(0);
    /** 20 users on virtual threads that wait 1 s after the query, 40 requests. */
    private static final JdbcArmPlan SLOW_VIRTUAL = QUICK.get(5);

    @Test
    void theCpuARoundOfUsersNeedsIsTheLimitWhenItExceedsThePoolsWaves() {
        // 3.5 s of CPU for 200 requests: 17.5 ms each, so 100 users need 0.875 s of 2 cores, 50 ms alone.
        JdbcLimit limit = JdbcLimit.of(arm(VIRTUAL, 0.05, 400, 3.0, 0.4, null));
        assertEquals("cpu", limit.kind());
        assertEquals("the CPU: a request cost 17.5 ms of CPU (server 15.0 ms, database 2.00 ms, load generator"
                + " 0.50 ms), so the 100 users that arrive together needed 0.88 s of the 2 cores, against the 50.0 ms"
                + " for one request alone; most of it in the server, which encodes 1.2 MiB of JSON per request",
                limit.sentence());
        assertTrue(JdbcLimit.of(arm(VIRTUAL, 0.05, 400, 1.0, 2.6, null)).sentence()
                .endsWith("most of it in the database, which reads and sends every row"));
    }

    @Test
    void aLongWaitForAConnectionIsTheJdbcPoolsLimit() {
        JdbcLimit limit = JdbcLimit.of(arm(VIRTUAL, 0.05, 400, 3.0, 0.4, new ConnectionWait(200L, 150.0, 390.0,
                30000.0)));
        assertEquals("jdbc pool", limit.kind());
        assertTrue(limit.sentence().contains("waited 150 ms on average (at most 390 ms) for one of 90 connections"),
                limit.sentence());
    }

    @Test
    void wavesOfAPlatformPoolLongerThanTheCpuWorkAreTheThreadPoolsLimit() {
        // 10 waves of 50 ms for 100 users: 0.5 s; their CPU: 100 x 4.5 ms over 2 cores, 0.225 s.
        JdbcLimit limit = JdbcLimit.of(arm(POOL, 0.05, 400, 0.6, 0.2, new ConnectionWait(200L, 0.1, 1.0, 20.0)));
        assertEquals("thread pool", limit.kind());
        assertEquals("the thread pool: 10 threads for the 100 users that arrive together, each held for a whole"
                + " request, so they passed in 10 waves of 50.0 ms (0.50 s), more than the 0.23 s of CPU they"
                + " needed", limit.sentence());
    }

    @Test
    void aRoundThatDrainsAboutAsFastAsOneRequestMeansTheUsersPaceWasTheLimit() {
        JdbcLimit limit = JdbcLimit.of(arm(SLOW_VIRTUAL, 1.0, 1100, 0.5, 0.1, null));
        assertEquals("users' pace", limit.kind());
        assertTrue(limit.sentence().startsWith("the users' own pace: the 20 users that arrive together needed"),
                limit.sentence());
    }

    @Test
    void withoutCpuFiguresItSaysItCannotTell() {
        assertEquals("unknown", JdbcLimit.of(ArmFixtures.measured(VIRTUAL.http(), 10, 1.0)).kind());
    }

    /** The arm's requests with the given mean latency and CPU seconds; the generator used 0.1 s. */
    private static HttpArmResult arm(JdbcArmPlan plan, double serviceS, double meanMs, double serverCpuS,
                                     double databaseCpuS, ConnectionWait wait) {
        long requests = plan.http().requests();
        Latency latency = new Latency(meanMs, meanMs, meanMs, meanMs, meanMs, meanMs);
        HttpMeasurement measured = new HttpMeasurement(requests, 2.0, requests / 2.0, latency, latency,
                ErrorCounts.NONE, 0, 0, new ServerUsage(serverCpuS, 300.0, 30L, requests, wait),
                new GeneratorUsage(0.1, 0.05, false), List.of());
        HttpArmResult http = HttpArmResult.of(plan.httpWithServiceSeconds(serviceS), measured);
        return http.withJdbc(JdbcFigures.of(plan, serviceS, http, 1_258_000L, databaseCpuS, 2, false));
    }
}
