package loomlab.http;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;

/**
 * The one shape every server under test answers {@code GET /stats} with, whatever its framework,
 * so the lab reads them all the same way: requests answered, requests in progress now and at most,
 * the JVM's live and peak platform threads, and the wait for a JDBC connection (null for a server
 * without a pool: {@code {acquisitions, averageMs, maxMs, totalMs}} over the server's life).
 */
public final class StatsShape {
    /** Every key, in this order. */
    public static final List<String> KEYS = List.of("requestsServed", "inFlight", "peakInFlight", "liveThreads",
            "peakThreads", "connectionWait");
    /** The keys of a connection wait. */
    public static final List<String> CONNECTION_WAIT_KEYS = List.of("acquisitions", "averageMs", "maxMs", "totalMs");

    private StatsShape() {
    }

    /**
     * The shape as a record, for a server whose framework writes records as JSON (Spring, Quarkus):
     * its components are {@link #KEYS}, in that order. Threads are the JVM's platform threads.
     *
     * @param connectionWait a pool's wait for a connection, shaped as {@link #CONNECTION_WAIT_KEYS}; null without one
     */
    public record Figures(long requestsServed, int inFlight, int peakInFlight, int liveThreads, int peakThreads,
                          Object connectionWait) {

        /** The request counts given, the JVM's threads now, and no connection pool. */
        public static Figures now(long requestsServed, int inFlight, int peakInFlight) {
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            return new Figures(requestsServed, inFlight, peakInFlight, threads.getThreadCount(),
                    threads.getPeakThreadCount(), null);
        }
    }
}
