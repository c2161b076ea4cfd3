package loomlab.core.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Issue 41 item 2: every step of every repeat used one Poisson seed, so a confirmation at the same rate
 * and every repeat met the same arrivals, and the spread understated the real one.
 */
class StepSeedsTest {
    @Test
    void item2_theFirstStepAtARateTakesTheRunsSeedSoArmsOfOneRunArePaired() {
        assertEquals(4242L, StepSeeds.of(4242L, 1));
        // Two arms of one run, each at its first step at 200 req/s: the same seed, the same arrivals.
        List<CapacityStep> platform = List.of(CapacityStep.of(100, 50.0, 0, 300, 3));
        List<CapacityStep> virtual = List.of(CapacityStep.of(400, 50.0, 0, 1200, 3));
        assertEquals(StepSeeds.of(4242L, StepSeeds.occurrence(platform, 200)),
                StepSeeds.of(4242L, StepSeeds.occurrence(virtual, 200)));
    }

    @Test
    void item2_aRateMeasuredAgainGetsASeedOfItsOwnAndTheReverseTheSame() {
        List<CapacityStep> once = List.of(CapacityStep.of(200, 50.0, 0, 600, 3));
        assertEquals(2, StepSeeds.occurrence(once, 200));
        assertEquals(1, StepSeeds.occurrence(once, 400));
        long first = StepSeeds.of(4242L, 1);
        long again = StepSeeds.of(4242L, 2);
        assertNotEquals(first, again, "a confirmation is a new draw");
        assertNotEquals(again, StepSeeds.of(4242L, 3));
        assertEquals(again, StepSeeds.of(4242L, 2), "and a pure function of the run's seed and the occurrence");
    }

    @Test
    void item2_eachRunsSeedGivesStepsOfItsOwnAndNoneReachesTwoToTheFiftyThree() {
        Set<Long> seen = new HashSet<>();
        for (long run = 1; run <= 50; run++) {
            for (int occurrence = 1; occurrence <= 3; occurrence++) {
                long seed = StepSeeds.of(run, occurrence);
                assertTrue(seed >= 0 && seed < StepSeeds.LIMIT, "seed " + seed);
                seen.add(seed);
            }
        }
        assertEquals(150, seen.size(), "no two runs' steps share a seed here");
        assertEquals(StepSeeds.LIMIT - 5, StepSeeds.of(-5, 1), "a negative seed folds into the range");
        assertThrows(IllegalArgumentException.class, () -> StepSeeds.of(1, 0));
    }
}
