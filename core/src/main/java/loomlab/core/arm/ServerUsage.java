package loomlab.core.arm;

/**
 * What the server's process used during the measured part of an arm, read from the operating
 * system and from the server's own statistics. A value is null when it could not be read.
 *
 * @param cpuS           user + system CPU time of the server process during measurement
 * @param peakRssMb      the process's peak resident set size
 * @param peakThreads    the JVM's peak live platform threads
 * @param requestsServed requests the server answered, warm-up included
 * @param connectionWait the wait for a JDBC connection, for a server that has a pool, else null
 */
public record ServerUsage(Double cpuS, Double peakRssMb, Long peakThreads, Long requestsServed,
                          ConnectionWait connectionWait) {
    public static final ServerUsage UNKNOWN = new ServerUsage(null, null, null, null, null);

    /** A server without a JDBC pool. */
    public ServerUsage(Double cpuS, Double peakRssMb, Long peakThreads, Long requestsServed) {
        this(cpuS, peakRssMb, peakThreads, requestsServed, null);
    }
}
