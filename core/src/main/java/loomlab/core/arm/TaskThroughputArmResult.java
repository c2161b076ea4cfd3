package loomlab.core.arm;

/**
 * Seed 003's task-throughput figures: time from the first submit until the closed executor had
 * waited for every task, and what the kernel charged the process (null where it cannot tell).
 */
public record TaskThroughputArmResult(String name, String mode, int tasks, long completed, long sleepMs,
                                      double inProcessS, double submitS, Double cpuUserS, Double cpuSysS,
                                      Double peakRssMb, int warmupRounds, Published published) implements ArmResult {

    /** The least the run can take: every task sleeps once, all at the same time. */
    public double floorS() {
        return sleepMs / 1000.0;
    }
}
