package loomlab.core.arm;

/**
 * One second of an arm as it ran: the load the generator saw and what the server's process used.
 * Server values are null where the operating system could not be read.
 */
public record TimelinePoint(double tS, double requestsPerSecond, double p99Ms, long errors, Double serverCpuPercent,
                            Double serverRssMb, Long serverThreads) {
}
