package loomlab.core.finding;

import static loomlab.core.assess.AssessFixtures.NONE_PINNED;
import static loomlab.core.assess.AssessFixtures.arm;
import static loomlab.core.assess.AssessFixtures.atLeast;
import static loomlab.core.assess.AssessFixtures.bracketed;
import static loomlab.core.assess.AssessFixtures.costs;
import static loomlab.core.assess.AssessFixtures.curve;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import loomlab.core.arm.AssessArmResult;
import loomlab.core.assess.AssessFixtures;
import loomlab.core.assess.Assessment;
import loomlab.core.assess.Capacity;
import loomlab.core.assess.ServiceCosts;
import loomlab.core.repeat.RepeatedRuns;
import org.junit.jupiter.api.Test;

/**
 * An arm whose capacity moved between its runs while the other, bound by the machine in every run, held; and
 * the cases where the runs cannot say whose the spread is.
 */
class JvmSpreadTest {
    private static final List<Integer> USERS = List.of(1, 16, 64);

    private static AssessArmResult pool(double low, double high, double cpuMs, double serviceCores) {
        return arm(AssessFixtures.PLATFORM, 10, null, bracketed(low, high), curve(10, USERS),
                costs(cpuMs, serviceCores, 0.12, 520, 41, 60), NONE_PINNED);
    }

    private static AssessArmResult virtual(Capacity capacity, double serviceCores) {
        return arm(AssessFixtures.VIRTUAL, 10, null, capacity, curve(null, USERS),
                costs(0.7, serviceCores, 0.17, 720, 35, 40), NONE_PINNED);
    }

    private static AssessArmResult virtual(double low, double high, double serviceCores) {
        return virtual(bracketed(low, high), serviceCores);
    }

    private static AssessArmResult repeated(AssessArmResult... runs) {
        return (AssessArmResult) RepeatedRuns.combine(List.of(runs));
    }

    /** The page's pool over four runs (docs/assess.md, "Measured side by side"): 2,490 to 3,540 req/s. */
    private static AssessArmResult pagePool() {
        return repeated(pool(3250, 3390, 0.527, 1.78), pool(2600, 2720, 0.626, 1.65), pool(3540, 3700, 0.516, 1.86),
                pool(2490, 2602, 0.638, 1.63));
    }

    @Test
    void theArmThatMovedIsNamedWhereTheOtherHeldWithTheMachineItsLimitInEveryRun() {
        AssessArmResult held = repeated(virtual(2070, 2160, 1.60), virtual(2330, 2428, 1.65),
                virtual(2030, 2120, 1.58), virtual(2030, 2120, 1.63));
        JvmSpread spread = JvmSpread.of(pagePool(), held).orElseThrow();
        assertEquals(4, spread.runs());
        assertEquals(2490, spread.least(), 1e-9);
        assertEquals(3540, spread.most(), 1e-9);
        assertEquals(3540 / 2490.0, spread.spread(), 1e-9);
        assertEquals(0.516, spread.cpuLeastMs(), 1e-9);
        assertEquals(0.638, spread.cpuMostMs(), 1e-9);
        assertEquals(2330 / 2030.0, spread.otherSpread(), 1e-9);
        assertTrue(JvmSpread.of(held, pagePool()).isEmpty(), "the arm that held is not said to have moved");
        List<Finding> findings = new Assessment("spring.jar", 10, List.of()).findings(List.of(pagePool(), held));
        assertEquals(List.of(spread), findings.stream().filter(JvmSpread.class::isInstance).toList(),
                "the assessment reads it, once, for the arm that moved");
    }

    @Test
    void anOtherArmNotBoundByTheMachineInSomeRunSaysNothingOfTheMachine() {
        // As measured: the virtual arm's first run failed with 1.31 of the 2 cores busy (the service's limit).
        AssessArmResult measured = repeated(virtual(2070, 2160, 1.31), virtual(2330, 2428, 1.65),
                virtual(2030, 2120, 1.58), virtual(2030, 2120, 1.63));
        assertTrue(JvmSpread.of(pagePool(), measured).isEmpty());
    }

    @Test
    void anOtherArmThatMovedAsMuchLeavesTheSpreadUnplaced() {
        AssessArmResult movedToo = repeated(virtual(2030, 2120, 1.60), virtual(2900, 3000, 1.65),
                virtual(2200, 2300, 1.58), virtual(2500, 2600, 1.63));
        assertTrue(JvmSpread.of(pagePool(), movedToo).isEmpty(), "1.43x beside 1.42x: the machine may have moved both");
        AssessArmResult justOver = repeated(virtual(2030, 2120, 1.60), virtual(2440, 2500, 1.65),
                virtual(2030, 2120, 1.58), virtual(2030, 2120, 1.63));
        assertTrue(JvmSpread.of(pagePool(), justOver).isEmpty(), "1.20x is more than half of 1.42x in logarithms");
    }

    @Test
    void aSpreadUnderTheBoundOneRunOrAnOpenEndedRunIsNoFinding() {
        AssessArmResult held = repeated(virtual(2070, 2160, 1.60), virtual(2100, 2200, 1.65));
        assertTrue(JvmSpread.of(repeated(pool(3000, 3100, 0.55, 1.7), pool(3400, 3500, 0.5, 1.7)), held).isEmpty(),
                "1.13x is within the bound");
        assertTrue(JvmSpread.of(pool(2490, 2602, 0.638, 1.63), virtual(2030, 2120, 1.6)).isEmpty(), "one run each");
        assertTrue(JvmSpread.of(repeated(pool(2490, 2602, 0.638, 1.63), pool(3540, 3700, 0.516, 1.86)),
                repeated(virtual(2070, 2160, 1.60), virtual(atLeast(2100), 1.65))).isEmpty(),
                "an \"at least\" run has no capacity to spread");
    }

    @Test
    void theCpuPerRequestIsLeftOutWhereARunDidNotReadIt() {
        AssessArmResult unread = arm(AssessFixtures.PLATFORM, 10, null, bracketed(2490, 2602), curve(10, USERS),
                new ServiceCosts(null, 1.63, 0.12, 520.0, 41L, 60.0, 12L, null), NONE_PINNED);
        AssessArmResult held = repeated(virtual(2070, 2160, 1.60), virtual(2100, 2200, 1.65));
        JvmSpread spread = JvmSpread.of(repeated(pool(3540, 3700, 0.516, 1.86), unread), held).orElseThrow();
        assertEquals(null, spread.cpuLeastMs());
        assertEquals(null, spread.cpuMostMs());
    }
}
