package loomlab.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.JdbcArmPlan;
import loomlab.core.arm.JdbcFigures;
import loomlab.core.arm.SeedColumns;
import org.junit.jupiter.api.Test;

class JdbcExperimentTest {
    private final JdbcExperiment experiment = new JdbcExperiment();

    @Test
    void fullProfileRunsEachSeedPoolOnBothServersThenTheSlowPairs() {
        List<JdbcArmPlan> arms = jdbcArms(Profile.FULL);
        assertEquals(List.of("quarkus pool 10, worker threads", "quarkus pool 10, virtual threads",
                "loomcat pool 10, platform threads", "loomcat pool 10, virtual threads",
                "quarkus pool 100, worker threads", "quarkus pool 100, virtual threads",
                "loomcat pool 100, platform threads", "loomcat pool 100, virtual threads",
                "quarkus pool 300, worker threads", "quarkus pool 300, virtual threads",
                "loomcat pool 300, platform threads", "loomcat pool 300, virtual threads",
                "quarkus pool 10 + 2.00 s wait, worker threads", "quarkus pool 10 + 2.00 s wait, virtual threads",
                "loomcat pool 10 + 2.00 s wait, platform threads", "loomcat pool 10 + 2.00 s wait, virtual threads"),
                arms.stream().map(JdbcArmPlan::name).toList());
        JdbcArmPlan pool300 = arms.get(8);
        assertEquals("/sandbox/blocking/jdbc", pool300.http().path());
        assertEquals("platform:300", pool300.mode());
        assertEquals(300, pool300.workerPool());
        assertEquals(60, pool300.jdbcMinPool());
        assertEquals(90, pool300.jdbcMaxPool());
        assertEquals(97.75, pool300.http().published().value());
        assertEquals(new SeedColumns(10.23, 3.92, 97.75, 114.33), pool300.seed());
        JdbcArmPlan slowVirtual = arms.get(13);
        assertEquals("/sandbox/loom/jdbc-slow?sleepMs=2000", slowVirtual.http().path());
        assertEquals("/sandbox/loom/jdbc", slowVirtual.http().warmupPath());
        assertEquals("virtual", slowVirtual.mode());
        assertEquals(10, slowVirtual.workerPool());
        assertEquals(2.0, slowVirtual.http().serviceSeconds());
        assertEquals(new SeedColumns(13.34, 8.15, 74.96, 87.68), slowVirtual.seed());
    }

    @Test
    void everyArmIsTheSeedsSiegeShapeWithAOneSecondPause() {
        for (JdbcArmPlan arm : jdbcArms(Profile.FULL)) {
            assertEquals(1000, arm.http().requests(), arm.name());
            assertEquals(Duration.ofSeconds(1), arm.http().thinkTime(), arm.name());
        }
        assertEquals(Duration.ofSeconds(1), jdbcArms(Profile.QUICK).get(0).http().thinkTime());
    }

    @Test
    void loomcatArmsReadTheSameTableThroughDbWithoutASeedFigure() {
        List<JdbcArmPlan> arms = jdbcArms(Profile.QUICK);
        JdbcArmPlan platform = arms.get(2);
        assertEquals("loomcat", platform.server());
        assertEquals("/db", platform.http().path());
        assertEquals("platform:10", platform.mode());
        assertNull(platform.seed());
        assertNull(platform.http().published());
        JdbcArmPlan slowVirtual = arms.get(7);
        assertEquals("loomcat pool 10 + 1.00 s wait, virtual threads", slowVirtual.name());
        assertEquals("/db?sleepMs=1000", slowVirtual.http().path());
        assertEquals("/db", slowVirtual.http().warmupPath());
    }

    @Test
    void quickProfileKeepsPoolTenFewerRequestsAndAShorterWaitAndSaysSo() {
        List<JdbcArmPlan> arms = jdbcArms(Profile.QUICK);
        assertEquals(8, arms.size());
        assertEquals(200, arms.get(0).http().requests());
        assertEquals(100, arms.get(0).http().users());
        assertTrue(arms.get(0).http().published().note().contains("this profile sends 200 requests"));
        assertEquals("/sandbox/blocking/jdbc-slow?sleepMs=1000", arms.get(4).http().path());
        assertTrue(arms.get(4).http().published().note().contains("this profile waits 1.00 s"));
        assertEquals(40, arms.get(4).http().requests());
    }

