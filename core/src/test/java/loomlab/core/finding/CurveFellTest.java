package loomlab.core.finding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import loomlab.core.arm.ArmKey;
import loomlab.core.assess.CurvePoint;
import loomlab.threads.Threads;
import org.junit.jupiter.api.Test;

/** A closed-model curve whose last point served fewer than four fifths of its best, and the curves that did not. */
class CurveFellTest {
    private static final ArmKey VIRTUAL = ArmKey.program(Threads.VIRTUAL);

    @Test
    void thePagesVirtualCurveFellFromSixteenUsersToSixtyFour() {
        // c704e98, /shop/items, virtual threads on JDK 25 (docs/assess.md, "Measured side by side").
        CurveFell fell = CurveFell.of(VIRTUAL, 1, List.of(new CurvePoint(1, 1125, 0.8, 2.0, 0),
                new CurvePoint(16, 3339, 4.6, 15.0, 0), new CurvePoint(64, 2086, 30.0, 120.0, 0))).orElseThrow();
        assertEquals(new CurveFell(VIRTUAL, 1, 16, 3339, 64, 2086), fell);
        assertEquals(1 - 2086.0 / 3339, fell.fall(), 1e-12);
    }

    @Test
    void aCurveThatRoseFlattenedOrDippedByAFifthOrLessDidNotFall() {
        assertTrue(CurveFell.of(VIRTUAL, 1, List.of(new CurvePoint(1, 19, 51.0, 51.0, 0),
                new CurvePoint(16, 310, 51.0, 52.0, 0), new CurvePoint(64, 1240, 51.0, 52.1, 0))).isEmpty(), "rose");
        // A pool of 10 on /blocking-ms/50: 192 to 171 req/s, its queue longer, its throughput nearly the same.
        assertTrue(CurveFell.of(VIRTUAL, 1, List.of(new CurvePoint(1, 20, 51.0, 51.0, 0),
                new CurvePoint(16, 192, 80.0, 102.0, 0), new CurvePoint(64, 171, 305.0, 356.0, 0))).isEmpty(),
                "dipped 11 %");
        assertTrue(CurveFell.of(VIRTUAL, 1, List.of(new CurvePoint(16, 1000, 5.0, 9.0, 0),
                new CurvePoint(64, 800, 5.0, 9.0, 0))).isEmpty(), "four fifths exactly is not a fall");
        assertEquals(799.0, CurveFell.of(VIRTUAL, 1, List.of(new CurvePoint(16, 1000, 5.0, 9.0, 0),
                new CurvePoint(64, 799, 5.0, 9.0, 0))).orElseThrow().lastRps(), "just under four fifths is");
    }

    @Test
    void aLastPointWithErrorsOrACurveOfOnePointSaysNothing() {
        assertTrue(CurveFell.of(VIRTUAL, 1, List.of(new CurvePoint(1, 300, 3.0, 5.0, 0),
                new CurvePoint(16, 3000, 5.0, 9.0, 0), new CurvePoint(64, 1000, 5.0, 9.0, 40))).isEmpty(),
                "errors are no throughput to compare; the clean curve before them rose");
        assertTrue(CurveFell.of(VIRTUAL, 1, List.of(new CurvePoint(16, 3000, 5.0, 9.0, 0))).isEmpty());
        assertTrue(CurveFell.of(VIRTUAL, 1, List.of()).isEmpty());
    }
}
