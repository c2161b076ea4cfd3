package loomlab.core.arm;

/**
 * One benchmark of seed 003's JMH table: an operation runs {@code tasks} tasks sleeping
 * {@code sleepMs} each on a fresh executor; scores with JMH's 99.9 % error (null when JMH could
 * not compute one, e.g. from a single iteration).
 *
 * @param forks how many JVMs JMH ran the benchmark in, or null when its results did not say: an error
 *              computed from one JVM's iterations measures that JVM, not the spread between JVMs
 */
public record JmhArmResult(ArmKey key, int tasks, long sleepMs, double throughputOpsPerS,
                           Double throughputError, double averageSecondsPerOp, Double averageError,
                           Published published, Integer forks) implements PlainArmResult {
    /** The fewest forks whose error may decide a lead: fewer measure one JVM's noise, not the JVMs' spread. */
    public static final int LEAD_FORKS = 3;

    /** Scores whose results did not say how many forks ran. */
    public JmhArmResult(ArmKey key, int tasks, long sleepMs, double throughputOpsPerS, Double throughputError,
                        double averageSecondsPerOp, Double averageError, Published published) {
        this(key, tasks, sleepMs, throughputOpsPerS, throughputError, averageSecondsPerOp, averageError, published,
                null);
    }

    /** Whether its throughput error may decide a lead: JMH computed one over {@link #LEAD_FORKS} forks or more. */
    public boolean errorAcrossForks() {
        return throughputError != null && forks != null && forks >= LEAD_FORKS;
    }
}
