package loomlab.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RequestBudgetTest {

    @Test
    void exactlyTheLimitIsClaimed() {
        RequestBudget budget = RequestBudget.of(3);
        int granted = 0;
        for (int i = 0; i < 10; i++) {
            if (budget.tryClaim()) {
                granted++;
            }
        }
        assertEquals(3, granted);
    }

    @Test
    void exhaustedOnlyOnceEveryClaimIsTaken() {
        RequestBudget budget = RequestBudget.of(2);
        assertFalse(budget.exhausted());
        budget.tryClaim();
        assertFalse(budget.exhausted());
        budget.tryClaim();
        assertTrue(budget.exhausted());
    }

    @Test
    void theClaimThatTakesTheLastRequestTellsTheOtherLoopsOnce() {
        RequestBudget budget = RequestBudget.of(3);
        java.util.List<Integer> toldAtClaim = new java.util.ArrayList<>();
        int[] claims = {0};
        budget.whenExhausted(() -> toldAtClaim.add(claims[0]));
        for (claims[0] = 1; claims[0] <= 6; claims[0]++) {
            budget.tryClaim();
        }
        assertEquals(java.util.List.of(3), toldAtClaim);
    }

    @Test
    void anUnlimitedBudgetTellsNoOne() {
        RequestBudget budget = RequestBudget.of(0);
        int[] told = {0};
        budget.whenExhausted(() -> told[0]++);
        for (int i = 0; i < 100; i++) {
            budget.tryClaim();
        }
        assertEquals(0, told[0]);
    }

    @Test
    void anUnlimitedBudgetIsNeverExhausted() {
        RequestBudget budget = RequestBudget.of(0);
        for (int i = 0; i < 100; i++) {
            budget.tryClaim();
        }
        assertFalse(budget.exhausted());
    }

    @Test
    void zeroMeansNoCountLimit() {
        RequestBudget budget = RequestBudget.of(0);
        for (int i = 0; i < 1_000; i++) {
            assertTrue(budget.tryClaim());
        }
    }
}
