package loomlab.quarkus;

import io.agroal.api.AgroalDataSource;
import io.smallrye.common.annotation.NonBlocking;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

@Path(StatsResource.PATH)
public class StatsResource {
    static final String PATH = "/stats";

    private final RequestTracker tracker;
    private final AgroalDataSource dataSource;

    StatsResource(RequestTracker tracker, AgroalDataSource dataSource) {
        this.tracker = tracker;
        this.dataSource = dataSource;
    }

    /** On the event loop, so a saturated worker pool cannot keep the lab from reading the figures. */
    @GET
    @NonBlocking
    @Produces(MediaType.APPLICATION_JSON)
    public ServerStats stats() {
        return tracker.snapshot(ConnectionWait.of(dataSource.getMetrics()));
    }
}
