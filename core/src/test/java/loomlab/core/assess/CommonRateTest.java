package loomlab.core.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Issue 40 section 4: the first arm's costs were frozen at its own capacity, and a later arm with a lower
 * capacity lowered the common rate for itself only, so "a rate both were offered" compared two rates.
 */
class CommonRateTest {
    /** A capacity of steps at these rates, each passed ({@code +}) or failed ({@code -}), e.g. {@code "100+"}. */
    private static Capacity capacity(String... steps) {
        List<Capacity.TriedStep> tried = new ArrayList<>();
        Double highest = null;
        for (String step : steps) {
            double rate = Double.parseDouble(step.substring(0, step.length() - 1));
            boolean passed = step.endsWith("+");
            tried.add(new Capacity.TriedStep(CapacityStep.of(rate, passed ? 50.0 : 400.0, 0, Math.round(rate * 3), 3),
                    passed ? Capacity.Outcome.PASSED : Capacity.Outcome.FAILED));
        }
        for (Capacity.TriedStep t : tried) {
            if (t.outcome() == Capacity.Outcome.PASSED && tried.stream().noneMatch(o -> o.outcome()
                    == Capacity.Outcome.FAILED && o.step().rateRps() <= t.step().rateRps())) {
                highest = highest == null ? t.step().rateRps() : Math.max(highest, t.step().rateRps());
            }
        }
        return highest == null ? new Capacity(Capacity.Kind.BELOW_LOWEST, null, 0, 1.0, null, tried)
                : new Capacity(Capacity.Kind.BRACKETED, highest, highest, 1e9, null, tried);
    }

    /** The pool first: 100, 200 and 283 req/s passed, 400 and 336 failed. */
    private static final Capacity POOL = capacity("100+", "200+", "400-", "283+", "336-", "283+");

    @Test
    void repeatsAndSpread_aLaterArmWithALowerCapacityMeasuresARateTheEarlierArmPassedNotItsOwnCapacity() {
        Capacity virtual = capacity("141+", "283-", "200-", "168-", "150+");
        assertEquals(150.0, virtual.rps());
        assertEquals(Optional.of(100.0), CommonRate.forLaterArm(List.of(POOL), virtual),
                "the highest rate the pool passed that virtual threads carry too");
        Capacity measured = capacity("141+", "283-", "200-", "168-", "150+", "100+");
        assertTrue(CommonRate.forLaterArm(List.of(POOL), measured).isEmpty(), "measured there already");
        assertEquals(Optional.of(100.0), CommonRate.of(List.of(POOL, measured)), "both measured and carried it");
        assertTrue(CommonRate.of(List.of(POOL, virtual)).isEmpty(), "before that step, no rate both measured");
    }

    /** Reversed: a later arm with the higher capacity measures the earlier arm's own capacity. */
    @Test
    void repeatsAndSpread_aLaterArmWithAHigherCapacityMeasuresTheEarlierArmsCapacity() {
        Capacity virtual = capacity("400+", "800+", "1600-", "1130+", "1130+");
        assertEquals(Optional.of(283.0), CommonRate.forLaterArm(List.of(POOL), virtual));
        Capacity measured = capacity("400+", "800+", "1600-", "1130+", "1130+", "283+");
        assertEquals(Optional.of(283.0), CommonRate.of(List.of(POOL, measured)));
    }

    @Test
    void repeatsAndSpread_noRateEveryEarlierArmPassedBelowTheLaterCapacityMeansNone() {
        Capacity high = capacity("500+", "1000-", "707+");
        Capacity low = capacity("141+", "283-", "200-", "150+");
        assertTrue(CommonRate.forLaterArm(List.of(high), low).isEmpty());
        assertTrue(CommonRate.of(List.of(high, low)).isEmpty());
        assertTrue(CommonRate.forLaterArm(List.of(), low).isEmpty(), "the first arm measures nothing more");
        assertTrue(CommonRate.of(List.of(high, capacity("50-", "25-"))).isEmpty(), "an arm that passed nothing");
        // A rate measured again and failed the second time was not carried.
        assertTrue(CommonRate.of(List.of(capacity("100+", "200-", "100-"), capacity("100+"))).isEmpty());
    }

    /**
     * Issue 48 section 2: arms side by side measure their costs once more at one rate after both searches,
     * 80 % of the lower capacity to three figures, whichever arm's it is; none where an arm has no figure.
     */
    @Test
    void sideBySideArmsShareEightyPercentOfTheLowerCapacity() {
        assertEquals(Optional.of(146.0), CommonRate.below(List.of(capacity("100+", "183+", "191-"),
                capacity("1000+", "8220+", "8580-"))));
        assertEquals(Optional.of(146.0), CommonRate.below(List.of(capacity("1000+", "8220+", "8580-"),
                capacity("100+", "183+", "191-"))), "either order");
        assertEquals(Optional.of(6580.0), CommonRate.below(List.of(capacity("8220+", "8580-"))));
        assertEquals(Optional.empty(), CommonRate.below(List.of(capacity("100-"), capacity("183+", "191-"))));
        assertEquals(Optional.empty(), CommonRate.below(List.of()));
    }
}
