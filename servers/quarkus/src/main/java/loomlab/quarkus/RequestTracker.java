package loomlab.quarkus;

import jakarta.inject.Singleton;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * Counts requests answered and the most ever in progress at once, leaving out {@code /stats}
 * itself. The filters run where the endpoint runs (worker, virtual thread or event loop), so a
 * request still queued for a worker is not yet in progress: the figure shows a pool's cap.
 */
@Singleton
public class RequestTracker {
    private static final String TRACKED = "loomlab.tracked";

    private final LongAdder served = new LongAdder();
    private final AtomicInteger inProgress = new AtomicInteger();
    private final AtomicInteger peakInProgress = new AtomicInteger();

    @ServerRequestFilter
    public void requestStarted(ContainerRequestContext request) {
        if (!request.getUriInfo().getPath().equals(StatsResource.PATH)) {
            request.setProperty(TRACKED, Boolean.TRUE);
            peakInProgress.accumulateAndGet(inProgress.incrementAndGet(), Math::max);
        }
    }

    @ServerResponseFilter
    public void requestAnswered(ContainerRequestContext request, ContainerResponseContext response) {
        if (request.getProperty(TRACKED) != null) {
            inProgress.decrementAndGet();
            served.increment();
        }
    }

    ServerStats snapshot(ConnectionWait connectionWait) {
        return ServerStats.now(served.sum(), inProgress.get(), peakInProgress.get(), connectionWait);
    }
}
