package loomlab.blogposts;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * Seed 004's table: recreated with the sample posts when a server starts, so every run reads the
 * same rows whatever an earlier run left behind, and read whole by every request.
 */
public final class BlogpostTable {
    public static final String SELECT_ALL = "SELECT id, author, content, tags FROM blogposts ORDER BY id";
    private static final String CREATE = """
            CREATE TABLE blogposts (
                id SERIAL PRIMARY KEY,
                author VARCHAR(256) NOT NULL,
                content TEXT NOT NULL,
                tags VARCHAR(256))""";
    private static final String INSERT = "INSERT INTO blogposts (author, content, tags) VALUES (?, ?, ?)";
    private static final int BATCH = 200;

    private BlogpostTable() {
    }

    /** Drops and recreates the table with {@code posts}, in one transaction. */
    public static void replaceWith(Connection connection, List<NewBlogpost> posts) throws SQLException {
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        try {
            try (Statement schema = connection.createStatement()) {
                schema.execute("DROP TABLE IF EXISTS blogposts");
                schema.execute(CREATE);
            }
            try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
                for (int i = 0; i < posts.size(); i++) {
                    NewBlogpost post = posts.get(i);
                    insert.setString(1, post.author());
                    insert.setString(2, post.content());
                    insert.setString(3, post.tags());
                    insert.addBatch();
                    if ((i + 1) % BATCH == 0 || i == posts.size() - 1) {
                        insert.executeBatch();
                    }
                }
            }
            connection.commit();
        } catch (SQLException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(autoCommit);
        }
    }
}
