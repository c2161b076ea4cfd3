package loomlab.lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.ParamValue;
import loomlab.core.arm.ThreadLimitArmResult;
import loomlab.core.experiment.Profile;
import loomlab.core.experiment.ServiceToService;
import loomlab.core.finding.Ranking;
import loomlab.threads.Threads;
import org.junit.jupiter.api.Test;

/** Tables a person can scan: counts with thousands separators, columns titled with their units. */
class ArmTablesTest {

    @Test
    void aCountOfRequestsKeepsItsThousandsSeparatorAndASmallOneReadsAsItIs() {
        HttpArmPlan plan = (HttpArmPlan) new ServiceToService().plan(Profile.QUICK).getLast();
        int requests = ArmTables.HTTP_COLUMNS.indexOf("requests");
        int errors = ArmTables.HTTP_COLUMNS.indexOf("errors");
        List<String> busy = ArmTables.httpTable(List.of(FixedRun.arm(plan, 12_785, 60.0, 1_204))).rows().getFirst();
        assertEquals("12,785", busy.get(requests));
        assertEquals("1,204", busy.get(errors));
        List<String> quiet = ArmTables.httpTable(List.of(FixedRun.arm(plan, 57, 3.0, 0))).rows().getFirst();
        assertEquals("57", quiet.get(requests));
        assertEquals("0", quiet.get(errors));
    }

    @Test
    void aResultsFieldBecomesAColumnTitleWithItsUnitAsPeopleWriteIt() {
        assertEquals("peak RSS MB", ArmTables.columnTitle("peak_rss_mb"));
        assertEquals("in process s", ArmTables.columnTitle("in_process_s"));
        assertEquals("RSS per thread KB", ArmTables.columnTitle("rss_per_thread_kb"));
        assertEquals("CPU user s", ArmTables.columnTitle("cpu_user_s"));
        assertEquals("client CPU µs", ArmTables.columnTitle("client.cpu_us"));
        assertEquals("threads started", ArmTables.columnTitle("threads_started"));
        assertEquals("status", ArmTables.columnTitle("status"));
    }

    @Test
    void anArmWithoutATableOfItsOwnShowsItsWholeNumbersWithSeparatorsAndItsFractionsAsFigures() {
        ThreadLimitArmResult virtual = new ThreadLimitArmResult(ArmKey.program(Threads.VIRTUAL), 100_000, 100_000,
                ThreadLimitArmResult.STOPPED_BY_CAP, null, 0.16, 106.0, 331.0, 2.31, 100_000);
        Table table = ArmTables.genericTable(List.of(virtual));
        List<String> row = table.rows().getFirst();
        assertEquals("100,000", row.get(table.headers().indexOf("threads started")));
        assertEquals("2.31", row.get(table.headers().indexOf("RSS per thread KB")));
        assertEquals("cap", row.get(table.headers().indexOf("stopped by")));
    }

