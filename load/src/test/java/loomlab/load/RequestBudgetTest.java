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
