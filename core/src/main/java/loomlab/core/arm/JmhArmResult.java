package loomlab.core.arm;

/**
 * One benchmark of seed 003's JMH table: an operation runs {@code tasks} tasks sleeping
 * {@code sleepMs} each on a fresh executor; scores with JMH's 99.9 % error (null when JMH could
 * not compute one, e.g. from a single iteration).
 */
public record JmhArmResult(ArmKey key, int tasks, long sleepMs, double throughputOpsPerS,
                           Double throughputError, double averageSecondsPerOp, Double averageError,
                           Published published) implements PlainArmResult {
}
