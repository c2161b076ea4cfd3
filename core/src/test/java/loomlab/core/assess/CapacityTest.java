package loomlab.core.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What a capacity's own steps say about it. */
class CapacityTest {
    private static Capacity.TriedStep step(double rate, Capacity.Outcome outcome, Long overflows) {
        return new Capacity.TriedStep(CapacityStep.of(rate, 50.0, 0, Math.round(rate * 3), 3)
                .withGenerator(new CapacityStep.GeneratorSide(false, 0, 1.0, 0, overflows)), outcome);
    }

    private static Capacity bracketed(List<Capacity.TriedStep> steps) {
        return new Capacity(Capacity.Kind.BRACKETED, 190.0, 190, 199.0, null, steps);
    }

    @Test
    void theListenBacklogsDropsAreCountedInTheFailedStepsAtTheUpperEndOnly() {
        Capacity dropped = bracketed(List.of(step(100, Capacity.Outcome.PASSED, 3L),
                step(199, Capacity.Outcome.FAILED, 25L), step(190, Capacity.Outcome.PASSED, 0L)));
        assertEquals(25, dropped.listenOverflowsWhereFailed());
        Capacity reversed = bracketed(List.of(step(100, Capacity.Outcome.PASSED, 25L),
                step(199, Capacity.Outcome.FAILED, 0L), step(190, Capacity.Outcome.PASSED, 3L)));
        assertEquals(0, reversed.listenOverflowsWhereFailed(), "drops in steps that passed say nothing of the failure");
        Capacity unread = bracketed(List.of(step(199, Capacity.Outcome.FAILED, null), step(190, Capacity.Outcome.PASSED, 0L)));
        assertEquals(0, unread.listenOverflowsWhereFailed());
        Capacity twice = bracketed(List.of(step(199, Capacity.Outcome.FAILED, 25L), step(199, Capacity.Outcome.FAILED, 5L),
                step(190, Capacity.Outcome.PASSED, 0L)));
        assertEquals(30, twice.listenOverflowsWhereFailed());
        Capacity notOffered = bracketed(List.of(step(199, Capacity.Outcome.NOT_OFFERED, 25L),
                step(199, Capacity.Outcome.FAILED, 0L), step(190, Capacity.Outcome.PASSED, 0L)));
        assertEquals(0, notOffered.listenOverflowsWhereFailed());
        Capacity open = new Capacity(Capacity.Kind.AT_LEAST, 190.0, 190, null, Capacity.Limit.CAP,
                List.of(step(190, Capacity.Outcome.PASSED, 25L)));
        assertEquals(0, open.listenOverflowsWhereFailed(), "no failed upper end");
    }
}
