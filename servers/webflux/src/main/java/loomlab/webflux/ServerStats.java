package loomlab.webflux;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * What {@code GET /stats} reports, in the lab's one shape ({@code loomlab.http.StatsShape}, which the
 * lab checks key by key), as the Spring MVC and Quarkus servers do. Thread counts are the JVM's
 * platform threads: here Netty's event loop, Reactor's timer threads and the JVM's own.
 */
record ServerStats(long requestsServed, int inFlight, int peakInFlight, int liveThreads, int peakThreads,
                   Object connectionWait) {

    /** This server has no JDBC pool, so no wait for a connection. */
    static ServerStats now(long requestsServed, int inFlight, int peakInFlight) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        return new ServerStats(requestsServed, inFlight, peakInFlight, threads.getThreadCount(),
                threads.getPeakThreadCount(), null);
    }
}
