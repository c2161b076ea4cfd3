package loomlab.http;

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
}
