package loomlab.lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import loomlab.core.arm.ConnectionWait;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.JdbcArmPlan;
import loomlab.core.arm.Repeats;
import loomlab.core.arm.Spread;
import loomlab.core.experiment.JdbcExperiment;
import loomlab.core.experiment.Profile;
import org.junit.jupiter.api.Test;

/** A JDBC arm that ran several times shows its spread, as every HTTP arm does. */
class JdbcTableTest {
    private static final int ELAPSED = ArmTables.JDBC_COLUMNS.indexOf("elapsed s");
    private static final int P99 = ArmTables.JDBC_COLUMNS.indexOf("p99 ms");
    private static final int WAIT = ArmTables.JDBC_COLUMNS.indexOf("conn wait ms avg/max");

    private static List<String> row(HttpArmResult arm) {
        return ArmTables.jdbcTable(List.of(arm)).rows().getFirst();
    }

    @Test
    void repeatedRunsShowTheirLowestAndHighestBesideTheMedianRun() {
        JdbcArmPlan plan = (JdbcArmPlan) new JdbcExperiment().plan(Profile.QUICK).getFirst();
        HttpArmResult once = FixedRun.jdbcArm(plan, 200, 2.33, 1.62, new ConnectionWait(240L, 0.25, 3.5, 60.0), "lab");
        assertEquals("2.33", row(once).get(ELAPSED));
        assertEquals("3,100", row(once).get(P99));
        HttpArmResult thrice = once.withRepeats(new Repeats(3, Spread.of(List.of(85.8, 64.9, 71.0)),
                Spread.of(List.of(85.8, 64.9, 71.0)), Spread.of(List.of(3_100.0, 2_900.0, 3_400.0)), Spread.of(List.of(2.33, 3.08, 2.81))));
        assertEquals("2.33 (2.33-3.08)", row(thrice).get(ELAPSED));
        assertEquals("3,100 (2,900-3,400)", row(thrice).get(P99));
    }

    @Test
    void aLongestConnectionWaitThatCameInTheWarmUpReadsAsUnknownNotAsAnEmptyCell() {
        JdbcArmPlan plan = (JdbcArmPlan) new JdbcExperiment().plan(Profile.QUICK).getFirst();
        assertEquals("0.25 / 3.50", row(FixedRun.jdbcArm(plan, 200, 2.33, 1.62,
                new ConnectionWait(240L, 0.25, 3.5, 60.0), "lab")).get(WAIT));
        assertEquals("0.25 / n/a", row(FixedRun.jdbcArm(plan, 200, 2.33, 1.62,
                new ConnectionWait(240L, 0.25, null, 60.0), "lab")).get(WAIT));
    }
}
