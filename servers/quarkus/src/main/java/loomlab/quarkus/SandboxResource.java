package loomlab.quarkus;

import io.smallrye.common.annotation.Blocking;
import io.smallrye.common.annotation.NonBlocking;
import io.smallrye.common.annotation.RunOnVirtualThread;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;

/**
 * The seed's sandbox: the same query on the worker pool, on a virtual thread, and reactively. The
 * {@code -slow} variants add a two-second wait after the query, the seed's long-running task;
 * {@code sleepMs} sets any other wait.
 */
@Path("/sandbox")
@Produces(MediaType.APPLICATION_JSON)
public class SandboxResource {
    static final String SLOW_MILLIS = "2000";

    private final BlogpostRepository repository;

    SandboxResource(BlogpostRepository repository) {
        this.repository = repository;
    }

    @GET
    @Path("/blocking/jdbc")
    @Blocking
    public List<Blogpost> workerPoolJdbc(@QueryParam("sleepMs") @DefaultValue("0") long sleepMs)
            throws SQLException, InterruptedException {
        return readThenWait(sleepMs);
    }

    @GET
    @Path("/blocking/jdbc-slow")
    @Blocking
    public List<Blogpost> workerPoolJdbcSlow(@QueryParam("sleepMs") @DefaultValue(SLOW_MILLIS) long sleepMs)
            throws SQLException, InterruptedException {
        return readThenWait(sleepMs);
    }

    @GET
    @Path("/loom/jdbc")
    @RunOnVirtualThread
    public List<Blogpost> virtualThreadJdbc(@QueryParam("sleepMs") @DefaultValue("0") long sleepMs)
            throws SQLException, InterruptedException {
        return readThenWait(sleepMs);
    }

    @GET
    @Path("/loom/jdbc-slow")
    @RunOnVirtualThread
    public List<Blogpost> virtualThreadJdbcSlow(@QueryParam("sleepMs") @DefaultValue(SLOW_MILLIS) long sleepMs)
            throws SQLException, InterruptedException {
        return readThenWait(sleepMs);
    }

    @GET
    @Path("/reactive")
    @NonBlocking
    public Uni<List<Blogpost>> reactive(@QueryParam("sleepMs") @DefaultValue("0") long sleepMs) {
        return delayed(repository.findAllReactive(), sleepMs);
    }

    @GET
    @Path("/reactive-slow")
    @NonBlocking
    public Uni<List<Blogpost>> reactiveSlow(@QueryParam("sleepMs") @DefaultValue(SLOW_MILLIS) long sleepMs) {
        return delayed(repository.findAllReactive(), sleepMs);
    }

    private List<Blogpost> readThenWait(long sleepMs) throws SQLException, InterruptedException {
        List<Blogpost> posts = repository.findAllJdbc();
        Thread.sleep(Duration.ofMillis(Math.max(0, sleepMs)));
        return posts;
    }

    /** The reactive counterpart of the wait: a timer, so no thread is held while it runs. */
    private static Uni<List<Blogpost>> delayed(Uni<List<Blogpost>> posts, long sleepMs) {
        return sleepMs <= 0 ? posts : posts.onItem().delayIt().by(Duration.ofMillis(sleepMs));
    }
}
