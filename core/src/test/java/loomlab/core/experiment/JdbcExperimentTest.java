package loomlab.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.JdbcArmPlan;
import org.junit.jupiter.api.Test;

class JdbcExperimentTest {
    private final JdbcExperiment experiment = new JdbcExperiment();

    @Test
    void fullProfileRunsEachSeedPoolBothWaysThenTheSlowPair() {
        List<JdbcArmPlan> arms = jdbcArms(Profile.FULL);
        assertEquals(List.of("pool 10, worker threads", "pool 10, virtual threads", "pool 100, worker threads",
                "pool 100, virtual threads", "pool 300, worker threads", "pool 300, virtual threads",
                "pool 10 + 2.00 s wait, worker threads", "pool 10 + 2.00 s wait, virtual threads"),
                arms.stream().map(JdbcArmPlan::name).toList());
        JdbcArmPlan pool300 = arms.get(4);
        assertEquals("/sandbox/blocking/jdbc", pool300.http().path());
        assertEquals("platform:300", pool300.mode());
        assertEquals(300, pool300.workerPool());
        assertEquals(60, pool300.jdbcMinPool());
        assertEquals(90, pool300.jdbcMaxPool());
        assertEquals(97.75, pool300.http().published().value());
        JdbcArmPlan slowVirtual = arms.get(7);
        assertEquals("/sandbox/loom/jdbc-slow?sleepMs=2000", slowVirtual.http().path());
        assertEquals("/sandbox/loom/jdbc", slowVirtual.http().warmupPath());
        assertEquals("virtual", slowVirtual.mode());
        assertEquals(10, slowVirtual.workerPool());
        assertEquals(2.0, slowVirtual.http().serviceSeconds());
    }

    @Test
    void quickProfileKeepsPoolTenAndAShorterWait() {
        List<JdbcArmPlan> arms = jdbcArms(Profile.QUICK);
        assertEquals(4, arms.size());
        assertEquals("/sandbox/blocking/jdbc-slow?sleepMs=1000", arms.get(2).http().path());
        assertTrue(arms.get(2).http().published().note().contains("this profile waits 1.00 s"));
        assertEquals(40, arms.get(2).http().requests());
    }

    @Test
    void theMeasuredServiceTimeReplacesOnlyTheServiceTime() {
        JdbcArmPlan arm = jdbcArms(Profile.QUICK).get(0);
        HttpArmPlan measured = arm.httpWithServiceSeconds(0.04);
        assertEquals(0.04, measured.serviceSeconds());
        assertEquals(arm.http().withName(arm.name()).path(), measured.path());
        assertEquals(arm.http().published(), measured.published());
        assertThrows(IllegalArgumentException.class, () -> new JdbcArmPlan(arm.http(), 10, 91, 90));
        assertTrue(arm.needsMeasuredServiceTime());
        assertTrue(!jdbcArms(Profile.QUICK).get(2).needsMeasuredServiceTime(), "a wait arm's bound is the wait");
    }

    @Test
    void verdictComparesEachPoolAndTheSlowPairWithTheSeed() {
        List<JdbcArmPlan> arms = jdbcArms(Profile.QUICK);
        List<ArmResult> results = List.of(
                ArmFixtures.measured(arms.get(0).httpWithServiceSeconds(0.05), 200, 2.0),
                ArmFixtures.measured(arms.get(1).httpWithServiceSeconds(0.05), 200, 2.5),
                ArmFixtures.measured(arms.get(2).http(), 40, 4.4),
                ArmFixtures.measured(arms.get(3).http(), 40, 2.2));

        String verdict = experiment.verdict(results);

        assertTrue(verdict.startsWith("Pool 10: The worker pool won with 80.0 against 100 req/s (no errors);"
                + " the seed measured 80.8 against 91.4 trans/s, the worker pool ahead by 13%."), verdict);
        assertTrue(verdict.contains("40 requests by 20 users took 4.40 s on a pool of 10 (bound 4.00 s) and 2.20 s"
                + " on virtual threads (bound 2.00 s), 2.0x faster"), verdict);
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

    private List<JdbcArmPlan> jdbcArms(Profile profile) {
        return experiment.plan(profile).stream().map(a -> (JdbcArmPlan) a).toList();
    }
}
