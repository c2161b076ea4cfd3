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
 * @param listenOverflows connections the kernel dropped during measurement because a listen backlog
 *                       was full (the host's {@code TcpExt ListenOverflows}): each cost its client a
 *                       retransmission, about a second; null when the counter could not be read
 */
public record ServerUsage(Double cpuS, Double peakRssMb, Long peakThreads, Long requestsServed,
                          ConnectionWait connectionWait, Long listenOverflows) {
    public static final ServerUsage UNKNOWN = new ServerUsage(null, null, null, null, null, null);

    /** A server without a JDBC pool. */
    public ServerUsage(Double cpuS, Double peakRssMb, Long peakThreads, Long requestsServed) {
        this(cpuS, peakRssMb, peakThreads, requestsServed, null, null);
    }

    /** A server whose listen backlog was not watched. */
    public ServerUsage(Double cpuS, Double peakRssMb, Long peakThreads, Long requestsServed,
                       ConnectionWait connectionWait) {
        this(cpuS, peakRssMb, peakThreads, requestsServed, connectionWait, null);
    }

    /** True when the kernel dropped connections at a full listen backlog during measurement. */
    public boolean backlogOverflowed() {
        return listenOverflows != null && listenOverflows > 0;
    }
}