    @Test
    void theMeasuredServiceTimeReplacesOnlyTheServiceTime() {
        JdbcArmPlan arm = jdbcArms(Profile.QUICK).get(0);
        HttpArmPlan measured = arm.httpWithServiceSeconds(0.04);
        assertEquals(0.04, measured.serviceSeconds());
        assertEquals(arm.http().path(), measured.path());
        assertEquals(arm.http().published(), measured.published());
        assertEquals(arm.http().thinkTime(), measured.thinkTime());
        assertThrows(IllegalArgumentException.class, () -> new JdbcArmPlan(arm.http(), 10, 91, 90));
        assertTrue(arm.needsMeasuredServiceTime());
        assertTrue(!jdbcArms(Profile.QUICK).get(4).needsMeasuredServiceTime(), "a wait arm's bound is the wait");
    }

    @Test
    void theBoundCountsEachUsersPause() {
        JdbcArmPlan arm = jdbcArms(Profile.QUICK).get(1);
        HttpArmResult result = ArmFixtures.measured(arm.httpWithServiceSeconds(0.05), 200, 2.5);
        // 100 users, 2 requests each: 2 x 50 ms plus one 1 s pause; a user offers 1 / 1.05 s.
        assertEquals(1.1, result.boundElapsedS(), 1e-9);
        assertEquals(100 / 1.05, result.boundRps(), 1e-9);
        assertEquals(1.0, result.thinkS());
    }

    @Test
    void verdictComparesEachServersPairNamesTheLimitAndExplainsSiegesDelay() {
        List<JdbcArmPlan> arms = jdbcArms(Profile.QUICK);
        List<ArmResult> results = List.of(
                jdbc(arms.get(0), 0.05, 200, 2.0, 3.4, 0.4),
                jdbc(arms.get(1), 0.05, 200, 2.5, 4.0, 0.3),
                jdbc(arms.get(4), 1.0, 40, 4.4, 0.2, 0.05),
                jdbc(arms.get(5), 1.0, 40, 3.2, 0.2, 0.05));

        String verdict = experiment.verdict(results);

        assertTrue(verdict.startsWith("Quarkus pool 10: the worker threads won with 80.0 against 100 req/s"
                + " (no errors); both were limited by the CPU: a request cost 21.9 ms of CPU (server 20.0 ms,"
                + " database 1.50 ms, load generator 0.40 ms), so the 100 users that arrive together needed 1.10 s"
                + " of the 2 cores"), verdict);
        assertTrue(verdict.contains("The seed measured 80.8 against 91.4 trans/s, the worker pool ahead by 13%."),
                verdict);
        assertTrue(verdict.contains("Quarkus with a wait after every query: 40 requests by 20 users took 4.40 s on a"
                + " pool of 10 (bound 4.00 s) and 3.20 s on virtual threads (bound 3.00 s), 1.4x faster: the pool"
                + " holds a thread through every wait, so it was limited by the thread pool: 10 threads for the 20 users"
                + " that arrive together"),
                verdict);
        assertTrue(verdict.contains("siege -d 1 waits a random time of up to 1 s (0.5 s on average)"), verdict);
    }

    @Test
    void withoutADatabaseTheVerdictSaysWhy() {
        List<ArmResult> skipped = new ArrayList<>();
        for (ArmPlan plan : experiment.plan(Profile.QUICK)) {
            skipped.add(FailedArm.skipped(plan, "quarkus", "no PostgreSQL server binaries"));
        }
        String verdict = experiment.verdict(skipped);
        assertTrue(verdict.startsWith("No verdict: no pair of arms ran. First failure: no PostgreSQL server binaries."),
                verdict);
    }

    /** A JDBC arm's result with the server's and the database's CPU seconds over the arm. */
    private static HttpArmResult jdbc(JdbcArmPlan arm, double service, long requests, double elapsed,
                                      double serverCpuS, double databaseCpuS) {
        HttpArmResult http = ArmFixtures.measured(arm.httpWithServiceSeconds(service), requests, elapsed,
                serverCpuS, 1000 * (service + 1.0) * 2);
        return http.withJdbc(JdbcFigures.of(arm, service, http, 1_258_000L, databaseCpuS, 2, false));
    }

    private List<JdbcArmPlan> jdbcArms(Profile profile) {
        return experiment.plan(profile).stream().map(a -> (JdbcArmPlan) a).toList();
    }
}
