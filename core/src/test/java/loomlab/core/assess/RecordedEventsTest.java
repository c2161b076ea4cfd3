package loomlab.core.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 41, item 5: the recording's events read inside a step's window, not added up over a run. */
class RecordedEventsTest {
    private static final Instant T0 = Instant.parse("2026-11-27T10:00:00Z");

    private static Instant at(double seconds) {
        return T0.plusNanos(Math.round(seconds * 1e9));
    }

    private static RecordedEvents.Timed gc(double seconds, double ms) {
        return new RecordedEvents.Timed(at(seconds), ms);
    }

    /** A step whose CPU window ran from {@code from} to {@code to} seconds and served {@code answered}. */
    private static CapacityStep step(double rate, double from, double to, long answered) {
        return new CapacityStep(rate, 50.0, 60.0, null, 0, answered, to - from, null, null,
                new CapacityStep.StepUsage(1.0, 0.1, 280.0, new CapacityStep.Served(answered, 0, 0, 0),
                        new CapacityStep.Window(at(from), at(to)), null), List.of());
    }

    /**
     * Two arms whose searches ran 50x apart: the long one collected 200 times over its run, the short one
     * 4 times, with the same 2 ms pause per 1,000 requests at the common rate. The totals (400 against 8
     * ms) compare run lengths; the window's figures compare the arms.
     */
    @Test
    void item5GcIsReadPerThousandRequestsAndAsAShareOfWallTimeInsideTheCommonRatesWindow() {
        List<RecordedEvents.Timed> longRun = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            longRun.add(gc(i * 0.5, 2.0));
        }
        RecordedEvents busy = new RecordedEvents(longRun, List.of());
        RecordedEvents quiet = new RecordedEvents(List.of(gc(0.2, 2.0), gc(10.1, 2.0), gc(10.6, 2.0), gc(30, 2.0)),
                List.of());
        assertEquals(400, busy.gcPauseMs(), 1e-9, "the whole run's total, kept as a labelled detail");
        assertEquals(8, quiet.gcPauseMs(), 1e-9);
        // The step at the common rate, 200 req/s for 5 s, from 10 s to 15 s into each recording.
        CapacityStep busyStep = RecordedEvents.inWindows(List.of(step(200, 10, 15, 1_000)), busy).getFirst();
        CapacityStep quietStep = RecordedEvents.inWindows(List.of(step(200, 10, 11, 1_000)), quiet).getFirst();
        assertEquals(10, busyStep.usage().recorded().collections(), "10.0 to 14.5 s: ten collections, 15.0 is out");
        assertEquals(20.0, busyStep.gcMsPerThousandRequests(), 1e-9);
        assertEquals(20.0 / 5000, busyStep.gcShareOfWall(), 1e-12);
        assertEquals(2, quietStep.usage().recorded().collections());
        assertEquals(4.0, quietStep.gcMsPerThousandRequests(), 1e-9);
        assertEquals(4.0 / 1000, quietStep.gcShareOfWall(), 1e-12);
    }

    @Test
    void item5ReversedWithoutAWindowOrARecordingNoFigureIsMadeUp() {
        CapacityStep noWindow = new CapacityStep(200, 50.0, 60.0, null, 0, 1_000, 5, null, null,
                new CapacityStep.StepUsage(1.0, 0.1, 280.0), List.of());
        RecordedEvents events = new RecordedEvents(List.of(gc(1, 2.0)), List.of());
        assertSame(noWindow, RecordedEvents.inWindows(List.of(noWindow), events).getFirst());
        assertNull(noWindow.gcMsPerThousandRequests());
        assertNull(noWindow.gcShareOfWall());
        CapacityStep unread = step(200, 10, 15, 1_000);
        assertSame(unread, RecordedEvents.inWindows(List.of(unread), null).getFirst(), "no recording read");
        assertNull(unread.gcMsPerThousandRequests(), "unknown, not 0");
        CapacityStep none = RecordedEvents.inWindows(List.of(unread), RecordedEvents.NONE).getFirst();
        assertEquals(0.0, none.gcMsPerThousandRequests(), "a recording read that held no collection there: 0");
    }

    @Test
    void compilationsAreCountedInsideTheWindowByTheirStart() {
        RecordedEvents events = new RecordedEvents(List.of(), List.of(gc(9.99, 5), gc(10, 3), gc(12, 4),
                gc(14.999, 1), gc(15, 9)));
        CapacityStep.Recorded in = events.in(new CapacityStep.Window(at(10), at(15)));
        assertEquals(3, in.compilations());
        assertEquals(new RecordedEvents(List.of(gc(1, 1)), List.of(gc(2, 2))),
                new RecordedEvents(List.of(gc(1, 1)), List.of()).plus(new RecordedEvents(List.of(), List.of(gc(2, 2)))));
    }
}
