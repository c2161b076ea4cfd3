package loomlab.quarkus;

import io.agroal.api.AgroalDataSource;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.sql.Connection;
import java.sql.SQLException;
import loomlab.blogposts.SampleBlogposts;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Recreates {@code blogposts} with the sample posts when the server starts, so every run reads the
 * same rows whatever an earlier run left behind.
 */
@ApplicationScoped
class BlogpostTable {
    private final AgroalDataSource dataSource;
    private final boolean load;

    BlogpostTable(AgroalDataSource dataSource, @ConfigProperty(name = "loomlab.blogposts.load") boolean load) {
        this.dataSource = dataSource;
        this.load = load;
    }

    void loadOnStart(@Observes StartupEvent started) throws SQLException {
        if (load) {
            try (Connection connection = dataSource.getConnection()) {
                loomlab.blogposts.BlogpostTable.replaceWith(connection, SampleBlogposts.generate());
            }
        }
    }
}
