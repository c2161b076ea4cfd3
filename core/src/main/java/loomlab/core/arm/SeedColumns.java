package loomlab.core.arm;

/**
 * The columns of a siege summary, as seed 004 published them for one arm.
 *
 * @param elapsedS        siege's "Elapsed time"
 * @param avgResponseS    its "Response time" (the mean)
 * @param transactionRate its "Transaction rate", requests per second
 * @param mbPerS          its "Throughput", MB of responses per second
 */
public record SeedColumns(double elapsedS, double avgResponseS, double transactionRate, double mbPerS) {
}
