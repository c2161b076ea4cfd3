package loomlab.core.arm;

/**
 * Seed 003's task-throughput figures: the child process's life from start to exit as a parent sees
 * it (what {@code time} printed for the seed), the time from the first submit until the closed
 * executor had waited for every task, and what the kernel charged the process (null where it cannot
 * tell).
 *
 * @param floorS     the least the run can take: one sleep, or one per wave for a pool of N threads
 * @param wallS      from starting the child process until it had exited, JVM start-up and exit included
 * @param inProcessS from the first submit until the executor's close() returned, inside the process
 */
public record TaskThroughputArmResult(ArmKey key, int tasks, long completed, long sleepMs,
                                      double floorS, double wallS, double inProcessS, double submitS,
                                      Double cpuUserS, Double cpuSysS, Double peakRssMb, int warmupRounds,
                                      Published published) implements PlainArmResult {
}
