package loomlab.core.arm;

/**
 * A task-throughput arm that ran several times ({@code --repeat K}): every run's whole-process time and
 * peak RSS, the figures its comparisons read. The arm's own figures are its median run's.
 *
 * @param wallS     every run's time from the child's start to its exit
 * @param peakRssMb every run's peak RSS; null when a run could not read it
 */
public record TaskRepeats(int runs, Spread wallS, Spread peakRssMb) {
}
