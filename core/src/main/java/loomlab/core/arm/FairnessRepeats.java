package loomlab.core.arm;

/**
 * A fairness arm that ran several times ({@code --repeat K}): every run's light-task waits, summed and
 * at the p99, the figures its comparisons read. The arm's own figures are its median run's by the sum.
 */
public record FairnessRepeats(int runs, Spread lightDelaySumMs, Spread lightDelayP99Ms) {
}
