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
 * @param repeats    every run's figures when the arm ran several times, else null
 */
public record TaskThroughputArmResult(ArmKey key, int tasks, long completed, long sleepMs,
                                      double floorS, double wallS, double inProcessS, double submitS,
                                      Double cpuUserS, Double cpuSysS, Double peakRssMb, int warmupRounds,
                                      Published published, TaskRepeats repeats) implements PlainArmResult {
    /** One run: no repeats. */
    public TaskThroughputArmResult(ArmKey key, int tasks, long completed, long sleepMs, double floorS, double wallS,
                                   double inProcessS, double submitS, Double cpuUserS, Double cpuSysS,
                                   Double peakRssMb, int warmupRounds, Published published) {
        this(key, tasks, completed, sleepMs, floorS, wallS, inProcessS, submitS, cpuUserS, cpuSysS, peakRssMb,
                warmupRounds, published, null);
    }

    /** This run, standing for all the arm's runs, whose figures {@code repeats} holds. */
    public TaskThroughputArmResult withRepeats(TaskRepeats runs) {
        return new TaskThroughputArmResult(key, tasks, completed, sleepMs, floorS, wallS, inProcessS, submitS, cpuUserS,
                cpuSysS, peakRssMb, warmupRounds, published, runs);
    }

    /** The measured range of the whole-process time, or null for one run. */
    public Spread wallSpread() {
        return repeats == null ? null : repeats.wallS();
    }

    /** The measured range of the peak RSS, or null for one run (or a run that could not read it). */
    public Spread peakRssSpread() {
        return repeats == null ? null : repeats.peakRssMb();
    }
}
