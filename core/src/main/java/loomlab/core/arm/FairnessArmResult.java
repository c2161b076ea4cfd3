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
 * @param repeats          every run's light-task waits when the arm ran several times, else null
 */
public record FairnessArmResult(ArmKey key, int rounds, int heavyTasks, int lightTasks,
                                int lightDelaysRecorded, DelayMs lightDelayMs, double heavyDoneMs,
                                int carrierParallelism, Integer heavyIterations, Double heavyTaskMs,
                                Integer peakHeavyRunning, Double platformStartUs, Published published,
                                FairnessRepeats repeats)
        implements PlainArmResult {
    /** One run: no repeats. */
    public FairnessArmResult(ArmKey key, int rounds, int heavyTasks, int lightTasks, int lightDelaysRecorded,
                             DelayMs lightDelayMs, double heavyDoneMs, int carrierParallelism, Integer heavyIterations,
                             Double heavyTaskMs, Integer peakHeavyRunning, Double platformStartUs, Published published) {
        this(key, rounds, heavyTasks, lightTasks, lightDelaysRecorded, lightDelayMs, heavyDoneMs, carrierParallelism,
                heavyIterations, heavyTaskMs, peakHeavyRunning, platformStartUs, published, null);
    }

    /** This run, standing for all the arm's runs, whose figures {@code repeats} holds. */
    public FairnessArmResult withRepeats(FairnessRepeats runs) {
        return new FairnessArmResult(key, rounds, heavyTasks, lightTasks, lightDelaysRecorded, lightDelayMs, heavyDoneMs,
                carrierParallelism, heavyIterations, heavyTaskMs, peakHeavyRunning, platformStartUs, published, runs);
    }

    /** The measured range of the light tasks' summed wait, or null for one run. */
    public Spread lightDelaySumSpread() {
        return repeats == null ? null : repeats.lightDelaySumMs();
    }
}
