package loomlab.quarkus;

import io.agroal.api.AgroalDataSource;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads every post two ways: blocking JDBC through Agroal, which holds the calling thread for the
 * whole query, and the Vert.x client, which holds no thread while the database works.
 */
@ApplicationScoped
class BlogpostRepository {
    private static final String SELECT_ALL = loomlab.blogposts.BlogpostTable.SELECT_ALL;

    private final AgroalDataSource dataSource;
    private final Pool reactiveClient;

    BlogpostRepository(AgroalDataSource dataSource, Pool reactiveClient) {
        this.dataSource = dataSource;
        this.reactiveClient = reactiveClient;
    }

    List<Blogpost> findAllJdbc() throws SQLException {
        List<Blogpost> posts = new ArrayList<>();
        try (Connection connection = dataSource.getConnection();
             PreparedStatement query = connection.prepareStatement(SELECT_ALL);
             ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                posts.add(new Blogpost(rows.getLong("id"), rows.getString("author"), rows.getString("content"),
                        rows.getString("tags")));
            }
        }
        return posts;
    }

    Uni<List<Blogpost>> findAllReactive() {
        return reactiveClient.query(SELECT_ALL).execute().map(rows -> {
            List<Blogpost> posts = new ArrayList<>(rows.size());
            for (Row row : rows) {
                posts.add(new Blogpost(row.getLong("id"), row.getString("author"), row.getString("content"),
                        row.getString("tags")));
            }
            return posts;
        });
    }
}
