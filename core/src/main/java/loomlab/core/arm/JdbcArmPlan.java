package loomlab.core.arm;

import java.util.Objects;

/**
 * An arm of the JDBC experiment: an HTTP arm against a server that reads PostgreSQL (Quarkus, or
 * loomcat's {@code /db}), plus the server's pools. The database is the run's, not the plan's: a
 * throwaway server or the one the user named. Sweeps change HTTP arms only, so the HTTP arm inside
 * is never part of one.
 *
 * @param http        what to request and how hard; its service time is the wait the endpoint adds
 *                    (the seed's own floor), or {@link #NOMINAL_SERVICE_SECONDS} when it adds none,
 *                    which the runner replaces with the unloaded latency it measures on the server
 * @param workerPool  the server's thread limit: Quarkus's worker pool ({@code quarkus.thread-pool.max-threads}),
 *                    loomcat's {@code platform:N}
 * @param jdbcMinPool JDBC connections kept open
 * @param jdbcMaxPool JDBC connections at most
 * @param seed        the seed's siege columns for this arm, or null
 */
public record JdbcArmPlan(HttpArmPlan http, int workerPool, int jdbcMinPool, int jdbcMaxPool, SeedColumns seed)
        implements ArmPlan {
    /** Stands in for the service time of an endpoint that adds no wait, until it is measured. */
    public static final double NOMINAL_SERVICE_SECONDS = 0.01;

    public JdbcArmPlan {
        Objects.requireNonNull(http);
        if (workerPool <= 0 || jdbcMaxPool <= 0 || jdbcMinPool < 0 || jdbcMinPool > jdbcMaxPool) {
            throw new IllegalArgumentException("pools must be positive with min <= max, got worker " + workerPool
                    + ", JDBC " + jdbcMinPool + ".." + jdbcMaxPool);
        }
    }

    /** An arm with no seed figures beside it. */
    public JdbcArmPlan(HttpArmPlan http, int workerPool, int jdbcMinPool, int jdbcMaxPool) {
        this(http, workerPool, jdbcMinPool, jdbcMaxPool, null);
    }

    @Override
    public String name() {
        return http.name();
    }

    @Override
    public String mode() {
        return http.mode();
    }

    public String server() {
        return http.server();
    }

    /** True when the endpoint adds no wait, so the service time must be measured on the server. */
    public boolean needsMeasuredServiceTime() {
        return http.serviceSeconds() == NOMINAL_SERVICE_SECONDS;
    }

    /** The HTTP arm with the service time measured on the running server. */
    public HttpArmPlan httpWithServiceSeconds(double serviceSeconds) {
        return http.withServiceSeconds(serviceSeconds);
    }
}
