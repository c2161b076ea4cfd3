package loomlab.core.arm;

import java.util.Objects;

/**
 * An arm of the JDBC experiment: an HTTP arm against a server that reads PostgreSQL (Quarkus, or
 * loomcat's {@code /db}), plus the server's pools. The database is the run's, not the plan's: a
 * throwaway server or the one the user named. An endpoint with no wait of its own gets its
 * unloaded latency measured on the server after the warm-up, for its bound.
 *
 * @param http        what to request and how hard
 * @param workerPool  the server's thread limit: Quarkus's worker pool ({@code quarkus.thread-pool.max-threads}),
 *                    loomcat's {@code platform:N}; part of the arm's key, since a virtual arm runs beside it
 * @param jdbcMinPool JDBC connections kept open
 * @param jdbcMaxPool JDBC connections at most
 * @param seed        the seed's siege columns for this arm, or null
 */
public record JdbcArmPlan(HttpArmPlan http, int workerPool, int jdbcMinPool, int jdbcMaxPool, SeedColumns seed)
        implements ArmPlan {

    public JdbcArmPlan {
        Objects.requireNonNull(http);
        if (workerPool <= 0 || jdbcMaxPool <= 0 || jdbcMinPool < 0 || jdbcMinPool > jdbcMaxPool) {
            throw new IllegalArgumentException("pools must be positive with min <= max, got worker " + workerPool
                    + ", JDBC " + jdbcMinPool + ".." + jdbcMaxPool);
        }
    }

    @Override
    public ArmKey key() {
        return http.key().withPool(workerPool);
    }

    public ServerId server() {
        return http.server();
    }

    @Override
    public JdbcArmPlan onJdk(int feature) {
        return withJdk(feature);
    }

    public JdbcArmPlan withJdk(Integer jdk) {
        return new JdbcArmPlan(http.withJdk(jdk), workerPool, jdbcMinPool, jdbcMaxPool, seed);
    }

    @Override
    public boolean repeatable() {
        return true;
    }
}
