package loomlab.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
    void zeroMeansNoCountLimit() {
        RequestBudget budget = RequestBudget.of(0);
        for (int i = 0; i < 1_000; i++) {
            assertTrue(budget.tryClaim());
        }
    }
}
