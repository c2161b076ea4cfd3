package loomlab.quarkus;

import io.agroal.api.AgroalDataSource;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Recreates {@code blogposts} with the sample posts when the server starts, so every run reads the
 * same rows whatever an earlier run left behind.
 */
@ApplicationScoped
class BlogpostTable {
    private static final String CREATE = """
            CREATE TABLE blogposts (
                id SERIAL PRIMARY KEY,
                author VARCHAR(256) NOT NULL,
                content TEXT NOT NULL,
                tags VARCHAR(256))""";
    private static final String INSERT = "INSERT INTO blogposts (author, content, tags) VALUES (?, ?, ?)";
    private static final int BATCH = 200;

    private final AgroalDataSource dataSource;
    private final boolean load;

    BlogpostTable(AgroalDataSource dataSource, @ConfigProperty(name = "loomlab.blogposts.load") boolean load) {
        this.dataSource = dataSource;
        this.load = load;
    }

    void loadOnStart(@Observes StartupEvent started) throws SQLException {
        if (load) {
            replaceWith(SampleBlogposts.generate());
        }
    }

    void replaceWith(List<NewBlogpost> posts) throws SQLException {
        try (Connection connection = dataSource.getConnection()) {
            connection.setAutoCommit(false);
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
        }
    }
}
