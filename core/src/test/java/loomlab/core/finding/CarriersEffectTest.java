package loomlab.core.finding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmMode;
import loomlab.core.arm.Carriers;
import loomlab.core.arm.ParamValue;
import loomlab.core.arm.ServerId;
import loomlab.threads.ExecutorMode;
import org.junit.jupiter.api.Test;

/** Issue 41, item 7: the carriers arm varies one setting, and a change in stalls needs counts noise does not make. */
class CarriersEffectTest {
    private static final ArmKey USUAL = ArmKey.of(ServerId.LOOMCAT, ArmMode.of(ExecutorMode.virtual())).withUsers(8);
    private static final ArmKey MORE = USUAL.withParam("carriers", ParamValue.count(8));

    private static CarriersEffect judge(int usualStalls, int carrierStalls, double usualTail, double carrierTail) {
        return CarriersEffect.judge(USUAL, MORE, 8, CarriersEffect.Tail.CURVE_WORST_P99, usualStalls, carrierStalls,
                usualTail, carrierTail, null, null);
    }

    @Test
    void item7TheCarriersArmSetsTheParallelismAloneAndLeavesMaxPoolSizeAsInTheBaseline() {
        assertEquals(List.of("-Djdk.virtualThreadScheduler.parallelism=8"), new Carriers(8).flags(),
                "maxPoolSize stays the JDK's default, as in the arm it is compared with");
        assertTrue(new Carriers(8).flags().stream().noneMatch(f -> f.contains("maxPoolSize")));
    }

    @Test
    void item7ReversedAFixedCountStillSetsBothWhereNothingIsComparedWithTheDefault() {
        assertEquals(List.of("-Djdk.virtualThreadScheduler.parallelism=2", "-Djdk.virtualThreadScheduler.maxPoolSize=2"),
                new Carriers(2).fixedFlags(), "the pinning experiment's two carriers and no more");
    }

    @Test
    void item7OneStallAgainstNoneIsCountsOnlyNotAChange() {
        CarriersEffect one = judge(0, 1, 50, 50);
        assertFalse(one.stallsChanged(), "one stall against none: a coin that fell once");
        assertFalse(one.changed());
        assertFalse(judge(1, 0, 50, 50).changed(), "either way round");
        assertFalse(judge(5, 0, 50, 50).stallsChanged(), "5 against 0: 2 / 32 = 6 % by chance");
    }

    @Test
    void item7ReversedStallCountsChanceDoesNotSplitSoAreAChangeEitherWay() {
        assertTrue(judge(6, 0, 50, 50).stallsChanged(), "6 against 0: 2 / 64 = 3 % by chance");
        assertTrue(judge(0, 6, 50, 50).stallsChanged(), "and the reverse: more stalls with the carriers");
        assertTrue(judge(1, 8, 50, 50).stallsChanged(), "1 against 8: 2 x 10 / 512 = 4 %");
        assertFalse(judge(1, 7, 50, 50).stallsChanged(), "1 against 7: 2 x 9 / 256 = 7 %");
    }

    @Test
    void theChanceOfASplitIsTheExactBinomialTail() {
        assertEquals(1.0, CarriersEffect.splitChance(0, 0));
        assertEquals(1.0, CarriersEffect.splitChance(0, 1), "2 x 1/2, at most 1");
        assertEquals(2.0 / 32, CarriersEffect.splitChance(0, 5), 1e-12);
        assertEquals(2.0 / 64, CarriersEffect.splitChance(6, 0), 1e-12);
        assertEquals(2.0 * 11 / 1024, CarriersEffect.splitChance(1, 9), 1e-12);
        assertEquals(1.0, CarriersEffect.splitChance(3, 3), "an even split");
        assertTrue(CarriersEffect.splitChance(500, 700) < 1e-6, "large counts do not overflow");
        assertThrows(IllegalArgumentException.class, () -> CarriersEffect.splitChance(-1, 2));
    }

    @Test
    void theTailStillChangesPastTwiceWhateverTheStalls() {
        CarriersEffect tail = judge(0, 1, 900, 40);
        assertTrue(tail.tailChanged());
        assertFalse(tail.stallsChanged());
        assertTrue(tail.changed());
        assertFalse(judge(0, 0, 900, 800).changed(), "within twice: noise");
    }
}
