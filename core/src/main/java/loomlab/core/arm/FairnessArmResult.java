package loomlab.core.arm;

/**
 * Seed 001's noisy-neighbour figures for one mode: how long light tasks waited to start, over all
 * rounds, and how long the heavy tasks took to all finish (mean of rounds).
 *
 * @param key              its mode is the thread factories, or the mitigation the arm applies
 *                         (e.g. {@code virtual-offload}); its variant the heavy task's size
 * @param heavyIterations  BigInteger additions per heavy task
 * @param heavyTaskMs      the median time one heavy task's own work took, null when not measured
 * @param peakHeavyRunning the most heavy tasks running at the same moment, null when not measured
 * @param platformStartUs  the median cost of starting a platform thread in the same JVM, or null
 */
public record FairnessArmResult(ArmKey key, int rounds, int heavyTasks, int lightTasks,
                                int lightDelaysRecorded, DelayMs lightDelayMs, double heavyDoneMs,
                                int carrierParallelism, Integer heavyIterations, Double heavyTaskMs,
                                Integer peakHeavyRunning, Double platformStartUs, Published published)
        implements PlainArmResult {
}
