package loomlab.core.arm;

/**
 * Seed 001's noisy-neighbour figures for one mode: how long light tasks waited to start, over all
 * rounds, and how long the heavy tasks took to all finish (mean of rounds).
 *
 * @param mode the thread factories, or the mitigation the arm applies (e.g. {@code virtual-offload})
 */
public record FairnessArmResult(String name, String mode, int rounds, int heavyTasks, int lightTasks,
                                int lightDelaysRecorded, DelayMs lightDelayMs, double heavyDoneMs,
                                int carrierParallelism, Published published) implements ArmResult {
}
