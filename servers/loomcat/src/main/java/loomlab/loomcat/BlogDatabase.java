package loomlab.loomcat;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import loomlab.blogposts.BlogpostJson;
import loomlab.blogposts.BlogpostTable;
import loomlab.blogposts.SampleBlogposts;

/**
 * Seed 004's database as loomcat reads it: a HikariCP pool over the PostgreSQL JDBC driver, the
 * table recreated with the sample posts at start (as the Quarkus server does), and every row read
 * through blocking JDBC on the request's own thread.
 */
final class BlogDatabase implements AutoCloseable {
    /**
     * How long a request waits for a connection before it fails: Agroal's default in Quarkus, so
     * both servers give up alike, and a lost database turns into errors within seconds.
     */
    private static final long CONNECTION_TIMEOUT_MS = 5_000;

    private final HikariDataSource pool;
    private final ConnectionWaitTracker waits;

    private BlogDatabase(HikariDataSource pool, ConnectionWaitTracker waits) {
        this.pool = pool;
        this.waits = waits;
    }

    static BlogDatabase open(DatabaseSettings settings) throws SQLException {
        ConnectionWaitTracker waits = new ConnectionWaitTracker();
        HikariConfig config = new HikariConfig();
        config.setPoolName("loomcat-db");
        config.setJdbcUrl(settings.jdbcUrl());
        config.setUsername(settings.user());
        config.setPassword(settings.password());
        config.setMinimumIdle(settings.minPool());
        config.setMaximumPoolSize(settings.maxPool());
        config.setConnectionTimeout(CONNECTION_TIMEOUT_MS);
        config.setMetricsTrackerFactory((poolName, poolStats) -> waits);
        HikariDataSource pool;
        try {
            pool = new HikariDataSource(config);
        } catch (HikariPool.PoolInitializationException e) {
            throw new SQLException(e.getMessage(), e);
        }
        try (Connection connection = pool.getConnection()) {
            BlogpostTable.replaceWith(connection, SampleBlogposts.generate());
        } catch (SQLException | RuntimeException e) {
            pool.close();
            throw e;
        }
        return new BlogDatabase(pool, waits);
    }

    /** Every post as the JSON array Quarkus serves. */
    byte[] allPostsJson() throws SQLException {
        try (Connection connection = pool.getConnection();
             PreparedStatement query = connection.prepareStatement(BlogpostTable.SELECT_ALL);
             ResultSet rows = query.executeQuery()) {
            return BlogpostJson.encode(rows);
        }
    }

    String connectionWaitJson() {
        return waits.toJson();
    }

    @Override
    public void close() {
        pool.close();
    }
}
