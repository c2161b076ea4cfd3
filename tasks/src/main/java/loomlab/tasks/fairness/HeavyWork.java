package loomlab.tasks.fairness;

import java.math.BigInteger;

/**
 * The seed's CPU-bound work: add one to a BigInteger, many times. The result goes to a volatile
 * field the program reports, so the JIT cannot drop the loop.
 */
public final class HeavyWork {
    private static volatile long observed;

    private HeavyWork() {
    }

    /** Adds one {@code iterations} times; with {@code yieldEvery > 0} yields after every that many additions. */
    public static long addOnes(int iterations, int yieldEvery) {
        BigInteger sum = BigInteger.ZERO;
        for (int i = 1; i <= iterations; i++) {
            sum = sum.add(BigInteger.ONE);
            if (yieldEvery > 0 && i % yieldEvery == 0) {
                Thread.yield();
            }
        }
        long result = sum.longValue();
        observed = result;
        return result;
    }

    /** The last result any heavy task produced. */
    public static long observed() {
        return observed;
    }
}
