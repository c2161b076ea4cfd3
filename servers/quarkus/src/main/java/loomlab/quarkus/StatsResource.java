package loomlab.quarkus;

import io.smallrye.common.annotation.NonBlocking;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

@Path(StatsResource.PATH)
public class StatsResource {
    static final String PATH = "/stats";

    private final RequestTracker tracker;

    StatsResource(RequestTracker tracker) {
        this.tracker = tracker;
    }

    /** On the event loop, so a saturated worker pool cannot keep the lab from reading the figures. */
    @GET
    @NonBlocking
    @Produces(MediaType.APPLICATION_JSON)
    public ServerStats stats() {
        return tracker.snapshot();
    }
}
