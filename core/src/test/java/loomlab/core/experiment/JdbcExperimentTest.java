package loomlab.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.BoundReadings;
import loomlab.core.arm.ConnectionWait;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.ErrorCounts;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.HttpMeasurement;
import loomlab.core.arm.JdbcArmPlan;
import loomlab.core.arm.JdbcFigures;
import loomlab.core.arm.SeedColumns;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServerUsage;
import loomlab.core.bound.Bound;
import loomlab.core.bound.Pause;
import loomlab.core.bound.ProcessCpu;
import loomlab.core.bound.WaitTerm;
import loomlab.core.finding.Finding;
import loomlab.core.finding.JdbcLimit;
import loomlab.core.finding.Lead;
import loomlab.core.finding.Leader;
import loomlab.core.finding.NotMeasured;
import loomlab.core.finding.OtherMachine;
import loomlab.core.finding.PacingDifference;
import loomlab.core.finding.PublishedLead;
import loomlab.core.finding.WaitsOverlapped;
import org.junit.jupiter.api.Test;

class JdbcExperimentTest {
    private static final JdbcExperiment EXPERIMENT = new JdbcExperiment();
    private static final List<JdbcArmPlan> QUICK = arms(Profile.QUICK);
    /** 100 users on a worker pool of 10, 200 requests. */
    private static final JdbcArmPlan POOL = QUICK.get(0);
    /** 100 users on virtual threads, 200 requests. */
    private static final JdbcArmPlan VIRTUAL = QUICK.get(1);
    /** 20 users on a pool of 10 that wait 1 s after the query, 40 requests. */
    private static final JdbcArmPlan SLOW_POOL = QUICK.get(2);
    /** 20 users on virtual threads that wait 1 s after the query, 40 requests. */
    private static final JdbcArmPlan SLOW_VIRTUAL = QUICK.get(3);

    private static List<JdbcArmPlan> arms(Profile profile) {
        return EXPERIMENT.plan(profile).stream().map(p -> (JdbcArmPlan) p).toList();
    }

    @Test
    void fullProfileRunsEachSeedPoolOnBothServersThenTheWaitingPairs() {
        List<JdbcArmPlan> arms = arms(Profile.FULL);
        assertEquals(16, arms.size());
        assertEquals(List.of("quarkus platform:10, 200 users, pool 10", "quarkus virtual, 200 users, pool 10",
                "loomcat platform:10, 200 users, pool 10", "loomcat virtual, 200 users, pool 10"),
                arms.subList(0, 4).stream().map(JdbcArmPlan::name).toList());
        JdbcArmPlan pool300 = arms.get(8);
        assertEquals("quarkus platform:300, 200 users, pool 300", pool300.name());
        assertEquals(new Endpoint.DatabaseRead(0), pool300.http().endpoint());
        assertEquals(60, pool300.jdbcMinPool());
        assertEquals(90, pool300.jdbcMaxPool());
        assertEquals(97.75, pool300.http().published().value());
        assertEquals(new SeedColumns(10.23, 3.92, 97.75, 114.33), pool300.seed());
        JdbcArmPlan slowVirtual = arms.get(13);
        assertEquals("quarkus virtual, 200 users, pool 10, wait 2 s", slowVirtual.name());
        assertEquals(new Endpoint.DatabaseRead(2000), slowVirtual.http().endpoint());
        assertEquals(new Endpoint.DatabaseRead(0), slowVirtual.http().load().warmup().endpoint());
        assertEquals(new SeedColumns(13.34, 8.15, 74.96, 87.68), slowVirtual.seed());
        for (JdbcArmPlan arm : arms) {
            assertEquals(1000, arm.http().load().requests(), arm.name());
            assertEquals(Pause.fixed(Duration.ofSeconds(1)), arm.http().load().pause(), arm.name());
        }
    }

    @Test
    void quickRunsTheSeedsServerAloneAndFullAddsLoomcat() {
        assertEquals(List.of("quarkus platform:10, 100 users, pool 10", "quarkus virtual, 100 users, pool 10",
                "quarkus platform:10, 20 users, pool 10, wait 1 s", "quarkus virtual, 20 users, pool 10, wait 1 s"),
                QUICK.stream().map(JdbcArmPlan::name).toList());
        assertEquals(List.of(ServerId.QUARKUS, ServerId.LOOMCAT), arms(Profile.FULL).stream()
                .map(JdbcArmPlan::server).distinct().toList());
    }

