package loomlab.lab.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import loomlab.core.assess.CapacityStep;
import loomlab.load.IntervalSnapshot;
import loomlab.load.LiveRun;
import loomlab.load.RunSample;
import org.junit.jupiter.api.Test;

/** A step's window in the generator's counts: per second of its seconds, and between its edges. */
class WindowCountsTest {
    /** A run whose answers so far the test sets. */
    private static final class Counted implements LiveRun {
        final AtomicLong answered = new AtomicLong();
        final AtomicLong ok = new AtomicLong();
        final AtomicLong sent = new AtomicLong();

        @Override
        public RunSample sample() {
            return new RunSample(0, answered.get(), 0, 0, 0, null, ok.get(), sent.get());
        }

        @Override
        public void stop() {
        }
    }

    private static IntervalSnapshot second(double end, long measuredCompleted) {
        return new IntervalSnapshot(end, measuredCompleted, measuredCompleted, 5, 10, 20, 0);
    }

    @Test
    void theWarmUpsAnswersInTheWindowCountSoAServiceThatKeepsUpIsNotReadAsFallingBehind() {
        // 400 req/s at 55 ms: when the window opens, 22 warm-up requests are in flight and are answered in
        // its first second, where only 378 of the window's own are.
        Counted run = new Counted();
        WindowCounts answers = new WindowCounts(Duration.ofSeconds(1));
        answers.started(run);
        run.answered.set(800);
        answers.onMeasureStart();
        run.answered.set(1_200);
        answers.onInterval(second(1.0, 378));
        assertEquals(400.0, answers.perSecond(), 1e-9);
    }

    @Test
    void theDrainAfterTheWindowIsLeftOut() {
        // One call in 300 waits 3 s: the run ends 3 s after the window; those seconds are not the window's.
        Counted run = new Counted();
        WindowCounts answers = new WindowCounts(Duration.ofSeconds(2));
        answers.started(run);
        answers.onMeasureStart();
        run.answered.set(290);
        answers.onInterval(second(1.0, 290));
        run.answered.set(600);
        answers.onInterval(second(2.0, 310));
        run.answered.set(601);
        answers.onInterval(second(5.0, 1));
        assertEquals(300.0, answers.perSecond(), 1e-9);
        assertEquals(2.0, answers.spanSeconds(), 1e-9, "the seconds counted, for the arrivals beside them");
    }

    @Test
    void aStepStoppedEarlyCountsUpToWhereItStoppedAndNothingReadIsNull() {
        assertEquals(250.0, WindowCounts.perSecond(new WindowCounts.Mark(0, 1_000),
                new WindowCounts.Mark(0.8, 1_200)), 1e-9);
        assertNull(WindowCounts.perSecond(new WindowCounts.Mark(0, 1_000), null), "no second ended in the window");
        assertNull(WindowCounts.perSecond(null, new WindowCounts.Mark(1.0, 300)), "the window never opened");
        WindowCounts neverStarted = new WindowCounts(Duration.ofSeconds(1));
        neverStarted.onMeasureStart();
        neverStarted.onInterval(second(1.0, 300));
        assertNull(neverStarted.perSecond(), "no live run to read");
        assertNull(neverStarted.spanSeconds());
    }

    @Test
    void answersWithAnErrorStatusAreAnswersButNotSuccessesAndTheSendsAreCountedInTheSameSeconds() {
        Counted run = new Counted();
        WindowCounts answers = new WindowCounts(Duration.ofSeconds(2));
        answers.started(run);
        run.answered.set(100);
        run.ok.set(100);
        run.sent.set(110);
        answers.onMeasureStart();
        run.answered.set(500); // every answer in the window a 503
        run.sent.set(530);
        answers.onInterval(second(2.0, 400));
        assertEquals(200.0, answers.perSecond(), 1e-9);
        assertEquals(0.0, answers.okPerSecond(), 1e-9, "a step answered with 503 alone served nothing");
        assertEquals(210.0, answers.sentPerSecond(), 1e-9);
        run.ok.set(500); // reversed: the same answers, all 2xx
        answers.onInterval(second(2.0, 400));
        assertEquals(200.0, answers.okPerSecond(), 1e-9);
    }

    @Test
    void aLastSecondReportedAFewMillisecondsLateIsStillTheWindowsButTheDrainSecondsLaterIsNot() {
        Counted run = new Counted();
        WindowCounts answers = new WindowCounts(Duration.ofSeconds(3));
        answers.started(run);
        answers.onMeasureStart();
        run.answered.set(600);
        answers.onInterval(second(3.006, 200));
        assertEquals(3.006, answers.spanSeconds(), 1e-9);
        run.answered.set(601);
        answers.onInterval(second(3.5, 1));
        assertEquals(3.006, answers.spanSeconds(), 1e-9, "half a second after the window is the drain");
    }

    private static RunSample sample(long answered, long failed, int inFlight) {
        return new RunSample(0, answered, failed, inFlight, 0, null);
    }

    /** Issue 41, item 6: what a step's CPU served, from the generator's counts at the window's two edges. */
    @Test
    void item6TheAnswersBetweenTheEdgesWithWhatWasInFlightAtEach() {
        // The warm-up answered 120 with 9 in flight as the window opened; a step stopped early left 113.
        assertEquals(new CapacityStep.Served(300, 2, 9, 113),
                WindowCounts.served(sample(120, 1, 9), sample(420, 3, 113)));
    }

    @Test
    void item6ReversedAnEdgeUnreadOrCountsThatWentBackwardsGiveNothing() {
        assertNull(WindowCounts.served(null, sample(420, 3, 0)));
        assertNull(WindowCounts.served(sample(120, 1, 9), null));
        assertNull(WindowCounts.served(sample(500, 1, 9), sample(420, 3, 0)), "not a window of one run");
        assertNull(new WindowCounts(Duration.ofSeconds(1)).window(), "never opened");
    }

    @Test
    void theSecondsLeaveTheDrainOutWhereTheEdgesCountItIn() {
        Counted run = new Counted();
        WindowCounts counts = new WindowCounts(Duration.ofSeconds(1));
        counts.started(run);
        run.answered.set(100);
        counts.onMeasureStart();
        run.answered.set(500);
        counts.onInterval(second(1.0, 400));
        run.answered.set(530);
        counts.onInterval(second(4.0, 30));
        counts.onMeasureEnd();
        assertEquals(400.0, counts.perSecond(), 1e-9, "the window's one second");
        assertEquals(430, counts.served().answered(), "the drain's 30 answers too");
        assertNotNull(counts.window(), "both edges read");
    }
}
