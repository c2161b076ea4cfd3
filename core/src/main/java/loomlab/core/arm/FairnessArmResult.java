package loomlab.core.arm;

/**
 * Seed 001's noisy-neighbour figures for one mode: how long light tasks waited to start, over all
 * rounds, and how long the heavy tasks took (mean of rounds).
 */
public record FairnessArmResult(String name, String mode, int rounds, int heavyTasks, int lightTasks,
                                int lightDelaysRecorded, double lightDelaySumMs, double lightDelayP50Ms,
                                double lightDelayP99Ms, double lightDelayMaxMs, double heavyDoneMs,
                                int carrierParallelism, Published published) implements ArmResult {
}