    @Test
    void loomcatArmsReadTheSameTableWithoutASeedFigureAndQuickSaysWhatItChanged() {
        List<JdbcArmPlan> full = arms(Profile.FULL);
        assertEquals(ServerId.LOOMCAT, full.get(2).server());
        assertNull(full.get(2).seed());
        assertNull(full.get(2).http().published());
        assertEquals("loomcat virtual, 200 users, pool 10, wait 2 s", full.get(15).name());
        assertTrue(QUICK.get(0).http().published().note().contains("this profile sends 200 requests by 100 users"));
        assertTrue(SLOW_POOL.http().published().note().contains("this profile waits 1 s"));
        assertFalse(QUICK.get(0).http().published().sameSetting(), "quoted beside ours, not compared");
        assertTrue(arms(Profile.FULL).getFirst().http().published().sameSetting());
        assertTrue(VIRTUAL.http().needsUnloadedLatency());
        assertTrue(!SLOW_VIRTUAL.http().needsUnloadedLatency(), "a waiting arm's bound is its wait");
        assertThrows(IllegalArgumentException.class, () -> new JdbcArmPlan(VIRTUAL.http(), 10, 91, 90, null));
    }

    @Test
    void theBoundIsTheTighterOfTheUnloadedLatencyAndTheCpu() {
        // Unloaded 50 ms and a 1 s pause allow 100 / 1.05 req/s; 4 s of CPU for 200 requests on 2 cores allow 100.
        HttpArmResult arm = arm(VIRTUAL, 0.05, 400, 3.5, 0.4, null, true);
        Bound bound = arm.check().bound();
        assertEquals(WaitTerm.Source.UNLOADED_LATENCY, bound.waiting().source());
        assertEquals(100 / 1.05, bound.waiting().rps(), 1e-9);
        assertEquals(2 / 0.02, bound.cpu().rps(), 1e-9);
        assertEquals(Bound.Basis.CPU, bound.basis());
        assertEquals(200 * 0.02 / 2, bound.cpu().elapsedS(), 1e-9);
        assertEquals(2.0, bound.elapsedS(), 1e-9, "two rounds of 50 ms and one 1 s pause take 1.1 s; the CPU 2 s");
        assertEquals(1.0, arm.efficiency(), 1e-9);
    }

    @Test
    void theCpuARoundOfUsersNeedsIsTheLimitWhenItExceedsThePoolsWaves() {
        // 3.5 s of CPU for 200 requests: 17.5 ms each, so 100 users need 0.875 s of 2 cores, 50 ms alone.
        JdbcLimit limit = JdbcLimit.of(arm(VIRTUAL, 0.05, 400, 3.0, 0.4, null, true));
        assertEquals(JdbcLimit.Kind.CPU, limit.kind());
        assertEquals(0.875, limit.cpuDrainS(), 1e-9);
        assertEquals(100, limit.together());
        assertEquals(ProcessCpu.SERVER, limit.busiestRole(), "3.0 s against the database's 0.4 and the lab's 0.1");
        assertEquals(ProcessCpu.DATABASE, JdbcLimit.of(arm(VIRTUAL, 0.05, 400, 1.0, 2.6, null, true)).busiestRole());
        JdbcLimit unknownDatabase = JdbcLimit.of(arm(VIRTUAL, 0.05, 400, 3.0, null, null, true));
        assertEquals(null, unknownDatabase.busiestRole(), "an unknown database could have spent the most");
        assertEquals(java.util.List.of(ProcessCpu.DATABASE), unknownDatabase.unknownRoles());
    }

    @Test
    void aLongWaitForAConnectionIsTheJdbcPoolsLimit() {
        JdbcLimit limit = JdbcLimit.of(arm(VIRTUAL, 0.05, 400, 3.0, 0.4,
                new ConnectionWait(200L, 150.0, 390.0, 30000.0), true));
        assertEquals(JdbcLimit.Kind.JDBC_POOL, limit.kind());
        assertEquals(150.0, limit.connectionWait().averageMs());
        assertEquals(90, limit.connections());
    }

