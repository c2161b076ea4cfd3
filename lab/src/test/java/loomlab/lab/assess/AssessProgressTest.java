package loomlab.lab.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import loomlab.core.assess.Capacity;
import loomlab.core.assess.CapacityStep;
import loomlab.core.assess.CurvePoint;
import loomlab.load.IntervalSnapshot;
import loomlab.load.LoadListener;
import org.junit.jupiter.api.Test;

/** A line rewritten in place on a terminal, plain lines per step everywhere. */
class AssessProgressTest {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream console = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    private String printed() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void withoutATerminalEachFinishedStepIsOnePlainLine() {
        AssessProgress progress = new AssessProgress(console, false);
        assertSame(LoadListener.NONE, progress.during("virtual", "curve, 16 users"));
        progress.curveStep(new CurvePoint(16, 301.5, 51.0, 72.1, 0));
        progress.capacityStep(3, new CapacityStep(2480, 54.8, 54.8, 2.0, 0, 9800, 4.01, null, null, null, null),
                Capacity.Outcome.PASSED, 200);
        assertEquals("    curve, 16 users: 302 req/s, p50 51.0 ms, p99 72.1 ms (from the actual send), 0 errors\n"
                + "    capacity step 3: 2,480 req/s offered, 2,444 answered: p99 54.8 ms from the intended send"
                + " (target 200), 0 errors: passed\n", printed());
    }

    @Test
    void onATerminalTheArmStepRateAndP99AreRewrittenEverySecond() {
        AssessProgress progress = new AssessProgress(console, true);
        progress.during("virtual", "capacity step 4, 4960 req/s")
                .onInterval(new IntervalSnapshot(2.0, 4900, 4900, 51, 295.4, 300, 0));
        assertEquals("\r\033[K    virtual | capacity step 4, 4960 req/s | 2 s: 4,900 req/s, p99 295 ms", printed());
        progress.capacityStep(4, new CapacityStep(4960, 295.0, 295.0, 240.0, 0, 19600, 4.0, null, null, null, null),
                Capacity.Outcome.FAILED, 200);
        assertTrue(printed().endsWith("\r\033[K    capacity step 4: 4,960 req/s offered, 4,900 answered: p99 295 ms from"
                + " the intended send (target 200), 0 errors: failed, its median still rising (+240 ms)\n"), printed());
    }

    @Test
    void aStepThatOverflowedTheListenBacklogSaysHowManyConnectionsItLost() {
        AssessProgress progress = new AssessProgress(console, false);
        CapacityStep step = CapacityStep.of(3200, 280.0, 0, 4800, 1.5);
        progress.capacityStep(5, step.withGenerator(new CapacityStep.GeneratorSide(false, 10, 2.0, 0, 25L)),
                Capacity.Outcome.FAILED, 100);
        progress.capacityStep(6, step.withGenerator(new CapacityStep.GeneratorSide(false, 10, 2.0, 0, 0L)),
                Capacity.Outcome.FAILED, 100);
        String[] lines = printed().split("\n");
        assertTrue(lines[0].endsWith("0 errors: failed; 25 connections dropped at a full listen backlog"), lines[0]);
        assertTrue(lines[1].endsWith("0 errors: failed"), lines[1]);
    }

    @Test
    void answeredIsWhatCameBackWithinTheWindowWhenThatWasRead() {
        AssessProgress progress = new AssessProgress(console, false);
        // 1 s window, a 3 s slow call in the drain: 295 requests over 4 s, 294 of them within the window.
        progress.capacityStep(1, new CapacityStep(295, 7.8, 3000.0, null, 0, 295, 4.0, null, null, null, null, 294.0),
                Capacity.Outcome.PASSED, 200);
        assertEquals("    capacity step 1: 295 req/s offered, 294 answered: p99 7.80 ms from the intended send"
                + " (target 200), 0 errors: passed\n", printed());
    }

    @Test
    void aWindowWhosePoissonDrawHeldMoreArrivalsThanTheRateSaysHowManySoItsAnswersAreNotReadAsTooMany() {
        AssessProgress progress = new AssessProgress(console, false);
        progress.capacityStep(6, new CapacityStep(10.9, 196.0, 199.0, null, 0, 71, 6.1, null, null, null, null, 12.2,
                11.83), Capacity.Outcome.PASSED, 200);
        progress.capacityStep(7, new CapacityStep(400, 56.0, 58.0, null, 0, 600, 1.55, null, null, null, null, 399.0,
                400.67), Capacity.Outcome.PASSED, 200);
        String[] lines = printed().split("\n");
        assertEquals("    capacity step 6: 10.9 req/s offered (11.8 arrived in its window), 12.2 answered: p99 196 ms"
                + " from the intended send (target 200), 0 errors: passed", lines[0]);
        assertEquals("    capacity step 7: 400 req/s offered, 399 answered: p99 56.0 ms from the intended send"
                + " (target 200), 0 errors: passed", lines[1], "within 2 % of the rate: nothing to explain");
    }
}
