package loomlab.core.finding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.PathFigures;
import loomlab.threads.Threads;
import org.junit.jupiter.api.Test;

/**
 * Issue 40 section 4: a path at 10 % of a 1.5 s step at 200 req/s has about 30 requests, so its "p99.9"
 * was its slowest request, and one retransmit crossed the 10x threshold as a thread-model finding.
 */
class PathTailTest {
    private static final ArmKey POOL = ArmKey.program("platform:10", Threads.PLATFORM);
    private static final ArmKey VIRTUAL = ArmKey.program(Threads.VIRTUAL);

    private static PathFigures path(long count, double p99, double p999, double max) {
        return new PathFigures("/pay", count, 10.0, p99, p999, max, 0);
    }

    @Test
    void repeatsAndSpread_thirtyRequestsSupportNoPercentileSoTheSlowestIsGivenAndNoTailClaimed() {
        // One retransmit, about 1 s, on one arm's 30 requests: its "p99.9" and its maximum alike.
        PathTail tail = PathTail.judge(200, POOL, path(30, 1_050, 1_050, 1_050), List.of(), VIRTUAL,
                path(28, 40, 40, 40), List.of()).orElseThrow();
        assertEquals(PathTail.Percentile.MAX, tail.percentile());
        assertFalse(tail.claimed());
        assertEquals(30, tail.worseCount());
        assertEquals(28, tail.betterCount());
    }

    /** Issue 48 section 3: a tail claim rests on ten samples beyond its percentile, 10,000 for p99.9, 1,000 for p99. */
    @Test
    void repeatsAndSpread_aP999NeedsTenThousandRequestsOnBothArmsAndAP99AThousand() {
        PathTail p999 = PathTail.judge(200, POOL, path(10_000, 300, 1_050, 2_000), List.of(), VIRTUAL,
                path(12_000, 30, 40, 60), List.of()).orElseThrow();
        assertEquals(PathTail.Percentile.P999, p999.percentile());
        assertTrue(p999.claimed());
        assertEquals(1_050, p999.worseMs());
        // 9,999 on one arm: a p99, compared as such (300 against 30 ms, 10x exactly: not more, no finding).
        Optional<PathTail> p99 = PathTail.judge(200, POOL, path(9_999, 300, 1_050, 2_000), List.of(), VIRTUAL,
                path(12_000, 30, 40, 60), List.of());
        assertTrue(p99.isEmpty(), "the p99s are 10x apart, not more: " + p99);
        PathTail p99Worse = PathTail.judge(200, POOL, path(9_999, 301, 1_050, 2_000), List.of(), VIRTUAL,
                path(12_000, 30, 40, 60), List.of()).orElseThrow();
        assertEquals(PathTail.Percentile.P99, p99Worse.percentile());
        // A thousand requests put one beyond the p99.9: no p99.9 is claimed there, only the p99.
        assertEquals(PathTail.Percentile.P99, PathTail.judge(200, POOL, path(1_000, 301, 1_050, 2_000), List.of(),
                VIRTUAL, path(1_200, 30, 40, 60), List.of()).orElseThrow().percentile());
        assertEquals(PathTail.Percentile.MAX, PathTail.Percentile.supportedBy(999));
        assertEquals(PathTail.Percentile.P99, PathTail.Percentile.supportedBy(1_000));
        assertEquals(PathTail.Percentile.P999, PathTail.Percentile.supportedBy(10_000));
    }

    /** Reversed: tails within 10x of each other make no finding at any count, and the worse arm may be either. */
    @Test
    void tailsWithinTenfoldMakeNoFindingAndTheWorseArmIsEither() {
        assertTrue(PathTail.judge(200, POOL, path(50_000, 30, 90, 100), List.of(), VIRTUAL, path(50_000, 30, 40, 60),
                List.of()).isEmpty());
        PathTail virtualWorse = PathTail.judge(200, POOL, path(50_000, 30, 40, 60), List.of(), VIRTUAL,
                path(50_000, 300, 900, 1_000), List.of()).orElseThrow();
        assertEquals(VIRTUAL, virtualWorse.worse());
        assertEquals(POOL, virtualWorse.better());
    }
}
