package loomlab.spring;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * What {@code GET /stats} reports, named as the lab's own servers name it (http-kit). Thread counts are the JVM's platform threads (carriers included);
 * virtual threads are not counted by the JVM's thread bean, which is the point of the comparison.
 */
record ServerStats(int liveThreads, int peakThreads, long requestsServed, int inFlight, int peakInFlight) {

    static ServerStats now(long requestsServed, int inFlight, int peakInFlight) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        return new ServerStats(threads.getThreadCount(), threads.getPeakThreadCount(), requestsServed, inFlight,
                peakInFlight);
    }
}
