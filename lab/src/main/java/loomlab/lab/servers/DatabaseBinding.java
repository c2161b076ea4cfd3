package loomlab.lab.servers;

import java.util.Objects;
import loomlab.lab.database.Database;

/**
 * A server's database and its pools: what a server that reads PostgreSQL is started with
 * (Quarkus always, loomcat for {@code /db}).
 *
 * @param database    the database it connects to
 * @param jdbcMinPool the JDBC pool's fewest connections
 * @param jdbcMaxPool the JDBC pool's most connections
 * @param workerPool  the framework's worker pool for blocking endpoints (Quarkus), or null for its default
 */
public record DatabaseBinding(Database database, int jdbcMinPool, int jdbcMaxPool, Integer workerPool) {
    public DatabaseBinding {
        Objects.requireNonNull(database);
        if (jdbcMinPool < 0 || jdbcMaxPool < Math.max(1, jdbcMinPool) || (workerPool != null && workerPool < 1)) {
            throw new IllegalArgumentException("bad pools: JDBC " + jdbcMinPool + " to " + jdbcMaxPool + ", workers "
                    + workerPool);
        }
    }
}
