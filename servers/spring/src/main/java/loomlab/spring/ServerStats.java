package loomlab.spring;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * What {@code GET /stats} reports, named as the lab's own servers name it (http-kit). Thread counts are the JVM's platform threads (carriers included);
 * virtual threads are not counted by the JVM's thread bean, which is the point of the comparison.
 */
record ServerStats(long requestsServed, int inFlight, int peakInFlight, int liveThreads, int peakThreads,
                   Object connectionWait) {

    /** The lab's one /stats shape (loomlab.http.StatsShape); the wait for its Hikari pool is not measured: null. */
    static ServerStats now(long requestsServed, int inFlight, int peakInFlight) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        return new ServerStats(requestsServed, inFlight, peakInFlight, threads.getThreadCount(),
                threads.getPeakThreadCount(), null);
    }
}
