package loomlab.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** The mix is a function of the request index: exact sequences, exact shares. */
class RequestMixTest {
    private static List<Integer> first(RequestMix mix, int count) {
        return LongStream.range(0, count).mapToObj(i -> mix.targetAt(i)).toList();
    }

    @Test
    void oneTargetIsEveryRequest() {
        RequestMix mix = RequestMix.single("/hello");
        assertEquals(List.of(0, 0, 0), first(mix, 3));
        assertEquals(1, mix.cycle());
    }

    @Test
    void smoothWeightedRoundRobinSpreadsTheHeavyTargetOut() {
        // nginx's example: weights 5, 1, 1 give a a b a c a a, never five a in a row.
        assertEquals(List.of(0, 0, 1, 0, 2, 0, 0, 0, 0, 1, 0, 2, 0, 0),
                first(RequestMix.of(List.of("/a", "/b", "/c"), List.of(5, 1, 1)), 14));
        assertEquals(List.of(0, 0, 1, 0), first(RequestMix.of(List.of("/a", "/b"), List.of(3, 1)), 4));
        assertEquals(List.of(0, 1, 0, 1), first(RequestMix.of(List.of("/a", "/b"), List.of(1, 1)), 4));
    }

    @Test
    void weightsAreReducedByTheirCommonDivisor() {
        RequestMix mix = RequestMix.of(List.of("/a", "/b"), List.of(2, 4));
        assertEquals(3, mix.cycle());
        assertEquals(List.of(1, 0, 1), first(mix, 3));
        assertEquals(List.of(2, 4), mix.weights(), "the weights as given are kept for the record");
    }

    @Test
    void everyCycleGivesEachTargetExactlyItsWeight() {
        RequestMix mix = RequestMix.of(List.of("/a", "/b", "/c", "/d"), List.of(7, 3, 2, 1));
        int[] counts = new int[4];
        for (long i = 1_000_000; i < 1_000_000 + 13 * 5; i++) {
            counts[mix.targetAt(i)]++;
        }
        assertEquals(List.of(35, 15, 10, 5), List.of(counts[0], counts[1], counts[2], counts[3]));
    }

    @Test
    void indicesBeyondIntegerRangeStillMapIntoTheCycle() {
        RequestMix mix = RequestMix.of(List.of("/a", "/b"), List.of(3, 1));
        assertEquals(mix.targetAt(2), mix.targetAt(4L * Integer.MAX_VALUE + 2));
    }

    @Test
    void badMixesAreOneLineRejections() {
        for (Runnable bad : List.<Runnable>of(() -> RequestMix.of(List.of(), List.of()),
                () -> RequestMix.of(List.of("/a"), List.of(1, 2)), () -> RequestMix.of(List.of("a"), List.of(1)),
                () -> RequestMix.of(List.of("/a b"), List.of(1)), () -> RequestMix.of(List.of("/a"), List.of(0)),
                () -> RequestMix.of(List.of("/a", "/b"), List.of(RequestMix.MAX_CYCLE, 1)))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, bad::run);
            assertFalse(e.getMessage().contains("\n"));
        }
    }

    @Test
    void writesItselfAsTheCommandLineDoes() {
        assertEquals("/a@3 /b", RequestMix.of(List.of("/a", "/b"), List.of(3, 1)).toString());
        assertTrue(RequestMix.single("/x?y=1").labels().contains("/x?y=1"));
    }
}