    @Test
    void wavesOfAPlatformPoolLongerThanTheCpuWorkAreTheThreadPoolsLimit() {
        // 10 waves of 50 ms for 100 users: 0.5 s; their CPU: 100 x 4.5 ms over 2 cores, 0.225 s.
        JdbcLimit limit = JdbcLimit.of(arm(POOL, 0.05, 400, 0.6, 0.2, new ConnectionWait(200L, 0.1, 1.0, 20.0), true));
        assertEquals(JdbcLimit.Kind.THREAD_POOL, limit.kind());
        assertEquals(10, limit.waves());
        assertEquals(0.5, limit.poolQueueS(), 1e-9);
        assertEquals(0.225, limit.cpuDrainS(), 1e-9);
    }

    @Test
    void aRoundThatDrainsAboutAsFastAsOneRequestMeansTheUsersPaceWasTheLimit() {
        assertEquals(JdbcLimit.Kind.USERS_PACE, JdbcLimit.of(arm(SLOW_VIRTUAL, 1.0, 1100, 0.5, 0.1, null, true)).kind());
    }

    @Test
    void anExternalDatabasesUnknownCpuIsNotCountedAsZero() {
        // Without the database, the server's 0.6 s over 200 requests (0.15 s for the users together) decides
        // nothing against the pool's 0.5 s of waves: the database could have spent the rest.
        JdbcLimit limit = JdbcLimit.of(arm(POOL, 0.05, 400, 0.6, null, null, false));
        assertEquals(JdbcLimit.Kind.DATABASE_CPU_UNKNOWN, limit.kind());
        assertTrue(limit.cpu().incomplete());
        assertNull(limit.cpuPerRequestOf("database"));
        // Enough CPU without it is still the CPU's limit: the unknown share could only add to it.
        assertEquals(JdbcLimit.Kind.CPU, JdbcLimit.of(arm(VIRTUAL, 0.05, 400, 3.0, null, null, false)).kind());
    }

    @Test
    void withoutCpuFiguresItSaysItCannotTell() {
        assertEquals(JdbcLimit.Kind.UNKNOWN, JdbcLimit.of(ArmFixtures.measured(VIRTUAL.http(), 10, 1.0)).kind());
    }

    @Test
    void findingsCompareEachPairNameBothLimitsAndTheSeedsOwnLead() {
        List<ArmResult> results = List.of(jdbc(POOL, 2.0, 0.05, 400, 0.6, 0.2), jdbc(VIRTUAL, 2.5, 0.05, 400, 3.0, 0.4),
                jdbc(SLOW_POOL, 4.4, 1.0, 2100, 0.5, 0.1), jdbc(SLOW_VIRTUAL, 2.2, 1.0, 1100, 0.5, 0.1));
        List<Finding> findings = EXPERIMENT.findings(results);
        List<Lead> leads = FindingsOf.all(findings, Lead.class);
        assertEquals(2, leads.size());
        Lead fast = leads.stream().filter(l -> l.first().equals(VIRTUAL.key())).findFirst().orElseThrow();
        assertEquals(Leader.SECOND, fast.ahead(), "the pool finished its 200 requests sooner");
        assertEquals(Leader.NEITHER, fast.leader(), "in one run, which measured no spread");
        assertTrue(FindingsOf.all(findings, WaitsOverlapped.class).stream()
                .noneMatch(w -> w.virtual().equals(VIRTUAL.key())), "no cause for a virtual lead that did not happen");
        Lead slow = leads.stream().filter(l -> l.first().equals(SLOW_VIRTUAL.key())).findFirst().orElseThrow();
        assertEquals(Leader.FIRST, slow.ahead());
        assertEquals(4, FindingsOf.all(findings, JdbcLimit.class).size());
        assertEquals(List.of(), FindingsOf.all(findings, PublishedLead.class),
                "quick runs fewer users than the seed's 200: its figures are quoted, not compared");
        assertEquals(new OtherMachine(10, 2), FindingsOf.only(findings, OtherMachine.class));
    }

