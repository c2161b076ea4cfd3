package loomlab.quarkus;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * What {@code GET /stats} reports, in the same shape as the Spring server's, plus the JDBC pool's
 * wait for a connection. Thread counts are the JVM's platform threads; virtual threads are not
 * counted by the thread bean.
 */
public record ServerStats(long requestsServed, int inFlight, int peakInFlight, int liveThreads, int peakThreads,
                          ConnectionWait connectionWait) {

    /** The lab's one /stats shape (loomlab.http.StatsShape). */
    static ServerStats now(long requestsServed, int inFlight, int peakInFlight, ConnectionWait connectionWait) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        return new ServerStats(requestsServed, inFlight, peakInFlight, threads.getThreadCount(),
                threads.getPeakThreadCount(), connectionWait);
    }
}
