package loomlab.core.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What a capacity's own steps say about it. */
class CapacityTest {
    /** A step of 1.5 s at the rate: rate x 1.5 requests. */
    private static Capacity.TriedStep step(double rate, Capacity.Outcome outcome, Long overflows) {
        return new Capacity.TriedStep(CapacityStep.of(rate, 50.0, 0, Math.round(rate * 1.5), 1.5)
                .withGenerator(new CapacityStep.GeneratorSide(false, 0, 1.0, 0, overflows)), outcome);
    }

    private static Capacity bracketed(double high, List<Capacity.TriedStep> steps) {
        return new Capacity(Capacity.Kind.BRACKETED, 190.0, 190, high, null, steps);
    }

    @Test
    void theListenBacklogsDropsAreCountedInTheFailedStepsAtTheUpperEndOnly() {
        Capacity dropped = bracketed(200, List.of(step(100, Capacity.Outcome.PASSED, 3L),
                step(200, Capacity.Outcome.FAILED, 25L), step(190, Capacity.Outcome.PASSED, 0L)));
        assertEquals(Optional.of(new Capacity.BacklogDrops(25, 300)), dropped.backlogDropsWhereFailed());
        Capacity reversed = bracketed(200, List.of(step(100, Capacity.Outcome.PASSED, 25L),
                step(200, Capacity.Outcome.FAILED, 0L), step(190, Capacity.Outcome.PASSED, 3L)));
        assertEquals(Optional.empty(), reversed.backlogDropsWhereFailed(),
                "drops in steps that passed say nothing of the failure");
        Capacity unread = bracketed(200, List.of(step(200, Capacity.Outcome.FAILED, null),
                step(190, Capacity.Outcome.PASSED, 0L)));
        assertEquals(Optional.empty(), unread.backlogDropsWhereFailed());
        Capacity twice = bracketed(200, List.of(step(200, Capacity.Outcome.FAILED, 25L),
                step(200, Capacity.Outcome.FAILED, 5L), step(190, Capacity.Outcome.PASSED, 0L)));
        assertEquals(Optional.of(new Capacity.BacklogDrops(30, 600)), twice.backlogDropsWhereFailed());
        Capacity notOffered = bracketed(200, List.of(step(200, Capacity.Outcome.NOT_OFFERED, 25L),
                step(200, Capacity.Outcome.FAILED, 0L), step(190, Capacity.Outcome.PASSED, 0L)));
        assertEquals(Optional.empty(), notOffered.backlogDropsWhereFailed());
        Capacity open = new Capacity(Capacity.Kind.AT_LEAST, 190.0, 190, null, Capacity.Limit.CAP,
                List.of(step(190, Capacity.Outcome.PASSED, 25L)));
        assertEquals(Optional.empty(), open.backlogDropsWhereFailed(), "no failed upper end");
    }

    /** Each drop delays one client about 1 s: 1 % of the requests is the p99's share. */
    @Test
    void dropsAreEnoughForTheP99FromOnePercentOfTheRequests() {
        assertTrue(new Capacity.BacklogDrops(25, 300).enoughForTheP99());
        assertTrue(new Capacity.BacklogDrops(3, 300).enoughForTheP99());
        assertFalse(new Capacity.BacklogDrops(2, 300).enoughForTheP99());
        assertFalse(new Capacity.BacklogDrops(64, 22_800).enoughForTheP99(), "the Spring jar's virtual arm at 15,200 req/s");
    }
}