    @Test
    void theSeedsOwnLeadStandsBesideThePairsThatRanItsSetting() {
        List<JdbcArmPlan> full = arms(Profile.FULL);
        JdbcArmPlan pool = full.get(0);
        JdbcArmPlan virtual = full.get(1);
        JdbcArmPlan slowPool = full.get(12);
        JdbcArmPlan slowVirtual = full.get(13);
        assertEquals("quarkus platform:10, 200 users, pool 10, wait 2 s", slowPool.name());
        List<Finding> findings = EXPERIMENT.findings(List.of(jdbc(pool, 10.0, 0.05, 400, 3.0, 1.0),
                jdbc(virtual, 12.0, 0.05, 400, 3.6, 1.0), jdbc(slowPool, 210.0, 2.0, 2100, 0.5, 0.1),
                jdbc(slowVirtual, 13.0, 2.0, 2100, 0.5, 0.1)));
        List<PublishedLead> seed = FindingsOf.all(findings, PublishedLead.class);
        assertEquals(2, seed.size());
        assertEquals(Leader.SECOND, seed.getFirst().leader(), "the seed's worker pool was ahead: 91.41 against 80.78");
        assertEquals(Leader.FIRST, seed.get(1).leader(), "with a 2 s wait the seed's virtual threads led: 74.96 against"
                + " 4.68");
    }

    @Test
    void siegesUsersCameBackOnly1Point2TimesAsOftenWhenRequestsWaitTwoSeconds() {
        assertEquals(3.0 / 2.5, PacingDifference.of(2.0, 1.0).ratio(), 1e-12);
        assertEquals(1.05 / 0.55, PacingDifference.of(0.05, 1.0).ratio(), 1e-12);
        List<Finding> findings = EXPERIMENT.findings(List.of(jdbc(SLOW_POOL, 4.4, 1.0, 2100, 0.5, 0.1),
                jdbc(SLOW_VIRTUAL, 2.2, 1.0, 1100, 0.5, 0.1)));
        assertEquals((1.0 + 1.0) / 1.5, FindingsOf.only(findings, PacingDifference.class).ratio(), 1e-12);
    }

    @Test
    void withoutADatabaseTheFindingsSayWhatIsMissing() {
        List<ArmResult> skipped = QUICK.stream().map(p -> (ArmResult) FailedArm.skipped(p,
                "no PostgreSQL server binaries")).toList();
        NotMeasured missing = FindingsOf.only(EXPERIMENT.findings(skipped), NotMeasured.class);
        assertEquals(4, missing.arms().size());
        assertEquals("no PostgreSQL server binaries", missing.arms().getFirst().reason());
    }

    /** A JDBC arm that took {@code elapsedS} with these CPU seconds; the generator used 0.1 s. */
    private static HttpArmResult jdbc(JdbcArmPlan plan, double elapsedS, double serviceS, double meanMs,
                                      double serverCpuS, double databaseCpuS) {
        return arm(plan, serviceS, meanMs, serverCpuS, databaseCpuS, null, true, elapsedS);
    }

    private static HttpArmResult arm(JdbcArmPlan plan, double serviceS, double meanMs, double serverCpuS,
                                     Double databaseCpuS, ConnectionWait wait, boolean local) {
        return arm(plan, serviceS, meanMs, serverCpuS, databaseCpuS, wait, local, 2.0);
    }

    private static HttpArmResult arm(JdbcArmPlan plan, double serviceS, double meanMs, double serverCpuS,
                                     Double databaseCpuS, ConnectionWait wait, boolean local, double elapsedS) {
        long requests = plan.http().load().requests();
        HttpMeasurement measured = ArmFixtures.measurement(requests, elapsedS, meanMs, HttpMeasurement.LAB_ENGINE,
                ErrorCounts.NONE);
        BoundReadings readings = ArmFixtures.cpu(plan.http().needsUnloadedLatency() ? serviceS : null, serverCpuS,
                databaseCpuS, 0.1);
        HttpArmResult http = HttpArmResult.of(plan.http(), measured,
                new ServerUsage(serverCpuS, 300.0, 30L, requests, wait), readings);
        return http.withJdbc(plan.key(), JdbcFigures.of(plan, http, 1_258_000L, databaseCpuS, local, 2, false));
    }
}
