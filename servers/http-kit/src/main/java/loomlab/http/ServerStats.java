package loomlab.http;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Live counters of one server, served as JSON on /stats. Thread counts come from the JVM's
 * ThreadMXBean, which counts platform threads only: exactly the resource the thread models differ in.
 */
public final class ServerStats {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final String mode;
    private final LongAdder requestsServed = new LongAdder();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger peakInFlight = new AtomicInteger();
    private final AtomicInteger openConnections = new AtomicInteger();
    private final LongAdder acceptedConnections = new LongAdder();

    public ServerStats(String mode) {
        this.mode = mode;
    }

    /** A snapshot of the counters. */
    public record Snapshot(String mode, long requestsServed, int inFlight, int peakInFlight, int liveThreads,
                           int peakThreads, int openConnections, long acceptedConnections) {
        /** In {@link StatsShape}'s shape, without a connection pool. */
        public String toJson() {
            return toJson("null");
        }

        /** In {@link StatsShape}'s shape, with a pool's wait for a connection already as JSON. */
        public String toJson(String connectionWaitJson) {
            return "{\"requestsServed\":" + requestsServed + ",\"inFlight\":" + inFlight
                    + ",\"peakInFlight\":" + peakInFlight + ",\"liveThreads\":" + liveThreads
                    + ",\"peakThreads\":" + peakThreads + ",\"connectionWait\":" + connectionWaitJson + "}";
        }
    }

    public Snapshot snapshot() {
        return new Snapshot(mode, requestsServed.sum(), inFlight.get(), peakInFlight.get(), THREADS.getThreadCount(),
                THREADS.getPeakThreadCount(), openConnections.get(), acceptedConnections.sum());
    }

    /** A handler serving {@link Snapshot#toJson()}, for a /stats route. */
    public Handler handler() {
        return request -> Response.json(snapshot().toJson());
    }

    public long requestsServed() {
        return requestsServed.sum();
    }

    void requestStarted() {
        int now = inFlight.incrementAndGet();
        if (now > peakInFlight.get()) {
            peakInFlight.accumulateAndGet(now, Math::max);
        }
    }

    /**
     * The handler produced a response. Counted before the response is written, so a client that has
     * read its answer always finds it counted.
     */
    void requestAnswered() {
        requestsServed.increment();
    }

    /** The response was written, or the connection broke: the request no longer holds anything. */
    void requestFinished() {
        inFlight.decrementAndGet();
    }

    void connectionOpened() {
        openConnections.incrementAndGet();
        acceptedConnections.increment();
    }

    void connectionClosed() {
        openConnections.decrementAndGet();
    }
}