    /**
     * fairness mixes task programs and loomcat's /hello beside /cpu: a table per kind, each arm that did
     * not run with the arms planned beside it; an experiment of one kind keeps one table.
     */
    @Test
    void anExperimentThatMixesKindsOfArmsGetsATablePerKind() {
        ThreadLimitArmResult platform = new ThreadLimitArmResult(ArmKey.program(Threads.PLATFORM), 2_000, 2_000,
                ThreadLimitArmResult.STOPPED_BY_CAP, null, 0.22, 106.0, 176.0, 35.7, 2_000);
        ThreadLimitArmResult virtual = new ThreadLimitArmResult(ArmKey.program(Threads.VIRTUAL), 100_000, 100_000,
                ThreadLimitArmResult.STOPPED_BY_CAP, null, 0.16, 106.0, 331.0, 2.31, 100_000);
        loomlab.core.arm.HandleOrderArmResult scope = new loomlab.core.arm.HandleOrderArmResult(
                ArmKey.program("scope", Threads.VIRTUAL).withParam("case", ParamValue.named("inventory-fails")), "inventory-fails", "scope", 80.5,
                "failure", "X", "SimulatedFailure", true, 1, 0, "failed", "cancelled");
        loomlab.core.arm.ArmResult skipped = loomlab.core.arm.FailedArm.skipped(
                new loomlab.core.arm.TaskArmPlan(ArmKey.program("executor", Threads.PLATFORM).withParam("case", ParamValue.named("inventory-fails")),
                        loomlab.core.arm.TaskProgram.STRUCTURED_CONCURRENCY, List.of(), List.of(),
                        java.time.Duration.ofSeconds(1), null), "not in this run");
        List<ArmTables.Part> parts = ArmTables.parts(result(List.of(platform, virtual, scope, skipped)));
        assertEquals(2, parts.size());
        assertEquals(List.of(platform, virtual), parts.get(0).arms());
        assertEquals(List.of(scope, skipped), parts.get(1).arms());
        assertEquals(2, parts.get(1).table().rows().size());
        assertEquals(-1, parts.get(0).table().headers().indexOf("answer ms"), "no column of the other kind");
        List<ArmTables.Part> one = ArmTables.parts(result(List.of(platform, virtual)));
        assertEquals(1, one.size());
        assertEquals(2, one.getFirst().table().rows().size());
    }

    /** structured concurrency's style is its mode: shown once; a column that differs in one row stays. */
    @Test
    void aColumnThatRepeatsAnEarlierOneInEveryRowIsShownOnce() {
        loomlab.core.arm.HandleOrderArmResult scope = new loomlab.core.arm.HandleOrderArmResult(
                ArmKey.program("scope", Threads.VIRTUAL).withParam("case", ParamValue.named("inventory-fails")), "inventory-fails", "scope", 80.5,
                "failure", "X", "SimulatedFailure", true, 1, 0, "failed", "cancelled");
        loomlab.core.arm.HandleOrderArmResult executor = new loomlab.core.arm.HandleOrderArmResult(
                ArmKey.program("executor", Threads.PLATFORM).withParam("case", ParamValue.named("inventory-fails")), "inventory-fails", "executor", 1_018,
                "failure", "X", "SimulatedFailure", false, 0, 0, "failed", "succeeded");
        Table table = ArmTables.genericTable(List.of(scope, executor));
        assertEquals(-1, table.headers().indexOf("style"), table.headers().toString());
        assertEquals("executor", table.rows().get(1).get(table.headers().indexOf("mode")));
        loomlab.core.arm.HandleOrderArmResult renamed = new loomlab.core.arm.HandleOrderArmResult(
                ArmKey.program("executor", Threads.PLATFORM).withParam("case", ParamValue.named("inventory-fails")), "inventory-fails", "closed-executor",
                1_018, "failure", "X", "SimulatedFailure", false, 0, 0, "failed", "succeeded");
        Table differs = ArmTables.genericTable(List.of(scope, renamed));
        assertEquals("closed-executor", differs.rows().get(1).get(differs.headers().indexOf("style")));
    }

    /** The seed's figure is one cell with its unit, as in the HTTP tables; its note is the verdict's. */
    @Test
    void theSeedsFigureIsOneCellWithItsUnit() {
        loomlab.core.arm.JmhArmResult jmh = new loomlab.core.arm.JmhArmResult(ArmKey.program(Threads.VIRTUAL), 10_000,
                1_000, 19.2, 0.4, 0.052, 0.001, new loomlab.core.arm.Published(1641.2, "ops/s",
                "seed 003's JMH table, virtualThreadPerTask, a long note"));
        Table table = ArmTables.genericTable(List.of(jmh));
        assertEquals("1,641.2 ops/s", table.rows().getFirst().get(table.headers().indexOf("published")));
        assertEquals(-1, table.headers().indexOf("published note"), table.headers().toString());
    }

    private static loomlab.core.result.ExperimentResult result(List<loomlab.core.arm.ArmResult> arms) {
        return new loomlab.core.result.ExperimentResult("x", "s", "q?", "quick", arms, List.of(),
                Ranking.COMPARISONS);
    }
}
