package loomlab.quarkus;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * What {@code GET /stats} reports, in the same shape as the Spring server's, plus the JDBC pool's
 * wait for a connection. Thread counts are the JVM's platform threads; virtual threads are not
 * counted by the thread bean.
 */
public record ServerStats(int liveThreads, int peakThreads, long requestsServed, int inFlight, int peakInFlight,
                          ConnectionWait connectionWait) {

    static ServerStats now(long requestsServed, int inFlight, int peakInFlight, ConnectionWait connectionWait) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        return new ServerStats(threads.getThreadCount(), threads.getPeakThreadCount(), requestsServed, inFlight,
                peakInFlight, connectionWait);
    }
}
